import Dispatch
import Glibc
import XCTest

@testable import LifeSystem

/// The descriptor wrapper: its errors name the operation and the errno, interrupted calls are
/// made again (unless told not to), `close` never is, and non-blocking calls say "not now" as nil.
final class FileDescriptorTests: XCTestCase {
    func testOpeningAMissingPathNamesOpenThePathAndENOENT() {
        let path = "/nonexistent-\(getpid())/missing"
        XCTAssertThrowsError(try FileDescriptor.open(path, O_RDONLY | O_CLOEXEC)) { error in
            let failure = error as? SystemError
            XCTAssertEqual(failure?.errno, ENOENT)
            XCTAssertEqual(failure?.code, .noSuchFileOrDirectory)
            XCTAssertEqual(failure?.operation, "open \(path)")
            XCTAssertEqual(failure?.description, "open \(path): No such file or directory")
        }
    }

    func testACallOnAClosedDescriptorFailsWithEBADFAndACloseIsNotMadeTwice() throws {
        let ends = try FileDescriptor.pipe()
        try ends.writeEnd.close()
        try ends.readEnd.close()
        var buffer = [UInt8](repeating: 0, count: 4)
        let result = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try ends.readEnd.read(into: raw) } }
        XCTAssertEqual(result, .failure(SystemError("read", .badFileDescriptor)))
        XCTAssertThrowsError(try ends.readEnd.close()) { error in
            XCTAssertEqual(error as? SystemError, SystemError("close", errno: EBADF))
            XCTAssertEqual("\(error)", "close: Bad file descriptor")
        }
    }

    func testCloseIsNeverRetriedEvenWhenInterrupted() {
        var calls = 0
        XCTAssertThrowsError(
            try FileDescriptor.close(42) { _ in
                calls += 1
                Errno.current = .interrupted
                return -1
            }
        ) { error in
            XCTAssertEqual((error as? SystemError)?.code, .interrupted)
            XCTAssertEqual((error as? SystemError)?.operation, "close")
        }
        XCTAssertEqual(calls, 1, "close is made once: the descriptor is gone even when it says EINTR")
    }

    func testSystemCallRetriesEINTRByDefaultAndNotWhenToldNot() throws {
        var calls = 0
        let interruptedTwice = { () -> Int in
            calls += 1
            if calls <= 2 {
                Errno.current = .interrupted
                return -1
            }
            return 7
        }
        XCTAssertEqual(try systemCall("read", interruptedTwice), 7)
        XCTAssertEqual(calls, 3)
        calls = 0
        XCTAssertThrowsError(try systemCall("read", retryOnInterrupt: false, interruptedTwice)) { error in
            XCTAssertEqual(error as? SystemError, SystemError("read", .interrupted))
        }
        XCTAssertEqual(calls, 1)
    }

    /// A real signal, with a handler installed without SA_RESTART, interrupts a blocking read:
    /// the read waits on for the data by default, and reports EINTR when told not to retry.
    func testAReadInterruptedByASignalIsMadeAgain() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        XCTAssertEqual(sigaction(SIGUSR1, &action, &previous), 0)
        defer { sigaction(SIGUSR1, &previous, nil) }

        for retry in [true, false] {
            let ends = try FileDescriptor.pipe()
            defer {
                try? ends.readEnd.close()
                try? ends.writeEnd.close()
            }
            let reader = pthread_self()
            let writer = ends.writeEnd
            DispatchQueue.global().async {
                usleep(100_000)
                pthread_kill(reader, SIGUSR1)
                usleep(100_000)
                try? writer.writeAll([42])
            }
            var buffer = [UInt8](repeating: 0, count: 1)
            let result = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try ends.readEnd.read(into: raw, retryOnInterrupt: retry) }
            }
            if retry {
                XCTAssertEqual(result, .success(1), "the interrupted read is made again and gets the byte")
                XCTAssertEqual(buffer, [42])
            } else {
                XCTAssertEqual(result, .failure(SystemError("read", .interrupted)))
            }
            usleep(250_000)  // the helper has written and is done with the pipe
        }
    }

    func testNonBlockingCallsReturnNilWhenTheyWouldWait() throws {
        let ends = try FileDescriptor.pipe()
        defer {
            try? ends.readEnd.close()
            try? ends.writeEnd.close()
        }
        try ends.readEnd.setNonBlocking()
        XCTAssertNotEqual(try ends.readEnd.statusFlags() & O_NONBLOCK, 0)
        var buffer = [UInt8](repeating: 0, count: 8)
        let empty = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try ends.readEnd.readIfReady(into: raw) } }
        XCTAssertEqual(empty, .success(nil), "an empty pipe: nothing yet, no error")
        let blocking = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try ends.readEnd.read(into: raw) } }
        guard case .failure(let error) = blocking else { return XCTFail("a read that would wait, on a non-blocking pipe, throws") }
        XCTAssertTrue(error.isWouldBlock)
        XCTAssertEqual(error.operation, "read")
        try ends.writeEnd.writeAll([1, 2, 3])
        let ready = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try ends.readEnd.readIfReady(into: raw) } }
        XCTAssertEqual(ready, .success(3))
        XCTAssertEqual(Array(buffer[0..<3]), [1, 2, 3])
        try ends.readEnd.setNonBlocking(false)
        XCTAssertEqual(try ends.readEnd.statusFlags() & O_NONBLOCK, 0)
    }

    func testAnErrorCanBeSaidOfWhatItWasDoing() {
        let error = SystemError("read", .noSuchFileOrDirectory).naming("read standard input")
        XCTAssertEqual(error.description, "read standard input: No such file or directory")
        XCTAssertEqual(error.reason, "No such file or directory")
        XCTAssertEqual(Errno(ENOENT).description, "No such file or directory")
    }
}
