import LifeDaemon
import LifeGrid
import LifeJSON
import Protocol
import XCTest

/// Checks that each group's patch takes its window's value in `old` (as a full rendering has it)
/// to its value in `new`, and that a group without a patch is one whose value did not change.
/// Returns how many groups had a patch.
func assertPatchesTakeWindows(
    _ patches: [SubscriptionGroup: [UInt8]], of groups: [SubscriptionGroup], from old: Grid, to new: Grid, _ label: String,
    file: StaticString = #filePath, line: UInt = #line
) throws -> Int {
    var patched = 0
    for group in groups {
        let before = old.json(window: group.viewport)
        let after = new.json(window: group.viewport)
        let window = group.viewport?.description ?? "the whole grid"
        guard let encoded = patches[group] else {
            XCTAssertEqual(before, after, "\(label): \(window) changed but got no patch", file: file, line: line)
            continue
        }
        patched += 1
        let operations = try PatchOperation.patch(from: JSON(parsing: encoded))
        XCTAssertEqual(try before.applying(operations), after, "\(label): \(window)", file: file, line: line)
    }
    return patched
}
