import Foundation
import SchemaGenRuntime

/// Who is online in each group the user has joined, kept up to date from the Zikr server's events.
///
/// Built on the typed client the build plugin generates from `zikr.events.yaml`: no event name or payload
/// key is spelled by hand here, so a contract change the store depends on fails the build, not the app.
public final class GroupPresenceStore: Sendable {
    private let client: Zikr.Client
    private let state = State()
    private let tokens: [ListenerToken]

    public init(client: Zikr.Client) {
        self.client = client
        let state = self.state
        tokens = [
            client.onJoinedGroup { joined in state.update { $0.members[joined.groupId, default: []] = [] } },
            client.onLeftGroup { left in state.update { $0.members[left.groupId] = nil } },
            client.onUserOnline { online in state.update { $0.members[online.groupId]?.insert(online.userId) } },
            client.onUserOffline { offline in state.update { $0.members[offline.groupId]?.remove(offline.userId) } },
            client.onMemberLeft { left in state.update { $0.members[left.groupId]?.remove(left.userId) } },
            client.onError { error in state.update { $0.lastError = error.message } },
            client.onIncomingFailure { failure in state.update { $0.undeliveredEvents += 1; _ = failure } },
        ]
    }

    /// Asks the server to join a group; the group appears once the server confirms (`joined_group`).
    public func join(_ groupId: String) async throws {
        try await client.joinGroup(groupId: groupId)
    }

    public func leave(_ groupId: String) async throws {
        try await client.leaveGroup(groupId: groupId)
    }

    /// The groups the server confirmed, each with the users seen online in it.
    public var onlineMembers: [String: Set<String>] { state.read(\.members) }

    /// The last error message the server sent.
    public var lastError: String? { state.read(\.lastError) }

    /// How many incoming events could not be read (they are reported, never fatal).
    public var undeliveredEvents: Int { state.read(\.undeliveredEvents) }

    /// Stops listening to the client.
    public func stop() {
        tokens.forEach { $0.cancel() }
    }

    private final class State: @unchecked Sendable {
        struct Values {
            var members: [String: Set<String>] = [:]
            var lastError: String?
            var undeliveredEvents = 0
        }

        private let lock = NSLock()
        private var values = Values()

        func update(_ change: (inout Values) -> Void) { lock.withLock { change(&values) } }
        func read<T>(_ keyPath: KeyPath<Values, T>) -> T { lock.withLock { values[keyPath: keyPath] } }
    }
}
