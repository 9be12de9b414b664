/// What every generated `Server` shares, through its ``RealtimeServerCore``: its connections, their groups and
/// channels, and the frames that cannot be delivered.
public protocol RealtimeServer: Sendable {
    /// The engine that frames and routes events.
    var core: RealtimeServerCore { get }
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
    public func onIncomingFailure(_ handler: @escaping @Sendable (ServerConnection, IncomingFailure) -> Void) -> ListenerToken {
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

    /// Closes `connection` from the server's side.
    public func close(_ connection: ServerConnection) async {
        await core.close(connection)
    }
}
