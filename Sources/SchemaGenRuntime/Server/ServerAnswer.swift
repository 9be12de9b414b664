/// A generated server's answer to a request whose contract names an error event (`reply: {error: ...}`): the reply,
/// or the error event's value, which the app's request method throws as ``RequestRejected``.
public enum ServerAnswer<Reply: Sendable, Rejection: Sendable>: Sendable {
    case reply(Reply)
    case rejection(Rejection)
}

/// A frame whose event is not one clients send in its scope: the contract has no such client-to-server event there.
/// The server reports it to its failure handlers (``RealtimeServer/onIncomingFailure(_:)``) and goes on.
public struct UnexpectedClientEvent: Error, Hashable, Sendable, CustomStringConvertible {
    /// The frame's event name (with frame shapes, its route).
    public var eventName: String

    public init(eventName: String) {
        self.eventName = eventName
    }

    public var description: String {
        "'\(eventName)' is not an event clients send here: the contract has no such client-to-server event in this scope"
    }
}

/// An event that cannot be sent as it is: an `unknown` event of a contract with frame shapes, whose frame the server
/// cannot rebuild. Nothing was sent.
public struct UnsendableEvent: Error, Hashable, Sendable, CustomStringConvertible {
    public var eventName: String

    public init(eventName: String) {
        self.eventName = eventName
    }

    public var description: String {
        "'\(eventName)' is an event the contract does not describe, in a contract with frame shapes; its frame cannot be rebuilt, so nothing was sent"
    }
}
