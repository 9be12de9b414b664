import Foundation

/// Returned by every listener registration; `cancel()` removes the listener. Listeners stay registered
/// until cancelled (dropping the token does not remove them), like Socket.IO's and Pusher's own `on`.
public struct ListenerToken: Hashable, Sendable {
    let id: UUID
    private let removal: @Sendable () -> Void

    init(id: UUID = UUID(), removal: @escaping @Sendable () -> Void) {
        self.id = id
        self.removal = removal
    }

    /// Removes the listener. Cancelling twice does nothing more.
    public func cancel() {
        removal()
    }

    public static func == (lhs: ListenerToken, rhs: ListenerToken) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
