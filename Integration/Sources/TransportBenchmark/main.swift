import Foundation
import SchemaGenNIOTransport
import SchemaGenRuntime
import SchemaGenTransport
#if canImport(Glibc)
import Glibc
#endif

// Frames per second from a real Socket.IO server on 127.0.0.1 (python-socketio under uvicorn, started here) through
// NIOWebSocketBackend, the Socket.IO protocol and RealtimeConnection into a generated client's typed listener; and,
// in the same run, the same frame through LoopbackTransport into the same listener (the dispatch benchmark's row 1).
// Release builds only: `swift run -c release TransportBenchmark [frames]` in Integration/ (Benchmarks/run.py runs it).

let frames = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 50_000
let servers = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appending(path: "Tests/IntegrationTests/Servers")

/// Counts deliveries; listeners run one at a time.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var done: CheckedContinuation<Void, Never>?
    private var target = Int.max
    private var first: ContinuousClock.Instant?

    /// When the first delivery came.
    var firstArrival: ContinuousClock.Instant? { lock.withLock { first } }

    func add() {
        let finished = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            count += 1
            if count == 1 { first = .now }
            guard count == target, let done else { return nil }
            self.done = nil
            return done
        }
        finished?.resume()
    }

    func wait(for target: Int) async {
        await withCheckedContinuation { continuation in
            let reached = lock.withLock {
                self.target = target
                if count >= target { return true }
                done = continuation
                return false
            }
            if reached { continuation.resume() }
        }
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func freePort() -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

// 1. The loopback figure: the frame python-socketio sends, delivered in memory.
let payloadText =
    #"{"bookingId":"b-4821","poraId":"p-17","poraName":"Juz 17","groupId":"g-family","groupName":"Family circle","userId":"u-2291","userName":"Aisha","totalFinished":12,"hatmCompleted":false,"timestamp":"2025-01-31T09:30:00.123Z"}"#
let frame = Data((#"["pora_completed","# + payloadText + "]").utf8)
let loopback = LoopbackTransport()
let loopbackClient = Zikr.Client(transport: loopback)
let loopbackCount = Counter()
/// Registered from no actor, as a service's listener: top-level code runs on the main actor, whose listeners would
/// add a hop to every frame (DispatchBenchmark measures that apart).
nonisolated func count(_ client: Zikr.Client, into counter: Counter, expecting total: Int? = nil) -> ListenerToken {
    client.onPoraCompleted { completed in
        if let total { precondition(completed.totalFinished == total) }
        counter.add()
    }
}
/// Delivered as a transport's receiving task does, from no actor.
nonisolated func deliver(_ frame: Data, times: Int, to transport: LoopbackTransport) async {
    for _ in 0..<times { await transport.deliver(frame) }
}
let loopbackToken = count(loopbackClient, into: loopbackCount)
let loopbackStart = ContinuousClock.now
await deliver(frame, times: frames, to: loopback)
await loopbackCount.wait(for: frames)
let loopbackRate = Double(frames) / seconds(ContinuousClock.now - loopbackStart)
loopbackToken.cancel()

// 2. From a real server, over TCP and a WebSocket.
let port = freePort()
let server = Process()
server.executableURL = URL(filePath: "/usr/bin/env")
server.arguments = [
    "python3", servers.appending(path: "socketio_server.py").path, "--port", String(port), "--log", "/dev/null",
]
let output = Pipe()
server.standardOutput = output
try server.run()
while !String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).contains("ready") {}

let connection = RealtimeConnection(
    url: URL(string: "ws://127.0.0.1:\(port)")!, backend: NIOWebSocketBackend(), protocol: SocketIOProtocol(),
    options: ConnectionOptions(credentials: { ConnectionCredentials(auth: ["burst": .number(JSONNumber(frames))]) }))
let client = Zikr.Client(transport: connection)
let received = Counter()
let token = count(client, into: received, expecting: 12)
connection.connect()
try await connection.waitUntilConnected()
await received.wait(for: frames)
// From the first frame on: the connection's opening is not what this measures.
let elapsed = ContinuousClock.now - received.firstArrival!
token.cancel()
await connection.disconnect()
let serverRate = Double(frames) / seconds(elapsed)
// SIGKILL: uvicorn's graceful shutdown on SIGTERM waits for what the test server never finishes.
kill(server.processIdentifier, SIGKILL)
server.waitUntilExit()

print("transport\tgenerated client, loopback (in memory, typed listener)\t\(Int(loopbackRate))")
print(
    "transport\tgenerated client, python-socketio on 127.0.0.1 → NIO WebSocket → Socket.IO → typed listener\t\(Int(serverRate))"
)
