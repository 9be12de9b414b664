/// Who a server's event goes to: one connection, several, a group (a Socket.IO room), a channel's subscribers, or
/// every connection, less any excluded (the sender, for a broadcast of what it sent).
public struct Recipients: Hashable, Sendable {
    enum Selection: Hashable, Sendable {
        case connections([ServerConnection])
        case group(String)
        case subscribers(String)
        case everyone
    }

    let selection: Selection
    let excluded: Set<ServerConnection>

    /// One connection. Sending to it throws if it is gone.
    public static func connection(_ connection: ServerConnection) -> Recipients {
        Recipients(selection: .connections([connection]), excluded: [])
    }

    /// These connections, in this order.
    public static func connections(_ connections: [ServerConnection]) -> Recipients {
        Recipients(selection: .connections(connections), excluded: [])
    }

    /// The connections that joined `group` (``RealtimeServerCore/join(_:to:)``), like a Socket.IO room.
    public static func group(_ name: String) -> Recipients {
        Recipients(selection: .group(name), excluded: [])
    }

    /// The connections subscribed to the channel at `address`, through the protocol or
    /// ``RealtimeServerCore/subscribe(_:to:)``.
    public static func subscribers(of address: String) -> Recipients {
        Recipients(selection: .subscribers(address), excluded: [])
    }

    /// Every connection open now.
    public static let everyone = Recipients(selection: .everyone, excluded: [])

    /// The same recipients but `connection` (Socket.IO's `socket.broadcast`: everyone but the sender).
    public func excluding(_ connection: ServerConnection) -> Recipients {
        Recipients(selection: selection, excluded: excluded.union([connection]))
    }

    /// Whether these recipients are one connection named outright, whose failure the sender should see.
    var isSingleConnection: Bool {
        if case .connections(let list) = selection { list.count == 1 && excluded.isEmpty } else { false }
    }
}
