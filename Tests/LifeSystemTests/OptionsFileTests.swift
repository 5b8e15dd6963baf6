import LifeSystem
import XCTest

final class OptionsFileTests: XCTestCase {
    private let options: Set<String> = ["size", "interval", "rule", "configurations"]
    private let flags: Set<String> = ["log-actions"]

    func testEachLineIsOneOptionWithOrWithoutDashesAndCommentsAreSkipped() throws {
        let text = """
            # a comment
               size 20x30\r
            --interval=250ms

            rule = B36/S23
            configurations  file:///srv/my list.json
            log-actions
            """
        XCTAssertEqual(
            try OptionsFile.arguments(from: text, path: "f", options: options, flags: flags),
            ["--size=20x30", "--interval=250ms", "--rule=B36/S23", "--configurations=file:///srv/my list.json", "--log-actions"])
        XCTAssertEqual(try OptionsFile.arguments(from: "", path: "f", options: options, flags: flags), [])
    }

    func testAMistakeNamesTheFileAndTheLine() {
        func message(_ text: String) -> String {
            do {
                _ = try OptionsFile.arguments(from: text, path: "/etc/x.conf", options: options, flags: flags)
                return "no error"
            } catch {
                return error.message
            }
        }
        XCTAssertEqual(message("size 3x3\nbogus 1"), "/etc/x.conf, line 2: unknown option bogus")
        XCTAssertEqual(message("\n\nsize"), "/etc/x.conf, line 3: size needs a value")
        XCTAssertEqual(message("log-actions yes"), "/etc/x.conf, line 1: log-actions takes no value")
        XCTAssertEqual(message("--"), "/etc/x.conf, line 1: unknown option \"--\"")
    }

    /// The file's arguments go first, so the command line's repeat of an option wins.
    func testTheCommandLineWinsOverTheFile() throws {
        let file = try OptionsFile.arguments(from: "size 20x30\ninterval 1s", path: "f", options: options, flags: flags)
        let parsed = try Arguments(file + ["--size", "5x5"], options: options, flags: flags)
        XCTAssertEqual(parsed.values["size"], "5x5")
        XCTAssertEqual(parsed.values["interval"], "1s")
    }
}
