import Foundation

/// Runs blocking work (a child process, its pipes) on a thread of its own. Tests run on Swift's cooperative
/// pool, as wide as the machine's cores: blocking it starved every other suite on CI's two cores.
public func offCooperativePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

/// The same, for work that cannot fail.
public func offCooperativePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}

/// A finished child process: its exit status and what it printed.
public struct ChildProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// Runs `executable` with `arguments` in `directory` to its end, off the cooperative pool.
public func runChildProcess(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String]? = nil
) async throws -> ChildProcessResult {
    try await offCooperativePool {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Standard error is read on another thread so that neither pipe can fill up and block the child.
        let errorData = ErrorBuffer()
        let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ChildProcessResult(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.wait(), as: UTF8.self))
    }
}

/// The bytes one thread reads, handed to another.
private final class ErrorBuffer: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ data: Data) {
        condition.withLock {
            self.data = data
            condition.broadcast()
        }
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}

/// The executable `name` as the shell would find it on the `PATH`, or `nil`.
public func executableOnPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
