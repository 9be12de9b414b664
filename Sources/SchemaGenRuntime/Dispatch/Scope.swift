import Foundation

/// A scope of a client (the client itself, or one channel), whatever its event type.
protocol ScopeRouting: AnyObject {
    /// How frames are delivered now. Read with the client's lock held.
    var routing: ScopeRoutes { get }
}

/// Handles one parsed frame: decodes it and calls what listens to it. Asynchronous because a listener may be isolated
/// to an actor (the main actor of the view model that registered it), which the frame's delivery then waits for.
typealias FrameHandler = @Sendable (WireFraming.ParsedFrame, WireDecoder) async throws -> Void

/// A listener as the app registered it: isolated to the actor it was registered on (`@isolated(any)`), or to none.
public typealias Listener<Value> = @isolated(any) @Sendable (Value) -> Void

/// A snapshot of a scope's routing, used after the lock is released.
///
/// Deliberately not generic, and made of closures built when listeners change: the runtime is not
/// specialized for the app's event types, and generic code on the per-frame path would look up type
/// metadata (arrays, tuples, closures of the payload type) on every frame, which cost a quarter of dispatch.
final class ScopeRoutes: Sendable {
    let byEventName: [String: FrameHandler]
    /// For events nobody listens to by name, `unknown` ones included: the streams, if any.
    let unrouted: FrameHandler?

    init(byEventName: [String: FrameHandler], unrouted: FrameHandler?) {
        self.byEventName = byEventName
        self.unrouted = unrouted
    }

    @inline(__always)
    func deliver(_ frame: WireFraming.ParsedFrame, decoder: WireDecoder) async throws {
        if let handler = byEventName[frame.route] ?? unrouted {
            try await handler(frame, decoder)
        }
    }
}

/// One scope's listeners and streams, typed by the scope's generated event enum. Every change rebuilds
/// `routing`, so a frame in flight keeps the listeners it started with.
final class Scope<Event: Sendable>: ScopeRouting {
    private let decode: @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Event
    private var listeners: [String: any ListenerGroup<Event>] = [:]
    /// Each stream's handler returns the buffer that let an event go, or `nil` when it kept every one.
    private var streams: [(id: UUID, handler: @Sendable (Event) -> StreamBuffer?)] = []
    /// Listeners of the events the contract does not describe, and how a frame is read as one (`nil`: it is known).
    private var unknownListeners: [(id: UUID, handler: Listener<UnknownEvent>)] = []
    private var unknownEvent: (@Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> UnknownEvent?)?
    private(set) var routing = ScopeRoutes(byEventName: [:], unrouted: nil)

    init(decode: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Event) {
        self.decode = decode
    }

    // The following run with the client's lock held.

    func addListener<Payload: Sendable>(
        id: UUID, eventName: String,
        decode: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Payload,
        event: @escaping @Sendable (Payload) -> Event,
        handler: @escaping Listener<Payload>
    ) {
        let existing = (listeners[eventName] as? PayloadListeners<Event, Payload>)?.listeners ?? []
        listeners[eventName] = PayloadListeners(decode: decode, event: event, listeners: existing + [(id, handler)])
        rebuild()
    }

    func removeListener(id: UUID, eventName: String) {
        listeners[eventName] = listeners[eventName]?.removing(id)
        rebuild()
    }

    func addStream(id: UUID, handler: @escaping @Sendable (Event) -> StreamBuffer?) {
        streams.append((id, handler))
        rebuild()
    }

    func removeStream(id: UUID) {
        streams.removeAll { $0.id == id }
        rebuild()
    }

    func addUnknownListener(
        id: UUID, handler: @escaping Listener<UnknownEvent>,
        unknown: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> UnknownEvent?
    ) {
        unknownListeners.append((id, handler))
        unknownEvent = unknown
        rebuild()
    }

    func removeUnknownListener(id: UUID) {
        unknownListeners.removeAll { $0.id == id }
        rebuild()
    }

