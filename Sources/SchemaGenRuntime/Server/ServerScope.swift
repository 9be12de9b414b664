import Foundation

/// A scope of a server (the server itself, or one channel), whatever its event type.
protocol ServerScopeRouting: AnyObject {
    /// What streams the scope's frames now, if anything does. Read with the server's lock held.
    var routing: ServerFrameHandler? { get }
    /// Decodes a frame nothing else consumes, only to report it when it is not an event clients send, or does not
    /// decode: a server hears of every bad frame, listened to or not.
    var check: ServerFrameHandler { get }
}

/// One scope's event streams, typed by the scope's generated client-event enum. Every change rebuilds `routing`, so a
/// frame in flight keeps the streams it started with.
final class ServerScope<Event: Sendable>: ServerScopeRouting {
    private let decode: @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Event
    /// Each stream's handler returns the buffer that let an event go, or `nil` when it kept every one.
    private var streams: [(id: UUID, handler: @Sendable (ReceivedEvent<Event>) -> StreamBuffer?)] = []
    private(set) var routing: ServerFrameHandler?

    let check: ServerFrameHandler

    init(decode: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Event) {
        self.decode = decode
        self.check = { _, frame, decoder in _ = try decode(frame, decoder) }
    }

    // The following run with the server's lock held.

    func addStream(id: UUID, handler: @escaping @Sendable (ReceivedEvent<Event>) -> StreamBuffer?) {
        streams.append((id, handler))
        rebuild()
    }

    func removeStream(id: UUID) {
        streams.removeAll { $0.id == id }
        rebuild()
    }

    private func rebuild() {
        guard let toStreams = streamsHandler(streams.map(\.handler)) else { return routing = nil }
        let decode = decode
        routing = { connection, frame, decoder in
            try toStreams(ReceivedEvent(connection: connection, event: try decode(frame, decoder)))
        }
    }
}
