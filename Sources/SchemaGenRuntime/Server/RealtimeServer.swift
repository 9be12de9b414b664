/// What every generated `Server` shares: its connections, their groups and channels, its limits, and the frames that
/// cannot be delivered. This, the generated `Server`'s typed members and the transports are a server's whole API.
public protocol RealtimeServer: Sendable {
    /// The engine that frames and routes events: generated code's, not the app's.
    @_spi(Generated) var core: RealtimeServerCore { get }
}

extension RealtimeServer {
    /// The connections open now, oldest first.
    public var openConnections: [ServerConnection] { core.openConnections }

    /// Calls `handler` with every connection that opens. The token's `cancel()` removes it.
    @discardableResult
    public func onConnect(_ handler: @escaping @Sendable (ServerConnection) -> Void) -> ListenerToken {
        core.onConnect(handler)
    }

    /// Calls `handler` with every connection that ends and why, once it has left its groups and channels.
    @discardableResult
    public func onDisconnect(_ handler: @escaping @Sendable (ServerConnection, String) -> Void) -> ListenerToken {
        core.onDisconnect(handler)
    }

    /// Calls `handler` for every frame from a connection that cannot be delivered: malformed, an event clients do
    /// not send, or a payload that does not decode. Other frames keep flowing.
    @discardableResult
    public func onIncomingFailure(
        _ handler: @escaping @Sendable (ServerConnection, IncomingFailure) -> Void
    ) -> ListenerToken {
        core.addErrorHandler(handler)
    }

    /// Adds `connection` to `group` (a Socket.IO room): `emit(_:to: .group(name))` reaches it until it leaves or
    /// disconnects.
    public func join(_ connection: ServerConnection, to group: String) {
        core.join(connection, to: group)
    }

    /// Removes `connection` from `group`.
    public func leave(_ connection: ServerConnection, from group: String) {
        core.leave(connection, from: group)
    }

    /// The connections in `group` now.
    public func members(of group: String) -> [ServerConnection] {
        core.members(of: group)
    }

    /// The bounds that keep one connection from stalling or exhausting the others (``ServerLimits/standard`` unless
    /// set): the write timeout, requests in flight per connection, and the `events` streams' buffer (streams made
    /// afterwards take it).
    public var limits: ServerLimits {
        get { core.limits }
        nonmutating set { core.limits = newValue }
    }

    /// How long the server's emits that expect an acknowledgement wait for it when the call names no timeout (30
    /// seconds unless set); `nil` waits until the answer or the connection's end.
    public var defaultAcknowledgementTimeout: Duration? {
        get { core.defaultAcknowledgementTimeout }
        nonmutating set { core.defaultAcknowledgementTimeout = newValue }
    }

    /// Closes `connection` from the server's side.
    public func close(_ connection: ServerConnection) async {
        await core.close(connection)
    }
}
