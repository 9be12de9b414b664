import Foundation

/// The server core's what generated code registers: scopes, listeners, responders and event streams.
extension RealtimeServerCore {
    /// Declares a scope (`nil`: events outside channels) and how its frames decode into its generated client-event
    /// enum, for ``events(channel:as:)``. Idempotent.
    public func registerScope<Event: Sendable>(
        channel: String?,
        decode: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Event
    ) {
        lock.withLock {
            if scope(for: channel) == nil { setScope(ServerScope<Event>(decode: decode), for: channel) }
        }
    }

    /// Calls `handler` with the connection and payload of every `route` frame of the scope, the payload decoded as
    /// `Payload` from `source`.
    public func addListener<Payload: Decodable & Sendable>(
        channel: String?, eventName route: String, decoding type: Payload.Type,
        from source: WireFraming.PayloadSource = .payload,
        handler: @escaping @Sendable (ServerConnection, Payload) -> Void
    ) -> ListenerToken {
        addListener(channel: channel, eventName: route) { connection, frame, decoder in
            handler(connection, try decoder.decode(Payload.self, from: frame, source: source))
        }
    }

    /// Calls `handler` with the connection of every `route` frame of the scope (events without payload).
    public func addListener(
        channel: String?, eventName route: String, handler: @escaping @Sendable (ServerConnection) -> Void
    ) -> ListenerToken {
        addListener(channel: channel, eventName: route) { connection, _, _ in handler(connection) }
    }

    func addListener(
        channel: String?, eventName route: String, _ handler: @escaping ServerFrameHandler
    ) -> ListenerToken {
        let id = UUID()
        let key = routeKey(route, channel)
        lock.withLock { listeners[key, default: []].append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                self.listeners[key]?.removeAll { $0.id == id }
                if self.listeners[key]?.isEmpty == true { self.listeners[key] = nil }
            }
        }
    }

    /// Calls `handler` with the connection, the channel's address, its parameters' values and the frame of every `route`
    /// frame on any channel whose address `template` matches, whether or not the server made that channel's scope (a
    /// room made on the fly).
    public func addListener(
        template: ChannelTemplate, eventName route: String,
        handler:
            @escaping @Sendable (ServerConnection, String, [String], WireFraming.ParsedFrame, WireDecoder) throws ->
            Void
    )
        -> ListenerToken
    {
        let id = UUID()
        lock.withLock { templateListeners[route, default: []].append((id, template, handler)) }
        return ListenerToken(id: id) { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                self.templateListeners[route]?.removeAll { $0.id == id }
                if self.templateListeners[route]?.isEmpty == true { self.templateListeners[route] = nil }
            }
        }
    }

    /// Sets the server's answer to the clients' requests on a route of a scope (one per route: a request has one
    /// answer), replacing any before. The token's `cancel()` removes it.
    @discardableResult
    public func setResponder(
        channel: String?, eventName route: String, _ responder: @escaping ServerResponder
    ) -> ListenerToken {
        let key = routeKey(route, channel)
        let id = lock.withLock { responders.set(responder, for: key) }
        return ListenerToken(id: id) { [weak self] in self?.lock.withLock { self?.responders.remove(key, id: id) } }
    }

    /// Sets the server's answer to the clients' requests on `route` on every channel whose address `template` matches,
    /// a room made on the fly among them (one per template and route, replacing any before). A channel's own answer
    /// (``setResponder(channel:eventName:_:)``) comes first. The token's `cancel()` removes it.
    @discardableResult
    public func setResponder(
        template: ChannelTemplate, eventName route: String, _ responder: @escaping ServerTemplateResponder
    ) -> ListenerToken {
        let id = UUID()
        lock.withLock {
            templateResponders[route, default: []].removeAll { $0.template == template }
            templateResponders[route, default: []].append((id, template, responder))
        }
        return ListenerToken(id: id) { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                self.templateResponders[route]?.removeAll { $0.id == id }
                if self.templateResponders[route]?.isEmpty == true { self.templateResponders[route] = nil }
            }
        }
    }

    /// Every event clients send in the scope, with its connection, until the consuming task ends; buffered as
    /// ``limits``' `eventBuffer` says.
    public func events<Event: Sendable>(channel: String?, as type: Event.Type) -> AsyncStream<ReceivedEvent<Event>> {
        let buffer = limits.eventBuffer
        return AsyncStream(bufferingPolicy: buffer.policy(for: ReceivedEvent<Event>.self)) { continuation in
            let id = UUID()
            lock.withLock {
                (scope(for: channel) as? ServerScope<Event>)?.addStream(id: id) { event in
                    if case .dropped = continuation.yield(event) { return buffer }
                    return nil
                }
            }
            continuation.onTermination = { [weak self] _ in
                guard let self else { return }
                self.lock.withLock { (self.scope(for: channel) as? ServerScope<Event>)?.removeStream(id: id) }
            }
        }
    }
}
