/// Socket.IO's frames and names: a channel is a namespace (its address starts with `/`), and some event names are
/// Socket.IO's own.
package struct SocketIOCheck {
    package let contract: Contract

    /// Event names the Socket.IO libraries use for their own lifecycle (socket.io's `RESERVED_EVENTS`): a server
    /// cannot emit them, and a client hands them to its own connection handlers, not to the app's listeners.
    package static let reservedEventNames: Set<String> = [
        "connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener",
    ]

    package func run(into diagnostics: inout DiagnosticBag) {
        guard case .socketIO = contract.framing else { return }
        for channel in contract.channels where !channel.address.raw.hasPrefix("/") {
            // `["event", payload]` has no place for an address: the only channel Socket.IO carries is the namespace
            // the packet names (`42/admin,["event",…]`).
            diagnostics.error(
                "channel '\(channel.name)' has the address '\(channel.address.raw)', but under Socket.IO framing a channel is a "
                    + "namespace, whose name starts with '/': write `address: \"/\(channel.address.raw)\"` (the connection joins it "
                    + "when the channel is subscribed), or move its events to the top-level `events:`",
                at: channel.location)
        }
        for (_, event) in contract.allEvents where Self.reservedEventNames.contains(event.wireName) {
            diagnostics.warning(
                "event '\(event.wireName)' has a name Socket.IO reserves for its own connection lifecycle: a server cannot "
                    + "emit it and a client never hands it to the app's listeners; rename it", at: event.location)
        }
    }
}
