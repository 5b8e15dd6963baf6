import Foundation
import XCTest

/// README.md, PROTOCOL.md and docs/*.md link to each other and to files of the repository; a
/// moved section or a renamed heading must not leave a link pointing nowhere (issue 24).
final class DocumentationLinkTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func documents() throws -> [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "PROTOCOL.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    func testEveryRelativeLinkAndAnchorResolves() throws {
        var checked = 0
        var anchorsOf: [String: Set<String>] = [:]
        for document in try Self.documents() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            let folder = (document as NSString).deletingLastPathComponent
            for (line, target) in Self.links(in: text) {
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let anchor = parts.count > 1 ? String(parts[1]) : nil
                let file = path.isEmpty ? document : ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
                let url = Self.root.appendingPathComponent(file)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    XCTFail("\(document):\(line): \(target) names no file (\(file))")
                    continue
                }
                guard let anchor else { continue }
                if anchorsOf[file] == nil, file.hasSuffix(".md"), let linked = try? String(contentsOf: url, encoding: .utf8) {
                    anchorsOf[file] = Self.anchors(in: linked)
                }
                guard let anchors = anchorsOf[file] else {
                    XCTFail("\(document):\(line): \(target) has an anchor in a file that is not Markdown")
                    continue
                }
                XCTAssertTrue(anchors.contains(anchor), "\(document):\(line): no heading of \(file) has the anchor #\(anchor)")
            }
        }
        XCTAssertGreaterThan(checked, 100, "the documents' links were found")
    }

    func testAnchorsAreGitHubs() {
        XCTAssertEqual(Self.anchor(of: "4.9 `configurations.read`: one configuration's pattern"), "49-configurationsread-one-configurations-pattern")
        XCTAssertEqual(Self.anchor(of: "11.1 What an error is about: `field` and `refused`"), "111-what-an-error-is-about-field-and-refused")
        XCTAssertEqual(Self.anchor(of: "Who trusts whom"), "who-trusts-whom")
        XCTAssertEqual(Self.links(in: "a [b](c.md#d) and [`e`](f) `[g](h)`\n```\n[i](j)\n```").map(\.1), ["c.md#d", "f"])
    }

    /// The targets of `[text](target)` links outside code, with their line numbers.
    static func links(in text: String) -> [(Int, String)] {
        var result: [(Int, String)] = []
        var inFence = false
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            // Code spans are not links.
            var outside = ""
            var inCode = false
            for character in line {
                if character == "`" { inCode.toggle(); continue }
                if !inCode { outside.append(character) }
            }
            var rest = Substring(outside)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                result.append((offset + 1, String(after[..<close])))
                rest = after[close...]
            }
        }
        return result
    }

    /// The anchors GitHub makes for the headings (outside code blocks) of a Markdown text.
    static func anchors(in text: String) -> Set<String> {
        var result = Set<String>()
        var seen: [String: Int] = [:]
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }
            guard title.hasPrefix(" ") else { continue }
            let slug = anchor(of: title.trimmingCharacters(in: .whitespaces))
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            result.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return result
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces made hyphens.
    static func anchor(of heading: String) -> String {
        var slug = ""
        for character in heading.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        return slug
    }
}
