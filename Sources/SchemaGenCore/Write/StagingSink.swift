import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a file streams when it is written (its text at once, or its rendering as it goes): compared with the file
/// it would replace as its bytes arrive, and staged in its temporary file only once they differ.
///
/// While the bytes match the old file nothing is written (regenerating an unchanged contract, what every build
/// does, writes nothing). At the first difference the matching part is copied from the old file into the
/// temporary file and the rest is written after it. A file whose bytes all match leaves no temporary file.
final class StagingSink: OutputSink {
    private let temporary: String
    /// The old file while its bytes still match what arrived; -1 when there is none or once they differ.
    private var old: Int32 = -1
    private var oldSize = 0
    private var matched = 0
    private var staged: Int32 = -1
    /// How many bytes the temporary file holds.
    private var stagedLength = 0
    private var failure: FileSystem.Problem?
    private var comparison: UnsafeMutableRawBufferPointer?
    /// Called before the temporary file is created (the run's journal must name it first).
    private let beforeStaging: () throws(FileSystem.Problem) -> Void

    /// A sink for the file that will replace `destination`, staged at `temporary` (whose folder exists).
    init(destination: String, temporary: String, beforeStaging: @escaping () throws(FileSystem.Problem) -> Void = {}) {
        self.temporary = temporary
        self.beforeStaging = beforeStaging
        let descriptor = open(destination, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        if let size = FileSystem.regularFileSize(descriptor) {
            old = descriptor
            oldSize = size
        } else {
            close(descriptor)
        }
    }

    deinit {
        if old >= 0 { close(old) }
        if staged >= 0 { close(staged) }
        comparison?.deallocate()
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !bytes.isEmpty else { return }
        if staged < 0 {
            if oldContinues(with: bytes) {
                matched += bytes.count
                return
            }
            startStaging()
        }
        guard failure == nil else { return }
        do {
            try FileSystem.writeAll(bytes, to: staged, path: temporary)
            FileSystem.startWriting(staged, offset: stagedLength, count: bytes.count)
            stagedLength += bytes.count
        } catch {
            failure = error
        }
    }

    /// Ends the file: whether it was staged (its bytes differ from the old file's, or there was none), durably;
    /// `false` when the old file already holds exactly these bytes.
    func finish() throws(FileSystem.Problem) -> Bool {
        if failure == nil, staged < 0 {
            if old >= 0, matched == oldSize { return false }
            startStaging()
        }
        if let failure { throw failure }
        guard fsync(staged) == 0 else { throw FileSystem.problem(errno: errno, path: temporary) }
        return true
    }

    /// Whether the old file's next bytes are `bytes`.
    private func oldContinues(with bytes: UnsafeRawBufferPointer) -> Bool {
        guard old >= 0, matched + bytes.count <= oldSize else { return false }
        if (comparison?.count ?? 0) < bytes.count {
            comparison?.deallocate()
            comparison = .allocate(byteCount: bytes.count, alignment: 1)
        }
        let buffer = comparison!.baseAddress!
        return FileSystem.readFully(old, into: buffer, count: bytes.count) == bytes.count
            && memcmp(buffer, bytes.baseAddress!, bytes.count) == 0
    }

    /// Opens the temporary file and copies into it the part of the old file that matched.
    private func startStaging() {
        do throws(FileSystem.Problem) {
            try beforeStaging()
            staged = try FileSystem.create(temporary)
            if matched > 0 {
                let chunk = 1 << 20
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
                defer { buffer.deallocate() }
                var copied = 0
                while copied < matched {
                    let count = min(chunk, matched - copied)
                    let read = pread(old, buffer.baseAddress!, count, off_t(copied))
                    guard read > 0 else {
                        if read < 0, errno == EINTR { continue }
                        throw FileSystem.problem(errno: read < 0 ? errno : EIO, path: temporary)
                    }
                    try FileSystem.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<read]), to: staged, path: temporary)
                    copied += read
                }
                FileSystem.startWriting(staged, offset: 0, count: matched)
                stagedLength = matched
            }
        } catch {
            failure = error
        }
        if old >= 0 {
            close(old)
            old = -1
        }
    }
}
