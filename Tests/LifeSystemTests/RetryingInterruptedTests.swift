import Glibc
import LifeSystem
import XCTest

final class RetryingInterruptedTests: XCTestCase {
    func testAnInterruptedCallIsMadeAgainUntilItAnswers() {
        var calls = 0
        let result = retryingInterrupted { () -> Int in
            calls += 1
            guard calls == 3 else {
                errno = EINTR
                return -1
            }
            return 42
        }
        XCTAssertEqual(result, 42)
        XCTAssertEqual(calls, 3)
    }

    func testAnotherFailureIsReturnedAtOnceWithItsErrno() {
        var calls = 0
        let result = retryingInterrupted { () -> Int32 in
            calls += 1
            errno = EAGAIN
            return -1
        }
        XCTAssertEqual(result, -1)
        XCTAssertEqual(errno, EAGAIN)
        XCTAssertEqual(calls, 1)
    }

    func testSuccessIsNotRetriedWhateverErrnoHolds() {
        var calls = 0
        errno = EINTR
        let result = retryingInterrupted { () -> Int in
            calls += 1
            return 0
        }
        XCTAssertEqual(result, 0, "0 (end of file) is an answer")
        XCTAssertEqual(calls, 1)
    }
}
