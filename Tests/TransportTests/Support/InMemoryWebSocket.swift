import Foundation
import SchemaGenRuntime
import SchemaGenTransport

/// A ``WebSocketBackend`` whose sockets lead, in memory, to a ``WebSocketServerTransport``: each `connect` hands the
/// server a fresh socket, as a web framework would after its upgrade. Client and server protocol sessions then talk
/// message by message, with no network.
final class InMemoryWebSocketBackend: WebSocketBackend, @unchecked Sendable {
    let server: WebSocketServerTransport
    private let lock = NSLock()
    private var sockets: [InMemorySocket] = []

    init(server: WebSocketServerTransport) {
        self.server = server
    }

    /// The server's ends of the sockets opened so far, oldest first.
    var serverEnds: [InMemorySocket] { lock.withLock { sockets } }

    func connect(to request: WebSocketRequest) async throws -> any WebSocketConnection {
        let (toServer, serverInbox) = AsyncThrowingStream.makeStream(of: WebSocketMessage.self)
        let (toClient, clientInbox) = AsyncThrowingStream.makeStream(of: WebSocketMessage.self)
        let clientEnd = InMemorySocket(outbox: serverInbox, inbox: clientInbox, messages: toClient)
        let serverEnd = InMemorySocket(outbox: clientInbox, inbox: serverInbox, messages: toServer)
        lock.withLock { sockets.append(serverEnd) }
        Task { [server] in await server.serve(serverEnd, messages: toServer) }
        return clientEnd
    }
}

/// One end of an in-memory WebSocket: what it sends arrives at the other end's `messages`; closing ends both.
final class InMemorySocket: WebSocketConnection, ServerWebSocket, @unchecked Sendable {
    private let outbox: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    private let inbox: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    let messages: AsyncThrowingStream<WebSocketMessage, any Error>
    private let lock = NSLock()
    private var closed = false

    init(
        outbox: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation,
        inbox: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation,
        messages: AsyncThrowingStream<WebSocketMessage, any Error>
    ) {
        self.outbox = outbox
        self.inbox = inbox
        self.messages = messages
    }

    func send(_ message: WebSocketMessage) async throws {
        guard !lock.withLock({ closed }) else { throw WebSocketFailure("the in-memory WebSocket is closed") }
        outbox.yield(message)
    }

    func close() async {
        await close(reason: "closed")
    }

    func close(reason: String) async {
        lock.withLock { closed = true }
        outbox.finish()
        inbox.finish()
    }
}
