import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real server the tests start on 127.0.0.1: one of the python programs in `Servers/` (or another program, such as
/// `schemagen-mock`), on a port of its own. It can be killed, restarted on the same port, and paused (SIGSTOP) to play
/// a server that stops answering; what it prints is kept (``output``).
final class ServerProcess: @unchecked Sendable {
    let script: String
    let arguments: [String]
    /// The program and its first arguments, before `--port`.
    let command: [String]
    private(set) var port: Int
    private var process: Process?
    private let printed = Printed()

    static let servers = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(
        path: "Servers")

    /// Starts `script` with `--port <free port>` and `arguments`; returns once it prints `ready`.
    ///
    /// The port is free when chosen but the server binds it later, so another process (a parallel test's server, an
    /// outgoing connection's ephemeral port) can take it in between: a server that exits before it is ready is
    /// started again on another port, a few times, before the test fails with the server's own error output.
    /// `ports` chooses each attempt's port (tests hand it a taken one first).
    convenience init(
        _ script: String, _ arguments: [String] = [], ports: () throws -> Int = ServerProcess.freePort
    ) async throws {
        try await self.init(
            command: ["python3", Self.servers.appending(path: script).path], named: script, arguments, ports: ports)
    }

    /// Starts `command` with `--port <free port>` and `arguments`, as ``init(_:_:ports:)`` starts a script.
    init(
        command: [String], named name: String, _ arguments: [String] = [],
        ports: () throws -> Int = ServerProcess.freePort
    ) async throws {
        self.script = name
        self.command = command
        self.arguments = arguments
        var attempt = 1
        while true {
            port = try ports()
            do {
                try await start()
                return
            } catch let failure as ServerFailure where failure.exitedEarly && attempt < 5 {
                attempt += 1
            }
        }
    }

    var url: URL { URL(string: "ws://127.0.0.1:\(port)")! }

    /// Starts the server on `port` (again, after `kill()`); returns once it prints `ready`.
    func start() async throws {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = command + ["--port", String(port)] + arguments
        let output = Pipe()
        process.standardOutput = output
        // A file, not a pipe: a server that logs for the whole test would fill a pipe nobody reads and stall.
        let errors = FileManager.default.temporaryDirectory.appending(path: "server-\(UUID().uuidString).stderr")
        guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
            throw ServerFailure("could not create \(errors.path) for \(script)'s error output")
        }
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardError = try FileHandle(forWritingTo: errors)
        let printed = printed
        printed.reset()
        try process.run()
        self.process = process
        // Read for the process's whole life: a pipe nobody reads would stall a server that prints a line per frame.
        // A thread of its own, not a task: the read blocks, and a few servers alive at once would otherwise hold
        // every thread of the cooperative pool (two, on two cores) and stall every test.
        Thread {
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed.append(chunk)
            }
            printed.finish()
        }.start()
        let deadline = ContinuousClock.now + .seconds(30)
        var timedOut = false
        while !printed.text.contains("ready") {
            if printed.isFinished { break }
            if ContinuousClock.now > deadline {
                timedOut = true
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        guard printed.text.contains("ready") else {
            process.terminate()
            process.waitUntilExit()
            self.process = nil
            let said = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
            let tail = said.split(separator: "\n").suffix(15).joined(separator: "\n")
            throw ServerFailure(
                "\(script) on port \(port) exited before it was ready (status \(process.terminationStatus)); its error output:\n\(tail)\n"
                    + "(its packages: pip install -r \(Self.servers.path)/requirements.txt)",
                exitedEarly: !timedOut)
        }
    }

    /// What the server printed on standard output since it last started.
    var output: String { printed.text }

    /// Stops the server as Ctrl-C does (SIGINT) and returns its exit status once it has ended.
    func interrupt() -> Int32 {
        guard let process else { return -1 }
        Glibc.kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        self.process = nil
        return process.terminationStatus
    }

    /// Kills the server at once, as a crash would: no goodbye to any client.
    func kill() {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Freezes the server: its connections stay open and silent.
    func pause() {
        if let process { Glibc.kill(process.processIdentifier, SIGSTOP) }
    }

    func resume() {
        if let process { Glibc.kill(process.processIdentifier, SIGCONT) }
    }

    deinit {
        kill()
    }

    /// A port nobody listens on now: the kernel's choice for a socket bound to port 0.
    static func freePort() throws -> Int {
        let (descriptor, port) = try loopbackSocket(listening: false)
        close(descriptor)
        return port
    }

    /// A TCP socket bound to a port of the kernel's choice on 127.0.0.1, listening if asked; the caller closes it.
    static func loopbackSocket(listening: Bool) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerFailure("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && (!listening || listen(descriptor, 1) == 0)
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw ServerFailure("could not bind a port on 127.0.0.1")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}

struct ServerFailure: Error, CustomStringConvertible {
    let description: String
    /// The server process ended before it said `ready` (a port taken meanwhile, a missing package), rather than
    /// hanging past the deadline.
    let exitedEarly: Bool
    init(_ description: String, exitedEarly: Bool = false) {
        self.description = description
        self.exitedEarly = exitedEarly
    }
}

/// The process's resident memory and thread count, from /proc: what a leak of memory or of tasks would grow.
struct ProcessFootprint {
    let residentBytes: Int
    let threads: Int

    static func now() -> ProcessFootprint {
        // Freed memory malloc still holds is not a leak: hand it back before reading (glibc's malloc_trim, which
        // the Glibc module does not export).
        if let trim = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
        }
        return ProcessFootprint(residentBytes: field("VmRSS") * 1024, threads: field("Threads"))
    }
}

/// Everything a server printed, gathered by its reader as it comes.
private final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false

    func reset() { lock.withLock { (data, finished) = (Data(), false) } }
    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    func finish() { lock.withLock { finished = true } }
    var isFinished: Bool { lock.withLock { finished } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
