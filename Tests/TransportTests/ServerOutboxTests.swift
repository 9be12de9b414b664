import Foundation
@_spi(Generated) import GeneratedClients
@_spi(Generated) import SchemaGenRuntime
import SchemaGenTransport
import TestSupport
import Testing

/// The WebSocket server transport's per-connection outbound queues (issue 35): a send queues the frame and returns, so a
/// broadcast never waits for a slow reader; a reader that falls further behind than its outbound buffer, or whose
/// write outlasts the write timeout, is closed with that reason; a close writes what was queued before it.
@Suite(.timeLimit(.minutes(1))) struct ServerOutboxTests {
    typealias GQL = GraphQLTransportWS

    /// A server's end of a WebSocket whose writes can be held, as a client that stopped reading holds them once the
    /// kernel's buffers are full.
    final class HeldSocket: ServerWebSocket, @unchecked Sendable {
        private let lock = NSLock()
        private var holding: Bool
        private var held: [CheckedContinuation<Void, any Error>] = []
        private var written: [String] = []
        private var closedWith: String?
        let inbox = WebSocketInbox()

        init(holding: Bool) {
            self.holding = holding
        }

        var messages: [String] { lock.withLock { written } }
        var closeReason: String? { lock.withLock { closedWith } }

        func send(_ message: WebSocketMessage) async throws {
            let hold = lock.withLock { () -> Bool in
                if !holding, case .text(let text) = message { written.append(text) }
                return holding
            }
            guard hold else { return }
            try await withCheckedThrowingContinuation { continuation in lock.withLock { held.append(continuation) } }
        }

        func close(reason: String) async {
            let waiting = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
                closedWith = closedWith ?? reason
                defer { held = [] }
                return held
            }
            for continuation in waiting { continuation.resume(throwing: WebSocketFailure("closed")) }
            inbox.finish()
        }
    }

    /// A plain-WebSocket server with the given limits, and its sockets opened (each served until it closes).
    static func serve(_ sockets: [HeldSocket], limits: ServerLimits) async throws -> (GQL.Server, Recorder<String>) {
        let transport = WebSocketServerTransport()
        let server = GQL.Server(transport: transport)
        server.limits = limits
        let disconnects = Recorder<String>()
        server.onDisconnect { connection, reason in disconnects.append("\(connection.id): \(reason)") }
        // One at a time: the tests name connections by their number, which is the order they open in.
        for (index, socket) in sockets.enumerated() {
            Task { await transport.serve(socket, inbox: socket.inbox) }
            try await eventually("socket \(index + 1) is open") { server.openConnections.count == index + 1 }
        }
        return (server, disconnects)
    }

    static func next(_ index: Int) -> GQL.ServerEvent { .complete(.init(id: "\(index)")) }

    @Test func aReaderThatStopsReadingDelaysNoBroadcastAndIsClosedAfterTheWriteTimeout() async throws {
        let (reading, stalled) = (HeldSocket(holding: false), HeldSocket(holding: true))
        let (server, disconnects) = try await Self.serve(
            [reading, stalled], limits: ServerLimits(writeTimeout: .milliseconds(200)))
        for index in 0..<50 { try await server.emit(Self.next(index), to: .everyone) }
        // Every broadcast returned without waiting for the stalled reader, and the reading one has them all.
        try await eventually("the reading connection has every broadcast") { reading.messages.count == 50 }
        try await eventually("the stalled connection is closed") { disconnects.values.count == 1 }
        #expect(disconnects.values[0].hasPrefix("2: the client took no frame for 0.2 seconds (it stopped reading)"))
        #expect(stalled.closeReason == String(disconnects.values[0].dropFirst(3)))
        #expect(server.openConnections.map(\.id) == [1])
    }

    @Test func aReaderThatFallsFurtherBehindThanItsBufferIsClosedSayingSo() async throws {
        let (reading, stalled) = (HeldSocket(holding: false), HeldSocket(holding: true))
        // Each frame is 30 bytes or so: 200 bytes hold six of them, the first being written.
        let (server, disconnects) = try await Self.serve(
            [reading, stalled], limits: ServerLimits(writeTimeout: .seconds(60), outboundBuffer: 200))
        // The reading connection is let take each frame before the next: on a busy machine its writer, too, could
        // otherwise fall 200 bytes behind.
        for index in 0..<20 {
            try await server.emit(Self.next(index), to: .everyone)
            try await eventually("the reading connection takes frame \(index)") { reading.messages.count == index + 1 }
        }
        try await eventually("the slow connection is closed") { disconnects.values.count == 1 }
        #expect(disconnects.values[0].contains("2: the client fell behind: "))
        #expect(disconnects.values[0].contains("(the outbound buffer holds 200); closed so it stalls no one else"))
        #expect(disconnects.values.count == 1)
        // Sending to it by name now fails: it is closing.
        await #expect(throws: (any Error).self) {
            try await server.emit(Self.next(99), to: .connection(ServerConnection(id: 2)))
        }
    }

    @Test func aCloseWritesWhatWasQueuedBeforeIt() async throws {
        let socket = HeldSocket(holding: false)
        let (server, disconnects) = try await Self.serve([socket], limits: .standard)
        let connection = try #require(server.openConnections.first)
        for index in 0..<3 { try await server.emit(Self.next(index), to: .connection(connection)) }
        await server.core.transport.close(connection, reason: "maintenance")
        try await eventually("the connection ends") { disconnects.values.count == 1 }
        #expect(socket.messages.count == 3)
        #expect(socket.closeReason == "maintenance")
        #expect(disconnects.values == ["1: maintenance"])
    }
}
