import Foundation

/// The engine inside every generated client: frames events for the transport, and routes incoming frames
/// to the typed listeners and event streams of their scope (the client itself, or one channel).
///
/// Generated code is a typed skin over this class; apps use the generated clients, not this directly.
/// Listeners run on the thread the transport delivers on, one frame at a time, in arrival order.
public final class RealtimeClientCore: @unchecked Sendable {
    /// Turns a frame of one scope into that scope's generated event enum (its `unknown` case included).
    public typealias ScopeDecoder = @Sendable (_ frame: WireFraming.ParsedFrame, _ decoder: JSONDecoder) throws -> any Sendable
    public typealias Handler = @Sendable (any Sendable) -> Void

    public let transport: any RealtimeTransport
    public let framing: WireFraming
    // JSONEncoder and JSONDecoder are safe to share once configured: they are only read after init.
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    private let lock = NSLock()
    private var scopes: [ScopeKey: Scope] = [:]
    // Arrays, not dictionaries: handlers run in the order they were registered.
    private var errorHandlers: [(id: UUID, handler: @Sendable (IncomingFailure) -> Void)] = []

    private struct ScopeKey: Hashable {
        var channel: String?
    }

    private struct Scope {
        var decode: ScopeDecoder
        var listeners: [String: [(id: UUID, handler: Handler)]] = [:]
        var streams: [(id: UUID, handler: Handler)] = []
    }

    public init(transport: any RealtimeTransport, framing: WireFraming, dates: WireDateEncoding) {
        self.transport = transport
        self.framing = framing
        self.encoder = dates.makeEncoder()
        self.decoder = dates.makeDecoder()
        transport.setReceiver { [weak self] frame in self?.receive(frame) }
    }

    // MARK: Sending

    /// Encodes `payload` and sends the event in the contract's framing.
    public func emit(eventName: String, channel: String?, payload: (some Encodable & Sendable)?) async throws {
        let body = try payload.map { try encoder.encode($0) }
        try await send(eventName: eventName, channel: channel, payload: body)
    }

    /// Sends an event without payload.
    public func emit(eventName: String, channel: String?) async throws {
        try await send(eventName: eventName, channel: channel, payload: nil)
    }

    private func send(eventName: String, channel: String?, payload: Data?) async throws {
        let data = framing.frame(eventName: eventName, channel: channel, payload: payload)
        try await transport.send(OutgoingFrame(eventName: eventName, channel: channel, payload: payload, data: data))
    }

    // MARK: Registering

    /// Declares a scope (`nil`: events outside channels) and how its frames decode. Idempotent.
    public func registerScope(channel: String?, decode: @escaping ScopeDecoder) {
        lock.withLock {
            if scopes[ScopeKey(channel: channel)] == nil { scopes[ScopeKey(channel: channel)] = Scope(decode: decode) }
        }
    }

    /// Calls `handler` with the scope's decoded event enum for every `eventName` frame of the scope.
    public func addListener(channel: String?, eventName: String, handler: @escaping Handler) -> ListenerToken {
        let id = UUID()
        let key = ScopeKey(channel: channel)
        lock.withLock { scopes[key]?.listeners[eventName, default: []].append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in
            self?.lock.withLock { self?.scopes[key]?.listeners[eventName]?.removeAll { $0.id == id } }
        }
    }

    /// Every event of the scope, as its generated enum, until the consuming task ends.
    public func events<Event: Sendable>(channel: String?, as type: Event.Type) -> AsyncStream<Event> {
        let key = ScopeKey(channel: channel)
        return AsyncStream { continuation in
            let id = UUID()
            lock.withLock {
                scopes[key]?.streams.append((id, { event in
                    if let event = event as? Event { continuation.yield(event) }
                }))
            }
            continuation.onTermination = { [weak self] _ in
                self?.lock.withLock { self?.scopes[key]?.streams.removeAll { $0.id == id } }
            }
        }
    }

    /// Calls `handler` for every frame that cannot be delivered (malformed, or a payload that does not decode).
    public func addErrorHandler(_ handler: @escaping @Sendable (IncomingFailure) -> Void) -> ListenerToken {
        let id = UUID()
        lock.withLock { errorHandlers.append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in
            self?.lock.withLock { self?.errorHandlers.removeAll { $0.id == id } }
        }
    }

    // MARK: Receiving

    /// Routes one incoming frame. Transports call this through the receiver set at init.
    public func receive(_ incoming: IncomingFrame) {
        let parsed: WireFraming.ParsedFrame
        do {
            parsed = try framing.parse(incoming.data)
        } catch {
            report(IncomingFailure(eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: nil,
                                   reason: .malformedFrame(error)))
            return
        }
        let channel = parsed.channel ?? incoming.channel
        // Copies of the arrays, not new arrays: the handlers are read after the lock is released.
        let (decode, listeners, streams) = lock.withLock { () -> (ScopeDecoder?, [(id: UUID, handler: Handler)], [(id: UUID, handler: Handler)]) in
            guard let scope = scopes[ScopeKey(channel: channel)] else { return (nil, [], []) }
            return (scope.decode, scope.listeners[parsed.eventName] ?? [], scope.streams)
        }
        // Nobody listens: nothing to decode.
        guard let decode, !listeners.isEmpty || !streams.isEmpty else { return }
        let event: any Sendable
        do {
            event = try decode(parsed, decoder)
        } catch let error as DecodingError {
            report(IncomingFailure(eventName: parsed.eventName, channel: channel, rawFrame: incoming.data, rawPayload: parsed.payload,
                                   reason: .undecodablePayload(error)))
            return
        } catch {
            report(IncomingFailure(eventName: parsed.eventName, channel: channel, rawFrame: incoming.data, rawPayload: parsed.payload,
                                   reason: .malformedFrame(WireFraming.MalformedFrame(reason: "\(error)"))))
            return
        }
        for listener in listeners { listener.handler(event) }
        for stream in streams { stream.handler(event) }
    }

    private func report(_ failure: IncomingFailure) {
        let handlers = lock.withLock { errorHandlers.map(\.handler) }
        for handler in handlers { handler(failure) }
    }
}

extension WireFraming.ParsedFrame {
    /// The payload's bytes, or JSON `null` when the frame has none, so a missing payload fails to decode
    /// with a clear "value not found" rather than being skipped.
    public var payloadOrNull: Data {
        payload ?? Data("null".utf8)
    }
}