    private func rebuild() {
        let toStreams = streamsHandler(streams.map(\.handler))
        var unrouted: FrameHandler?
        if let toStreams {
            let decode = decode
            unrouted = { frame, decoder in try toStreams(try decode(frame, decoder)) }
        }
        // Events nobody listens to by name reach here: the unknown ones (told apart by their route, nothing decoded)
        // go to `onUnknown` listeners first, then every one to the streams.
        if let unknownEvent, let toUnknown = composed(unknownListeners.map(\.handler)) {
            let toStreams = unrouted
            unrouted = { frame, decoder in
                if let unknown = try unknownEvent(frame, decoder) { await toUnknown(unknown) }
                try await toStreams?(frame, decoder)
            }
        }
        routing = ScopeRoutes(byEventName: listeners.mapValues { $0.handler(streams: toStreams) }, unrouted: unrouted)
    }
}

/// The listeners of one event name.
protocol ListenerGroup<Event> {
    associatedtype Event: Sendable
    /// The frame handler: decodes the payload once, calls every listener, then `streams`.
    func handler(streams: (@Sendable (Event) throws -> Void)?) -> FrameHandler
    /// The same listeners without `id`; `nil` when none is left.
    func removing(_ id: UUID) -> (any ListenerGroup<Event>)?
}

/// The listeners of one event name, typed by its payload, so a frame is decoded straight into the payload type
/// and handed to them without passing through the event enum.
struct PayloadListeners<Event: Sendable, Payload: Sendable>: ListenerGroup {
    let decode: @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Payload
    let event: @Sendable (Payload) -> Event
    let listeners: [(id: UUID, handler: Listener<Payload>)]

    func handler(streams: (@Sendable (Event) throws -> Void)?) -> FrameHandler {
        let decode = decode, event = event
        // One listener, the common case, is called straight from the frame handler: every async closure between them
        // costs the frame a task-allocator frame.
        if listeners.count == 1, let only = listeners.first?.handler {
            guard let streams else { return { frame, decoder in await only(try decode(frame, decoder)) } }
            return { frame, decoder in
                let payload = try decode(frame, decoder)
                await only(payload)
                try streams(event(payload))
            }
        }
        guard let toListeners = composed(listeners.map(\.handler)) else { return { _, _ in } }
        guard let streams else { return { frame, decoder in await toListeners(try decode(frame, decoder)) } }
        return { frame, decoder in
            let payload = try decode(frame, decoder)
            await toListeners(payload)
            try streams(event(payload))
        }
    }

    func removing(_ id: UUID) -> (any ListenerGroup<Event>)? {
        let kept = listeners.filter { $0.id != id }
        return kept.isEmpty ? nil : PayloadListeners(decode: decode, event: event, listeners: kept)
    }
}

/// One closure that hands an event to every stream, throwing ``StreamOverflow`` when one let go of an event (after
/// all had theirs); `nil` for none.
func streamsHandler<Event>(_ handlers: [@Sendable (Event) -> StreamBuffer?]) -> (@Sendable (Event) throws -> Void)? {
    guard !handlers.isEmpty else { return nil }
    return { event in
        var overflow: StreamBuffer?
        for handler in handlers { overflow = handler(event) ?? overflow }
        if let overflow { throw StreamOverflow(buffer: overflow) }
    }
}

/// One closure that calls `handlers` in order, each on its own actor; `nil` for none. Built when listeners change, so
/// delivering a frame runs no loop over a generic array.
private func composed<Value: Sendable>(_ handlers: [Listener<Value>]) -> (@Sendable (Value) async -> Void)? {
    guard let first = handlers.first else { return nil }
    var all: @Sendable (Value) async -> Void = { await first($0) }
    for handler in handlers.dropFirst() {
        let before = all
        all = {
            await before($0); await handler($0)
        }
    }
    return all
}
