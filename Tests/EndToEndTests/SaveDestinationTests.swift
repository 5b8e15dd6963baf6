import DaemonTestSupport
import Foundation
import LifePatterns
import XCTest

/// `lifectl save` treats its destination as `cp` does: `-` is standard output, a regular file is
/// replaced atomically and keeps its permission bits, a symbolic link is followed (and stays a
/// link), a FIFO is written in place (never replaced by a file), and errors name the user's path,
/// not the temporary file beside it.
final class SaveDestinationTests: XCTestCase {
    private func lifectl(_ daemon: Daemon, _ arguments: [String]) throws -> CommandResult {
        try EditingTests.lifectl(daemon, arguments)
    }

    private func fileType(_ path: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    }

    private func startWorld() throws -> Daemon {
        let daemon = try Daemon(self, arguments: ["--size", "12x16", "--seed", "5"])
        XCTAssertEqual(try lifectl(daemon, ["random"]).status, 0)
        return daemon
    }

    func testDashWritesThePatternToStandardOutputAndTheSummaryToStandardError() throws {
        let daemon = try startWorld()
        let folder = try makeTemporaryFolder(self)
        let saved = try lifectl(daemon, ["save", "-"])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let pattern = try PatternFormat.rle.read(saved.stdout)
        XCTAssertEqual(pattern.rows, 12)
        XCTAssertEqual(pattern.cols, 16)
        XCTAssertGreaterThan(pattern.population, 0)
        XCTAssertTrue(saved.stderr.contains("to standard output"), saved.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/-"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "-"), "save - made a file named -")
        // The same world as a file.
        let path = "\(folder)/world.rle"
        XCTAssertEqual(try lifectl(daemon, ["save", path]).status, 0)
        XCTAssertEqual(try PatternFormat.rle.read(String(contentsOfFile: path, encoding: .utf8)).population, pattern.population)
    }

    func testALinkIsFollowedAndStaysALinkAndARegularFileKeepsItsMode() throws {
        let daemon = try startWorld()
        let folder = try makeTemporaryFolder(self)
        let target = "\(folder)/real.rle"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        XCTAssertEqual(chmod(target, 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/link.rle", withDestinationPath: "real.rle")
        let saved = try lifectl(daemon, ["save", "\(folder)/link.rle"])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertEqual(try fileType("\(folder)/link.rle"), .typeSymbolicLink)
        XCTAssertEqual(try fileType(target), .typeRegular)
        XCTAssertGreaterThan(try PatternFormat.rle.read(String(contentsOfFile: target, encoding: .utf8)).population, 0)
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        // A link that points nowhere yet: the file it names is created.
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/dangling.rle", withDestinationPath: "\(folder)/made.rle")
        XCTAssertEqual(try lifectl(daemon, ["save", "\(folder)/dangling.rle"]).status, 0)
        XCTAssertEqual(try fileType("\(folder)/dangling.rle"), .typeSymbolicLink)
        XCTAssertEqual(try fileType("\(folder)/made.rle"), .typeRegular)
        // Nothing temporary is left beside them.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertEqual(names.filter { $0.contains(".tmp-") }, [])
    }

    func testAFIFOIsWrittenInPlaceNotReplaced() throws {
        let daemon = try startWorld()
        let folder = try makeTemporaryFolder(self)
        let fifo = "\(folder)/pipe"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // A reader on the FIFO, as `cat pipe` would be; it sees everything once lifectl closes it.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let output = Pipe()
        reader.standardOutput = output
        try reader.run()
        let saved = try lifectl(daemon, ["save", fifo])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        var info = stat()
        guard lstat(fifo, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else {
            reader.terminate()  // it would wait for a writer forever
            return XCTFail("the FIFO was replaced by a file")
        }
        let read = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        XCTAssertEqual(reader.terminationStatus, 0)
        XCTAssertEqual(try PatternFormat.rle.read(read).rows, 12)
    }

    func testErrorsNameTheUsersPathNotTheTemporaryFile() throws {
        let daemon = try startWorld()
        let folder = try makeTemporaryFolder(self)
        let missing = try lifectl(daemon, ["save", "\(folder)/no/such/folder/x.rle"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "lifectl: write \(folder)/no/such/folder/x.rle: No such file or directory\n")
        let folderItself = try lifectl(daemon, ["save", folder])
        XCTAssertEqual(folderItself.status, 1)
        XCTAssertEqual(folderItself.stderr, "lifectl: write \(folder): Is a directory\n")
    }
}
