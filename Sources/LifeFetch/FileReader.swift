import Glibc
import LifePatterns
import LifeSystem
import Protocol

/// Reads configuration lists from local files with plain POSIX calls.
///
/// A `file:` URL may name any file the fetch helper can read, which may be more than the client
/// who asked may read (a system `lifed` runs as its own user; one started by root reads
/// anything), and the error goes back to that client. So every failure says the same thing,
/// whatever is wrong: that the path is not a configurations list lifed can read. Nothing tells
/// a missing path from one lifed may not open, a device, a FIFO, a folder, a file too long or
/// one that holds something else: no quoted text, no byte offset, no size, no count, no
/// system error. A client could otherwise map what exists where only the daemon's user may look.
enum FileReader {
    /// The one message for a file that is not a usable list, whatever is wrong with it.
    static func notAList(_ path: String, maxBytes: Int) -> String {
        "\(path) is not a configurations list lifed can read (a regular file holding a JSON array of {\"title\", \"contents\"} objects, at most \(maxBytes) bytes)"
    }

    /// The configurations in the file at `path`, or a failure that reveals nothing of the file.
    static func configurations(at path: String, maxBytes: Int) -> Result<[Configuration], FetchFailure> {
        read(path, maxBytes: maxBytes).flatMap { bytes in
            ConfigurationFetcher.decode(bytes, from: path).mapError { _ in FetchFailure(notAList(path, maxBytes: maxBytes)) }
        }
    }

    /// The bytes of the regular file at `path`, or ``notAList(_:maxBytes:)`` whatever the
    /// failure: it cannot be opened, is not a regular file, cannot be read, or is longer than
    /// `maxBytes`.
    static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], FetchFailure> {
        let maxBytes = min(max(maxBytes, 0), Int.max - 1)
        let notReadable = Result<[UInt8], FetchFailure>.failure(FetchFailure(notAList(path, maxBytes: maxBytes)))
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below, as a
        // device is); it changes nothing for a regular file. O_NOCTTY: a terminal is not adopted.
        let fd: FileDescriptor
        do throws(SystemError) {
            fd = try FileDescriptor.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        } catch {
            return notReadable
        }
        defer { try? fd.close() }
        let info: stat
        do throws(SystemError) { info = try fd.status() } catch { return notReadable }
        guard info.st_mode & S_IFMT == S_IFREG else { return notReadable }
        guard Int64(info.st_size) <= Int64(maxBytes) else { return notReadable }
        // The file may grow while it is read: read at most one byte past the limit.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= maxBytes {
            let wanted = min(chunk.count, maxBytes + 1 - bytes.count)
            let result = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try fd.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted])) }
            }
            let count: Int
            do throws(SystemError) { count = try result.get() } catch { return notReadable }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return notReadable
    }
}
