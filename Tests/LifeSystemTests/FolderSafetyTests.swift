import Glibc
import XCTest

@testable import LifeSystem

/// The folders lifed keeps its socket and state in, and the files it writes there: a folder
/// someone else owns or may write to is refused, and no planted symbolic link is followed.
final class FolderSafetyTests: XCTestCase {
    /// A new folder (mode 0700) under /tmp, removed with what it holds when the test ends.
    private func makeFolder() throws -> String {
        var template = Array("/tmp/life-folder-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw SystemError("mkdtemp")
        }
        let path = String(cString: made)
        addTeardownBlock { [self] in remove(path) }
        return path
    }

    /// Removes `path`, and what it holds if it is a folder (links are removed, not followed).
    private func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            _ = chmod(path, 0o700)
            for name in (try? contents(of: path)) ?? [] { remove("\(path)/\(name)") }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    private func refusal(_ folder: String) -> String? {
        do {
            try UnixSocket.prepareFolder(folder)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testAFolderOnlyWeMayWriteToIsAccepted() throws {
        let folder = try makeFolder()
        XCTAssertNil(refusal(folder))
        XCTAssertEqual(chmod(folder, 0o755), 0)
        XCTAssertNil(refusal(folder), "others may read and search it")
        // A missing folder is made, 0700, with its missing parents.
        XCTAssertNil(refusal("\(folder)/a/b"))
        var info = stat()
        XCTAssertEqual(lstat("\(folder)/a/b", &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o700)
        XCTAssertEqual(info.st_uid, geteuid())
    }

    func testAFolderOthersMayWriteToIsRefusedEvenWithTheStickyBit() throws {
        let folder = try makeFolder()
        for mode: mode_t in [0o770, 0o702, 0o1777, 0o1770] {
            XCTAssertEqual(chmod(folder, mode), 0)
            XCTAssertEqual(
                refusal(folder),
                "unsafe folder \(folder): its group or others may write to it (mode \(String(mode, radix: 8))), and could replace "
                    + "or plant files in it; use a folder only its owner may write to",
                String(mode, radix: 8))
        }
    }

    func testAFolderAnotherUserOwnsIsRefused() throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root, to give a folder to another user") }
        let folder = try makeFolder()
        XCTAssertEqual(chown(folder, 65534, 65534), 0)
        XCTAssertEqual(
            refusal(folder),
            "unsafe folder \(folder): it belongs to uid 65534, not to this process's uid 0, and its owner could replace "
                + "or plant files in it")
        // Also when it appears between the check and mkdir: made by someone else, it is checked too.
        XCTAssertEqual(chown(folder, 0, 0), 0)
        XCTAssertEqual(chmod(folder, 0o1777), 0)
        XCTAssertNotNil(refusal(folder))
    }

    func testASymbolicLinkIsNotAFolder() throws {
        let folder = try makeFolder()
        XCTAssertEqual(symlink("/etc", "\(folder)/link"), 0)
        XCTAssertEqual(refusal("\(folder)/link"), "unsafe folder \(folder)/link: it is not a folder (a symbolic link is not followed)")
    }

    // MARK: Files in such a folder

    func testAnAtomicWriteNeverFollowsAPlantedLink() throws {
        let folder = try makeFolder()
        let victim = "\(folder)/victim"
        try FileIO.writeAtomically(Array("precious".utf8), to: victim)
        let path = "\(folder)/state.json"
        // Where the temporary file used to be (state.json.tmp-PID), a link to the victim.
        XCTAssertEqual(symlink(victim, "\(path).tmp-\(getpid())"), 0)
        try FileIO.writeAtomically(Array("new state".utf8), to: path, mode: 0o600)
        XCTAssertEqual(try FileIO.read(victim), Array("precious".utf8))
        XCTAssertEqual(try FileIO.read(path), Array("new state".utf8))
        // The temporary's name is new each time; whatever it is, it is left behind by nothing.
        let names = try contents(of: folder)
        XCTAssertEqual(names, ["state.json", "state.json.tmp-\(getpid())", "victim"])
        // A link in place of the file itself is replaced, not written through.
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(symlink(victim, path), 0)
        try FileIO.writeAtomically(Array("newer state".utf8), to: path, mode: 0o600)
        XCTAssertEqual(try FileIO.read(victim), Array("precious".utf8))
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
    }

    func testTheTemporaryNamesAreUnpredictable() throws {
        let folder = try makeFolder()
        let path = "\(folder)/state.json"
        var seen: Set<String> = []
        for round in 0..<3 {
            try FileIO.writeAtomically(to: path, mode: 0o600) {
                // Called while the temporary file exists: note its name.
                if let name = try? contents(of: folder).first(where: { $0.hasPrefix("state.json.tmp-") }) { seen.insert(name) }
                return nil
            }
            XCTAssertEqual(try contents(of: folder), ["state.json"], "round \(round)")
        }
        XCTAssertEqual(seen.count, 3, "\(seen)")
        XCTAssertFalse(seen.contains("state.json.tmp-\(getpid())"))
        XCTAssertTrue(seen.allSatisfy { $0.count == "state.json.tmp-".count + 16 }, "\(seen)")
    }

    func testReadingWithoutFollowingLinks() throws {
        let folder = try makeFolder()
        try FileIO.writeAtomically(Array("secret".utf8), to: "\(folder)/target")
        XCTAssertEqual(symlink("\(folder)/target", "\(folder)/link"), 0)
        XCTAssertEqual(try FileIO.read("\(folder)/link"), Array("secret".utf8), "following, as before")
        XCTAssertThrowsError(try FileIO.read("\(folder)/link", followingSymlinks: false)) { error in
            XCTAssertEqual((error as? SystemError)?.errno, ELOOP)
        }
    }

    private func contents(of folder: String) throws -> [String] {
        guard let directory = opendir(folder) else { throw SystemError("opendir \(folder)") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
