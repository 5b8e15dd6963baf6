import Glibc
import Protocol

/// Reads local files with plain POSIX calls, so that errors name the path and the system's reason.
enum FileReader {
    /// The bytes of the regular file at `path`, or a failure naming the path: it cannot be
    /// opened, is not a regular file, or is longer than `maxBytes`.
    static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], FetchFailure> {
        let maxBytes = min(max(maxBytes, 0), Int.max - 1)
        func failure(_ what: String) -> Result<[UInt8], FetchFailure> {
            let reason = String(cString: strerror(errno))
            return .failure(FetchFailure("\(what) \(path): \(reason)"))
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return failure("cannot open") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return failure("cannot read") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(FetchFailure("cannot read \(path): it is not a regular file"))
        }
        guard Int64(info.st_size) <= Int64(maxBytes) else {
            return .failure(FetchFailure("cannot read \(path): it is \(info.st_size) bytes; lifed reads at most \(maxBytes)"))
        }
        // The file may grow while it is read: read at most one byte past the limit.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= maxBytes {
            let count = chunk.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress, min(buffer.count, maxBytes + 1 - bytes.count))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return failure("cannot read")
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .failure(FetchFailure("cannot read \(path): it is longer than \(maxBytes) bytes; lifed reads at most \(maxBytes)"))
    }
}
