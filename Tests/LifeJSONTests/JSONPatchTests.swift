import LifeGrid
import LifeTestSupport
import LifeJSON
import XCTest

final class JSONPatchTests: XCTestCase {
    private func json(_ text: String) throws -> JSON { try JSON(parsing: text) }

    private func patch(_ text: String) throws -> [PatchOperation] {
        try PatchOperation.patch(from: try JSON(parsing: text))
    }

    private func pointer(_ text: String) throws -> JSONPointer { try JSONPointer(parsing: text) }

    /// Applies `patchText` to `documentText` and checks the result against `expectedText`.
    private func check(
        _ documentText: String, _ patchText: String, _ expectedText: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try json(documentText).applying(try patch(patchText))
        XCTAssertEqual(result, try json(expectedText), file: file, line: line)
    }

    /// The error from applying `patchText` to `documentText`.
    private func failure(_ documentText: String, _ patchText: String, file: StaticString = #filePath, line: UInt = #line)
        throws -> JSONPatchError?
    {
        var document = try json(documentText)
        let original = document
        let operations = try patch(patchText)
        do {
            try document.apply(operations)
            XCTFail("expected the patch to fail", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(document, original, "a failed patch changed the document", file: file, line: line)
            return error
        }
    }

    // MARK: RFC 6902 appendix A

    func testA1AddObjectMember() throws {
        try check(#"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz","value":"qux"}]"#, #"{"baz":"qux","foo":"bar"}"#)
    }

    func testA2AddArrayElement() throws {
        try check(
            #"{"foo":["bar","baz"]}"#, #"[{"op":"add","path":"/foo/1","value":"qux"}]"#, #"{"foo":["bar","qux","baz"]}"#)
    }

    func testA3RemoveObjectMember() throws {
        try check(#"{"baz":"qux","foo":"bar"}"#, #"[{"op":"remove","path":"/baz"}]"#, #"{"foo":"bar"}"#)
    }

    func testA4RemoveArrayElement() throws {
        try check(#"{"foo":["bar","qux","baz"]}"#, #"[{"op":"remove","path":"/foo/1"}]"#, #"{"foo":["bar","baz"]}"#)
    }

    func testA5ReplaceValue() throws {
        try check(
            #"{"baz":"qux","foo":"bar"}"#, #"[{"op":"replace","path":"/baz","value":"boo"}]"#,
            #"{"baz":"boo","foo":"bar"}"#)
    }

    func testA6MoveValue() throws {
        try check(
            #"{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}"#,
            #"[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]"#,
            #"{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}"#)
    }

    func testA7MoveArrayElement() throws {
        try check(
            #"{"foo":["all","grass","cows","eat"]}"#, #"[{"op":"move","from":"/foo/1","path":"/foo/3"}]"#,
            #"{"foo":["all","cows","eat","grass"]}"#)
    }

    func testA8TestSuccess() throws {
        try check(
            #"{"baz":"qux","foo":["a",2,"c"]}"#,
            #"[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]"#,
            #"{"baz":"qux","foo":["a",2,"c"]}"#)
    }

    func testA9TestError() throws {
        let error = try failure(#"{"baz":"qux"}"#, #"[{"op":"test","path":"/baz","value":"bar"}]"#)
        XCTAssertEqual(error?.operationIndex, 0)
        XCTAssertEqual(error?.message, #"test failed at "/baz": found "qux", expected "bar""#)
    }

    func testA10AddNestedMemberObject() throws {
        try check(
            #"{"foo":"bar"}"#, #"[{"op":"add","path":"/child","value":{"grandchild":{}}}]"#,
            #"{"foo":"bar","child":{"grandchild":{}}}"#)
    }

    func testA11IgnoringUnrecognizedElements() throws {
        try check(
            #"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz","value":"qux","xyz":123}]"#, #"{"foo":"bar","baz":"qux"}"#)
    }

    func testA12AddToNonexistentTarget() throws {
        let error = try failure(#"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz/bat","value":"qux"}]"#)
        XCTAssertEqual(error?.message, #"path "/baz/bat" does not exist"#)
    }

    func testA14EscapeOrdering() throws {
        try check(#"{"/":9,"~1":10}"#, #"[{"op":"test","path":"/~01","value":10}]"#, #"{"/":9,"~1":10}"#)
    }

    func testA15ComparingStringsAndNumbers() throws {
        XCTAssertNotNil(try failure(#"{"/":9,"~1":10}"#, #"[{"op":"test","path":"/~01","value":"10"}]"#))
    }

    func testA16AddArrayValue() throws {
        try check(
            #"{"foo":["bar"]}"#, #"[{"op":"add","path":"/foo/-","value":["abc","def"]}]"#,
            #"{"foo":["bar",["abc","def"]]}"#)
    }

    // MARK: Semantics beyond the appendix

    func testAddSemantics() throws {
        try check(#"{"a":1}"#, #"[{"op":"add","path":"","value":[1]}]"#, "[1]")
        try check(#"{"a":1}"#, #"[{"op":"add","path":"/a","value":2}]"#, #"{"a":2}"#)
        try check("[1,2]", #"[{"op":"add","path":"/2","value":3}]"#, "[1,2,3]")
        try check("[1,2]", #"[{"op":"add","path":"/0","value":0}]"#, "[0,1,2]")
        try check("[]", #"[{"op":"add","path":"/-","value":null}]"#, "[null]")
        try check(#"{"":{}}"#, #"[{"op":"add","path":"//x","value":1}]"#, #"{"":{"x":1}}"#)
        XCTAssertEqual(
            try failure("[1,2]", #"[{"op":"add","path":"/3","value":3}]"#)?.message,
            #"array index "3" is out of bounds in "/3""#)
        XCTAssertNotNil(try failure("[1,2]", #"[{"op":"add","path":"/01","value":3}]"#))
        XCTAssertNotNil(try failure("[1,2]", #"[{"op":"add","path":"/-1","value":3}]"#))
        XCTAssertEqual(
            try failure(#"{"a":1}"#, #"[{"op":"add","path":"/a/b","value":3}]"#)?.message,
            #"cannot add "/a/b": its parent is a number"#)
    }

    func testRemoveAndReplaceRequireExistence() throws {
        XCTAssertNotNil(try failure(#"{"a":1}"#, #"[{"op":"remove","path":"/b"}]"#))
        XCTAssertNotNil(try failure("[1]", #"[{"op":"remove","path":"/1"}]"#))
        XCTAssertNotNil(try failure("[1]", #"[{"op":"remove","path":"/-"}]"#))
        XCTAssertNotNil(try failure(#"{"a":1}"#, #"[{"op":"remove","path":""}]"#))
        XCTAssertNotNil(try failure(#"{"a":1}"#, #"[{"op":"replace","path":"/b","value":2}]"#))
        XCTAssertNotNil(try failure("[1]", #"[{"op":"replace","path":"/-","value":2}]"#))
        XCTAssertNotNil(try failure("[1]", #"[{"op":"replace","path":"/1","value":2}]"#))
        try check(#"{"a":1}"#, #"[{"op":"replace","path":"","value":"x"}]"#, #""x""#)
        try check(#"{"a":[1,{"b":2}]}"#, #"[{"op":"replace","path":"/a/1/b","value":[3]}]"#, #"{"a":[1,{"b":[3]}]}"#)
        try check(#"{"a":[1,{"b":2}]}"#, #"[{"op":"remove","path":"/a/1/b"}]"#, #"{"a":[1,{}]}"#)
    }

    func testMoveAndCopy() throws {
        try check(#"{"a":{"b":1}}"#, #"[{"op":"move","from":"/a","path":"/a"}]"#, #"{"a":{"b":1}}"#)
        try check(#"{"a":{"b":1}}"#, #"[{"op":"move","from":"/a/b","path":"/c"}]"#, #"{"a":{},"c":1}"#)
        try check(#"{"a":{"b":1}}"#, #"[{"op":"move","from":"/a","path":""}]"#, #"{"b":1}"#)
        try check(#"{"a":[1,2]}"#, #"[{"op":"copy","from":"/a","path":"/a/-"}]"#, #"{"a":[1,2,[1,2]]}"#)
        try check(#"{"a":[1,2]}"#, #"[{"op":"copy","from":"/a/0","path":"/b"}]"#, #"{"a":[1,2],"b":1}"#)
        try check("[1,2,3]", #"[{"op":"move","from":"/0","path":"/-"}]"#, "[2,3,1]")
        XCTAssertEqual(
            try failure(#"{"a":{"b":1}}"#, #"[{"op":"move","from":"/a","path":"/a/b/c"}]"#)?.message,
            #"cannot move "/a" into its own child "/a/b/c""#)
        XCTAssertNotNil(try failure(#"{"a":1}"#, #"[{"op":"move","from":"/x","path":"/y"}]"#))
        XCTAssertNotNil(try failure(#"{"a":1}"#, #"[{"op":"move","from":"/x","path":"/x"}]"#))
        XCTAssertNotNil(try failure(#"{"a":1}"#, #"[{"op":"copy","from":"/x","path":"/y"}]"#))
        XCTAssertNotNil(try failure(#"{"a":1}"#, #"[{"op":"move","from":"/a","path":"/b/c"}]"#))
    }

    func testTestUsesNumericEquality() throws {
        try check(#"{"a":1,"b":[1.0,{"c":2}]}"#, #"[{"op":"test","path":"/a","value":1.0},{"op":"test","path":"/b","value":[1,{"c":2.0}]}]"#,
            #"{"a":1,"b":[1,{"c":2}]}"#)
        XCTAssertNotNil(try failure(#"{"a":1}"#, #"[{"op":"test","path":"/a","value":1.5}]"#))
        XCTAssertNotNil(try failure(#"{"a":1}"#, #"[{"op":"test","path":"/b","value":null}]"#))
        XCTAssertNotNil(try failure(#"{"a":[]}"#, #"[{"op":"test","path":"/a","value":{}}]"#))
    }

    func testAtomicity() throws {
        let error = try failure(
            #"{"a":[1,2,3],"b":{"c":1}}"#,
            #"""
            [
              {"op":"add","path":"/a/-","value":4},
              {"op":"remove","path":"/b/c"},
              {"op":"replace","path":"/a/0","value":"x"},
              {"op":"move","from":"/a/1","path":"/b/d"},
              {"op":"remove","path":"/nope"},
              {"op":"add","path":"/z","value":1}
            ]
            """#)
        XCTAssertEqual(error?.operationIndex, 4)
        XCTAssertEqual(error?.description, #"JSON patch operation 4: path "/nope" does not exist"#)
    }

    func testFailedPatchIsUndoneInPlace() throws {
        var g = SplitMix64(seed: 2024)
        var undoneAfterFullPatch = 0
        for _ in 0..<500 {
            let original = RandomJSON.value(&g, depth: 4)
            var operations = JSONDiff.patch(from: original, to: RandomJSON.mutated(original, &g, changes: 3))
            // Mix in moves, copies and member-replacing adds of existing paths.
            let paths = Self.allPaths(in: original)
            for _ in 0..<3 {
                let from = paths[Int.random(in: 0..<paths.count, using: &g)]
                let to = paths[Int.random(in: 0..<paths.count, using: &g)]
                switch Int.random(in: 0..<3, using: &g) {
                case 0: operations.insert(.copy(from: from, path: to), at: 0)
                case 1: operations.insert(.add(path: to, value: "added"), at: 0)
                default: operations.insert(.move(from: from, path: to), at: 0)
                }
            }
            var document = original
            do {
                try document.apply(operations + [.remove(path: JSONPointer(tokens: ["no such member", "x"]))])
                XCTFail("the last operation cannot succeed")
            } catch {
                XCTAssertEqual(document, original)
                XCTAssertEqual(document.encoded(), original.encoded())
                XCTAssertNotNil(error.operationIndex)
                if error.operationIndex == operations.count { undoneAfterFullPatch += 1 }
            }
        }
        // Most patches got as far as the failing last operation, so their every step was undone.
        XCTAssertGreaterThan(undoneAfterFullPatch, 150)
    }

    /// Every pointer that resolves in `value`, root first.
    private static func allPaths(in value: JSON, at base: JSONPointer = .root) -> [JSONPointer] {
        var paths = [base]
        switch value {
        case .object(let members):
            for (key, member) in members { paths += allPaths(in: member, at: base.appending(key)) }
        case .array(let elements):
            for (i, element) in elements.enumerated() { paths += allPaths(in: element, at: base.appending(index: i)) }
        default:
            break
        }
        return paths
    }

    func testOperationJSONForms() throws {
        let operations: [PatchOperation] = [
            .add(path: try pointer("/a~1b"), value: ["x": [1, nil]]),
            .remove(path: try pointer("/0")),
            .replace(path: .root, value: nil),
            .move(from: try pointer("/a"), path: try pointer("/b")),
            .copy(from: try pointer("/m~0n"), path: try pointer("/-")),
            .test(path: try pointer("/t"), value: 2.5),
        ]
        XCTAssertEqual(operations[0].json.text, #"{"op":"add","path":"/a~1b","value":{"x":[1,null]}}"#)
        XCTAssertEqual(operations[1].json.text, #"{"op":"remove","path":"/0"}"#)
        XCTAssertEqual(operations[2].json.text, #"{"op":"replace","path":"","value":null}"#)
        XCTAssertEqual(operations[3].json.text, #"{"from":"/a","op":"move","path":"/b"}"#)
        XCTAssertEqual(operations[4].json.text, #"{"from":"/m~0n","op":"copy","path":"/-"}"#)
        for operation in operations {
            XCTAssertEqual(try PatchOperation(json: operation.json), operation)
            XCTAssertEqual(try PatchOperation(json: try JSON(parsing: operation.json.encoded())), operation)
        }
        let document = PatchOperation.json(for: operations)
        XCTAssertEqual(try PatchOperation.patch(from: document), operations)
    }

    func testInvalidOperations() throws {
        func invalid(_ text: String) throws -> String? {
            let value = try JSON(parsing: text)
            do {
                _ = try PatchOperation(json: value)
                XCTFail("\(text) was accepted")
                return nil
            } catch {
                return error.message
            }
        }
        XCTAssertEqual(try invalid("[]"), "an operation must be an object, not array")
        XCTAssertEqual(try invalid(#"{"path":"/a"}"#), #"an operation needs a string "op" member"#)
        XCTAssertEqual(try invalid(#"{"op":"frob","path":"/a"}"#), #"unknown op "frob""#)
        XCTAssertEqual(try invalid(#"{"op":"add","value":1}"#), #""add" needs a string "path" member"#)
        XCTAssertEqual(try invalid(#"{"op":"add","path":"/a"}"#), #""add" needs a "value" member"#)
        XCTAssertEqual(try invalid(#"{"op":"test","path":"/a"}"#), #""test" needs a "value" member"#)
        XCTAssertEqual(try invalid(#"{"op":"move","path":"/a"}"#), #""move" needs a string "from" member"#)
        XCTAssertEqual(try invalid(#"{"op":"copy","path":"/a","from":1}"#), #""copy" needs a string "from" member"#)
        XCTAssertEqual(
            try invalid(#"{"op":"remove","path":"a"}"#),
            #""path": invalid JSON pointer "a": a non-empty pointer must start with '/'"#)
        XCTAssertEqual(try PatchOperation(json: try json(#"{"op":"add","path":"/a","value":null}"#)),
            .add(path: try pointer("/a"), value: nil))
        XCTAssertThrowsError(try PatchOperation.patch(from: ["op": "add"]))
        XCTAssertThrowsError(try PatchOperation.patch(from: [["op": "remove", "path": "/a"], ["op": "x"]])) { error in
            XCTAssertEqual((error as? JSONPatchError)?.operationIndex, 1)
        }
    }

    // MARK: Diff

    func testDiffOfEqualDocumentsIsEmpty() throws {
        var g = SplitMix64(seed: 1)
        for _ in 0..<300 {
            let value = RandomJSON.value(&g, depth: 5)
            XCTAssertEqual(JSONDiff.patch(from: value, to: value), [])
            // Numerically equal spellings are equal too.
            XCTAssertEqual(JSONDiff.patch(from: ["a": [1, 2.0]], to: ["a": [1.0, 2]]), [])
        }
    }

    /// One element taken out of, or put into, the middle of a long array is one operation, not
    /// every element after it replaced; applying it gives the new array.
    func testOneElementRemovedOrInsertedInTheMiddleIsOneOperation() throws {
        let entries: [JSON] = (0..<1000).map { ["title": .string("t\($0)"), "rows": .int($0)] }
        var removed = entries
        removed.remove(at: 10)
        XCTAssertEqual(JSONDiff.patch(from: .array(entries), to: .array(removed), at: try pointer("/configs")), [.remove(path: try pointer("/configs/10"))])
        var inserted = entries
        inserted.insert(["title": "new"], at: 0)
        let insertion = JSONDiff.patch(from: .array(entries), to: .array(inserted))
        XCTAssertEqual(insertion, [.add(path: try pointer("/0"), value: ["title": "new"])])
        XCTAssertEqual(try JSON.array(entries).applying(insertion), .array(inserted))
        // Equal by value though not the same storage: still found equal.
        let copies: [JSON] = (0..<1000).map { ["title": .string("t\($0)"), "rows": .int($0)] }
        XCTAssertEqual(JSONDiff.patch(from: .array(entries), to: .array(copies)), [])
        XCTAssertEqual(JSONDiff.patch(from: .array(copies), to: .array(removed)), [.remove(path: try pointer("/10"))])
        // A removal and a change elsewhere is not one shift.
        var both = removed
        both[500] = "changed"
        XCTAssertEqual(try JSON.array(entries).applying(JSONDiff.patch(from: .array(entries), to: .array(both))), .array(both))
    }

    /// The shared-prefix scan compares bits, and bits that differ are compared by value.
    func testTheSharedPrefixStopsAtTheFirstElementWhoseBitsDiffer() {
        let shared: [JSON] = ["a", 1, true, .null, ["x": 1], [1, 2]]
        XCTAssertEqual(JSONDiff.sharedPrefix(shared, 0, shared, 0), 6)
        XCTAssertEqual(JSONDiff.sharedPrefix(shared, 1, shared, 0), 0)
        XCTAssertEqual(JSONDiff.sharedPrefix(shared + ["b"], 0, shared + ["c"], 0), 6)
        XCTAssertEqual(JSONDiff.sharedPrefix(shared, 6, shared, 0), 0)
    }

    func testDiffShapes() throws {
        XCTAssertEqual(
            JSONDiff.patch(from: ["a": 1, "b": ["c": 2], "d": 3], to: ["a": 1, "b": ["c": 5], "e": 4]),
            [
                .remove(path: try pointer("/d")),
                .replace(path: try pointer("/b/c"), value: 5),
                .add(path: try pointer("/e"), value: 4),
            ])
        XCTAssertEqual(
            JSONDiff.patch(from: [1, 2, 3], to: [1, 9, 3, 4, 5]),
            [
                .replace(path: try pointer("/1"), value: 9),
                .add(path: try pointer("/3"), value: 4),
                .add(path: try pointer("/4"), value: 5),
            ])
        XCTAssertEqual(
            JSONDiff.patch(from: [1, 2, 3, 4], to: [1, 2]),
            [.remove(path: try pointer("/3")), .remove(path: try pointer("/2"))])
        XCTAssertEqual(JSONDiff.patch(from: [1, 2, 3, 4], to: []), [.replace(path: .root, value: [])])
        XCTAssertEqual(JSONDiff.patch(from: 1, to: "1"), [.replace(path: .root, value: "1")])
        XCTAssertEqual(JSONDiff.patch(from: [:], to: []), [.replace(path: .root, value: [])])
        XCTAssertEqual(
            JSONDiff.patch(from: ["a/b": ["~": 1]], to: ["a/b": ["~": 2]]),
            [.replace(path: JSONPointer(tokens: ["a/b", "~"]), value: 2)])
        XCTAssertEqual(
            JSONDiff.patch(from: 1, to: 2, at: try pointer("/x/y")), [.replace(path: try pointer("/x/y"), value: 2)])
    }

    func testDiffAppliesExactlyForRandomPairs() throws {
        var g = SplitMix64(seed: 6902)
        var totalOperations = 0
        for round in 0..<1500 {
            let old = RandomJSON.value(&g, depth: 5)
            let new: JSON
            switch round % 3 {
            case 0: new = RandomJSON.value(&g, depth: 5)
            case 1: new = RandomJSON.mutated(old, &g, changes: 1)
            default: new = RandomJSON.mutated(old, &g, changes: Int.random(in: 2...6, using: &g))
            }
            let patch = JSONDiff.patch(from: old, to: new)
            totalOperations += patch.count
            let result = try old.applying(patch)
            XCTAssertEqual(result, new, "old \(old.text)\nnew \(new.text)\npatch \(PatchOperation.json(for: patch).text)")
            XCTAssertEqual(patch.isEmpty, old == new)
            // The patch survives the wire.
            let wire = try JSON(parsing: PatchOperation.json(for: patch).encoded())
            XCTAssertEqual(try PatchOperation.patch(from: wire), patch)
            // Under a base path it patches the enclosing document.
            let enclosing: JSON = ["outer": [old]]
            let basePatch = JSONDiff.patch(from: old, to: new, at: try pointer("/outer/0"))
            XCTAssertEqual(try enclosing.applying(basePatch), ["outer": [new]])
        }
        XCTAssertGreaterThan(totalOperations, 1500)
    }

    func testDiffOfSingleChangeIsOneOperation() throws {
        var g = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let old = RandomJSON.value(&g, depth: 5)
            var new = old
            // Replace one existing leaf found by walking down.
            var path = JSONPointer.root
            var current = old
            while true {
                if case .object(let members) = current, let key = members.keys.sorted().first, let next = members[key] {
                    path = path.appending(key)
                    current = next
                } else if case .array(let elements) = current, let first = elements.first {
                    path = path.appending(index: 0)
                    current = first
                } else {
                    break
                }
            }
            let replacement: JSON = .string("changed \(current.text)")
            try new.apply([.replace(path: path, value: replacement)])
            XCTAssertEqual(JSONDiff.patch(from: old, to: new), [.replace(path: path, value: replacement)])
        }
    }
}
