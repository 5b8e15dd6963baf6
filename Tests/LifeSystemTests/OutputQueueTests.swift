import Glibc
import LifeSystem
import XCTest

final class OutputQueueTests: XCTestCase {
    /// A connected pair of non-blocking stream sockets, closed at the end of the test.
    private func socketPair(sendBuffer: Int32? = nil) throws -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds), 0)
        for fd in fds { UnixSocket.setNonBlocking(fd) }
        if var size = sendBuffer {
            setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        addTeardownBlock { close(fds[0]); close(fds[1]) }
        return (fds[0], fds[1])
    }

    /// Everything readable on `fd` now.
    private func readAll(_ fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count <= 0 { return result }
            result += buffer[0..<count]
        }
    }

    func testSmallAppendsAreGatheredIntoOneChunkAndLargeOnesReferenced() {
        var queue = OutputQueue()
        for _ in 0..<100 { queue.append([1, 2, 3]) }
        XCTAssertEqual(queue.chunkCount, 1, "a hundred small replies are one chunk")
        XCTAssertEqual(queue.count, 300)
        let large = [UInt8](repeating: 7, count: OutputQueue.gatherLimit + 1)
        queue.append(large)
        queue.append([4])
        XCTAssertEqual(queue.chunkCount, 3, "a large chunk stands alone; a small one after it starts a new gathering chunk")
        XCTAssertEqual(queue.count, 300 + large.count + 1)
        queue.append([])
        XCTAssertEqual(queue.count, 300 + large.count + 1, "nothing to append is nothing queued")
    }

    func testWritesEverythingInOrder() throws {
        let (writer, reader) = try socketPair()
        var queue = OutputQueue()
        var expected: [UInt8] = []
        var generator = SystemRandomNumberGenerator()
        for index in 0..<40 {
            let size = index % 3 == 0 ? Int.random(in: 5000...20000, using: &generator) : Int.random(in: 1...300, using: &generator)
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
            queue.append(bytes)
            expected += bytes
        }
        var received: [UInt8] = []
        while !queue.isEmpty {
            let result = queue.write(to: writer)
            XCTAssertNotEqual(result, .failed(EPIPE))
            received += readAll(reader)
        }
        received += readAll(reader)
        XCTAssertEqual(received.count, expected.count)
        XCTAssertEqual(received, expected)
    }

    func testAFullSocketLeavesTheRestQueuedAndResumesMidChunk() throws {
        let (writer, reader) = try socketPair(sendBuffer: 4096)
        var queue = OutputQueue()
        let shared = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        queue.append([9, 9])
        queue.append(shared)
        XCTAssertEqual(queue.write(to: writer), .wouldBlock)
        let left = queue.count
        XCTAssertGreaterThan(left, 0)
        XCTAssertLessThan(left, shared.count + 2)
        var received = readAll(reader)
        while !queue.isEmpty {
            _ = queue.write(to: writer)
            received += readAll(reader)
        }
        XCTAssertEqual(received, [9, 9] + shared)
    }

    func testOneSharedChunkServesManyQueues() throws {
        // The same array appended to many queues: each writes all of it, from its own position.
        let shared = [UInt8](repeating: 42, count: 100_000)
        var queues = [OutputQueue](repeating: OutputQueue(), count: 8)
        var pairs: [(Int32, Int32)] = []
        for index in queues.indices {
            pairs.append(try socketPair())
            queues[index].append([UInt8(index)])
            queues[index].append(shared)
        }
        for (index, (writer, reader)) in pairs.enumerated() {
            var received: [UInt8] = []
            while !queues[index].isEmpty {
                _ = queues[index].write(to: writer)
                received += readAll(reader)
            }
            XCTAssertEqual(received, [UInt8(index)] + shared)
        }
    }

    func testABrokenConnectionIsReportedNotRaisedAsSIGPIPE() throws {
        let (writer, reader) = try socketPair()
        close(reader)
        var queue = OutputQueue()
        queue.append([1, 2, 3])
        XCTAssertEqual(queue.write(to: writer), .failed(EPIPE))
    }

    // MARK: Producers

    /// Makes `total` bytes (a counting pattern) in parts, recording the size of each part asked.
    private final class CountingProducer: OutputProducer {
        let total: Int
        private(set) var made = 0
        private(set) var asked: [Int] = []
        init(total: Int) { self.total = total }
        var remaining: Int { total - made }
        func next(limit: Int) -> [UInt8] {
            asked.append(limit)
            let part = min(limit, remaining)
            defer { made += part }
            return (made..<(made + part)).map { UInt8(truncatingIfNeeded: $0 % 253) }
        }
        var expected: [UInt8] { (0..<total).map { UInt8(truncatingIfNeeded: $0 % 253) } }
    }

    func testAProducerMakesItsBytesOnlyAsTheSocketDrainsAndInOrder() throws {
        let (writer, reader) = try socketPair(sendBuffer: 4096)
        var queue = OutputQueue()
        let producer = CountingProducer(total: 3 * OutputQueue.producedPartLimit + 17)
        queue.append([1, 2, 3])
        queue.append(producer)
        queue.append([4, 5])
        XCTAssertEqual(queue.count, 3 + producer.total + 2, "the count includes what is still to be made")
        XCTAssertEqual(producer.made, 0, "nothing is made before the writing reaches it")
        XCTAssertEqual(queue.write(to: writer), .wouldBlock)
        XCTAssertLessThanOrEqual(producer.made, OutputQueue.producedPartLimit, "one part at a time while the socket is full")
        var received = readAll(reader)
        while !queue.isEmpty {
            _ = queue.write(to: writer)
            received += readAll(reader)
            XCTAssertLessThanOrEqual(producer.made - (received.count - 3), 2 * OutputQueue.producedPartLimit, "made at most a part ahead of what was read")
        }
        XCTAssertEqual(received, [1, 2, 3] + producer.expected + [4, 5])
        XCTAssertTrue(producer.asked.allSatisfy { $0 == OutputQueue.producedPartLimit })
    }

    func testAnEmptyProducerQueuesNothing() {
        var queue = OutputQueue()
        queue.append(CountingProducer(total: 0))
        XCTAssertTrue(queue.isEmpty)
        XCTAssertEqual(queue.chunkCount, 0)
    }
}
