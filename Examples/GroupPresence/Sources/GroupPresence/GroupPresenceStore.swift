import Foundation
import Observation
import SchemaGenRuntime

/// Who is online in each group the user has joined, kept up to date from the Zikr server's events: a SwiftUI view
/// model as an app writes it.
///
/// Built on the typed client the build plugin generates from `zikr.events.yaml`: no event name or payload
/// key is spelled by hand here, so a contract change the store depends on fails the build, not the app. Its
/// listeners are registered on the main actor, so they run there and mutate its state directly: no lock, no
/// `assumeIsolated`, no delivery option.
@MainActor @Observable public final class GroupPresenceStore {
    /// The groups the server confirmed, each with the users seen online in it.
    public private(set) var onlineMembers: [String: Set<String>] = [:]
    /// The last error message the server sent.
    public private(set) var lastError: String?
    /// How many incoming events could not be read (they are reported, never fatal).
    public private(set) var undeliveredEvents = 0

    @ObservationIgnored private let client: Zikr.Client
    @ObservationIgnored private var tokens: [ListenerToken] = []

    public init(client: Zikr.Client) {
        self.client = client
        tokens = [
            client.onJoinedGroup { joined in self.onlineMembers[joined.groupId, default: []] = [] },
            client.onLeftGroup { left in self.onlineMembers[left.groupId] = nil },
            client.onUserOnline { online in self.onlineMembers[online.groupId]?.insert(online.userId) },
            client.onUserOffline { offline in self.onlineMembers[offline.groupId]?.remove(offline.userId) },
            client.onMemberLeft { left in self.onlineMembers[left.groupId]?.remove(left.userId) },
            client.onError { error in self.lastError = error.message },
            client.onIncomingFailure { _ in self.undeliveredEvents += 1 },
        ]
    }

    /// Asks the server to join a group; the group appears once the server confirms (`joined_group`).
    public func join(_ groupId: String) async throws {
        try await client.joinGroup(groupId: groupId)
    }

    public func leave(_ groupId: String) async throws {
        try await client.leaveGroup(groupId: groupId)
    }

    /// Stops listening to the client.
    public func stop() {
        tokens.forEach { $0.cancel() }
    }
}
