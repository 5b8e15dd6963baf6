import Dispatch
import Glibc
import LifeClient
import LifeSystem
import Protocol
import XCTest

/// A client's connection against a stand-in daemon on a real socket: the hello, a refusal in its
/// place, and no daemon at all, with the exit status each gives the clients.
final class ConnectionTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = "/tmp/lifeclient-tests-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try UnixSocket.prepareFolder(folder)
    }

    override func tearDown() {
        unlink("\(folder)/lifed.sock")
        rmdir(folder)
    }

    /// Listens at the folder's socket and answers the first connection with `messages`, then closes it.
    private func standIn(sending messages: [ServerMessage]) throws -> String {
        let path = "\(folder)/lifed.sock"
        let listener = FileDescriptor(rawValue: try UnixSocket.listen(at: path))
        let bytes = messages.flatMap { Frame.encode($0.json) }
        DispatchQueue.global().async {
            defer { try? listener.close() }
            for _ in 0..<1000 {
                let fd = accept(listener.rawValue, nil, nil)
                if fd < 0 {
                    usleep(5000)
                    continue
                }
                let client = FileDescriptor(rawValue: fd)
                try? client.setNonBlocking(false)
                try? client.writeAll(bytes)
                try? client.close()
                return
            }
        }
        return path
    }

    func testTheHelloIsReadOnConnecting() throws {
        let path = try standIn(sending: [.hello(protocolVersion: ServerMessage.protocolVersion, server: "lifed-test", version: 7, limits: nil)])
        let connection = try Connection(path: path)
        XCTAssertEqual(connection.hello.server, "lifed-test")
        XCTAssertEqual(connection.hello.version, 7)
        XCTAssertThrowsError(try connection.receive()) { error in
            guard case .closed = error as? Connection.Failure else { return XCTFail("\(error)") }
        }
    }

    func testARefusalInPlaceOfTheHelloIsThrownWithItsCodeAndExitsWithFailure() throws {
        let path = try standIn(sending: [.error(id: nil, code: "busy", message: "too many clients")])
        XCTAssertThrowsError(try Connection(path: path)) { error in
            guard let failure = error as? Connection.Failure, case .refused(let code, let message) = failure else { return XCTFail("\(error)") }
            XCTAssertEqual(code, "busy")
            XCTAssertEqual(message, "too many clients")
            XCTAssertEqual(ExitCode(failure), .failure)
        }
    }

    func testNoDaemonAtThePathIsUnreachableWithTheSystemsReason() {
        let path = "\(folder)/nobody.sock"
        XCTAssertThrowsError(try Connection(path: path)) { error in
            guard let failure = error as? Connection.Failure, case .unreachable(let where_, let reason) = failure else { return XCTFail("\(error)") }
            XCTAssertEqual(where_, path)
            XCTAssertEqual(reason, "No such file or directory")
            XCTAssertEqual("\(failure)", "no daemon answers at \(path): No such file or directory")
            XCTAssertEqual(ExitCode(failure), .unreachable)
        }
    }
}
