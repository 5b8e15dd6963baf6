/// The connected clients, by descriptor and by number (the key of their subscriptions), and the
/// bytes written to those who left.
struct ClientTable {
    private var byDescriptor: [Int32: Client] = [:]
    private var byNumber: [Int: Client] = [:]
    private var nextNumber = 1
    /// Bytes written to clients that have left (those still connected count their own).
    private var bytesSentToDeparted = 0

    /// The clients connected now.
    var count: Int { byDescriptor.count }

    /// Every connected client (a copy: the table may change while it is gone through).
    var all: Dictionary<Int32, Client>.Values { byDescriptor.values }

    /// The client on descriptor `fd`.
    subscript(fd: Int32) -> Client? { byDescriptor[fd] }

    /// The client numbered `number`.
    subscript(number number: Int) -> Client? { byNumber[number] }

    /// The clients by number, for looking them up while publishing.
    var numbered: [Int: Client] { byNumber }

    /// Whether `client` is still connected (its descriptor number may since belong to another).
    func contains(_ client: Client) -> Bool { byDescriptor[client.fd] === client }

    /// Bytes written to every client, gone or connected.
    var bytesSent: Int { byDescriptor.values.reduce(bytesSentToDeparted) { $0 + $1.bytesWritten } }

    /// A client for the new connection `fd`, with the next number (taken even if it is never added).
    mutating func makeClient(fd: Int32, maxFrameSize: Int, now: Duration) -> Client {
        defer { nextNumber += 1 }
        return Client(fd: fd, number: nextNumber, maxFrameSize: maxFrameSize, now: now)
    }

    mutating func add(_ client: Client) {
        byDescriptor[client.fd] = client
        byNumber[client.number] = client
    }

    mutating func remove(_ client: Client) {
        byDescriptor[client.fd] = nil
        byNumber[client.number] = nil
        bytesSentToDeparted += client.bytesWritten
    }
}
