import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the inputs stage needs to know of a path, with every way it can fail put in words a user can act on:
/// not found, permission denied, a link that loops, a FIFO or a device where a file was expected. Links are
/// followed, as a user who links a contract into a folder expects.
package enum FileSystem {
    /// What a path names, after following symbolic links.
    package enum Kind: Equatable {
        case file(size: Int)
        case folder(FolderID)
        /// A FIFO, socket or device: never read, because reading one can block or never end.
        case special(String)
    }

    /// Identifies a folder whatever path reaches it, so a walk can tell when a link leads back up.
    package struct FolderID: Hashable {
        package var device: UInt64
        package var inode: UInt64
    }

    /// Why a path cannot be used: `reason` is in words that finish "'path' …".
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var path: String
        package var reason: String
        /// `true` when nothing is there at all (a missing path, or a link to one).
        package var isMissing = false

        /// The path (relative to the working directory when it is inside it) and the reason.
        package var description: String {
            let workingDirectory = FileManager.default.currentDirectoryPath + "/"
            let shown = path.hasPrefix(workingDirectory) ? String(path.dropFirst(workingDirectory.count)) : path
            return "'\(shown)' \(reason)"
        }
    }

    package static func kind(of path: String) throws(Problem) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { throw problem(errno: errno, path: path) }
        return kind(of: status)
    }

    /// Reads a regular file, refusing anything else. Stops after `limit + 1` bytes, so a file that grows while
    /// it is read cannot exhaust memory; the caller sees the extra byte and reports the file as too large.
    package static func read(_ path: String, limit: Int) throws(Problem) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw problem(errno: errno, path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw problem(errno: errno, path: path) }
        // Checked on the open file, not the path, so the file read is the file checked.
        if case .special(let what) = kind(of: status) {
            throw Problem(path: path, reason: "is \(what), not a file; a contract is a YAML text file")
        }
        if case .folder = kind(of: status) { throw Problem(path: path, reason: "is a folder, not a file") }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw problem(errno: errno, path: path)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<min(count, limit + 1 - data.count)])
            if data.count > limit { return data }
        }
    }

    /// The names in a folder, sorted, or why it cannot be listed.
    package static func contents(of folder: String) throws(Problem) -> [String] {
        guard let directory = opendir(folder) else { throw problem(errno: errno, path: folder) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    private static func kind(of status: stat) -> Kind {
        switch status.st_mode & S_IFMT {
        case S_IFREG: .file(size: Int(status.st_size))
        case S_IFDIR: .folder(FolderID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
        case S_IFIFO: .special("a named pipe (FIFO)")
        case S_IFSOCK: .special("a socket")
        case S_IFCHR, S_IFBLK: .special("a device")
        default: .special("not a regular file")
        }
    }

    package static func problem(errno code: Int32, path: String) -> Problem {
        switch code {
        case ENOENT:
            var status = stat()
            if lstat(path, &status) == 0 {
                return Problem(
                    path: path, reason: "is a symbolic link to something that does not exist", isMissing: true)
            }
            return Problem(path: path, reason: "does not exist", isMissing: true)
        case ELOOP:
            return Problem(path: path, reason: "is a symbolic link that loops (too many levels of symbolic links)")
        case EACCES, EPERM:
            return Problem(path: path, reason: "cannot be accessed: permission denied; check its permissions")
        case ENOTDIR:
            return Problem(path: path, reason: "does not exist (a part of the path is not a folder)", isMissing: true)
        case ENAMETOOLONG: return Problem(path: path, reason: "is too long a path")
        default: return Problem(path: path, reason: "cannot be used: \(String(cString: strerror(code)).lowercased())")
        }
    }
}

// `read` is shadowed inside `FileSystem` by its own `read(_:limit:)`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension FileSystem {
    /// Puts `source` in place of `destination` in one step (rename(2)): a reader sees the old file or the
    /// new one, never a mix.
    package static func replace(_ destination: String, with source: String) throws(Problem) {
        guard rename(source, destination) == 0 else { throw problem(errno: errno, path: destination) }
    }

    /// Writes `data` to a new file at `path` and flushes it to disk before returning, so a file a journal
    /// names as ready is complete even after a power loss.
    package static func writeDurably(_ data: Data, to path: String) throws(Problem) {
        try data.withUnsafeBytes { bytes in Result { () throws(Problem) in try writeDurably(bytes, to: path) } }.get()
    }

    private static func writeDurably(_ bytes: UnsafeRawBufferPointer, to path: String) throws(Problem) {
        let descriptor = try create(path)
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, path: path)
        guard fsync(descriptor) == 0 else { throw problem(errno: errno, path: path) }
    }

    /// Creates (or empties) the file at `path` for writing; the caller closes the descriptor.
    package static func create(_ path: String) throws(Problem) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw problem(errno: errno, path: path) }
        return descriptor
    }

    /// Writes all of `bytes` to `descriptor` (the file at `path`, for the error).
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(Problem) {
        var written = 0
        while written < bytes.count {
            let count = writeBytes(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw problem(errno: errno, path: path)
            }
            written += count
        }
    }

    /// Removes a file; a file that is already gone is fine.
    package static func remove(_ path: String) throws(Problem) {
        guard unlink(path) == 0 || errno == ENOENT else { throw problem(errno: errno, path: path) }
    }

    /// Holds an exclusive lock on a folder for as long as the value lives (flock(2) on the folder itself, so no
    /// lock file is left behind; the system releases it when the process ends, however it ends).
    package final class FolderLock {
        private let descriptor: Int32

        /// Locks `folder`; calls `waiting` once if another process holds the lock, then waits for it.
        package init(_ folder: String, waiting: () -> Void) throws(Problem) {
            descriptor = open(folder, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileSystem.problem(errno: errno, path: folder) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                waiting()
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        let code = errno
                        close(descriptor)
                        throw FileSystem.problem(errno: code, path: folder)
                    }
                }
            }
        }

        deinit {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }
}

private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
