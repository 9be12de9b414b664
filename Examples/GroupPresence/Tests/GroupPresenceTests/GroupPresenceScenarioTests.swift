import GroupPresence
import SchemaGenRuntime
import Testing

/// The store against the contract's own scenario (`members_come_and_go` in zikr.events.yaml), played by the
/// generated `Zikr.Mock` in process: the same script the SwiftUI preview and `schemagen-mock` play, with the app's
/// requests recorded in typed form.
@Suite @MainActor struct GroupPresenceScenarioTests {
    @Test(.timeLimit(.minutes(1))) func theStoreFollowsMembersComingAndGoing() async throws {
        let mock = Zikr.Mock()
        let sent = mock.received
        let store = GroupPresenceStore(client: mock.makeClient())
        let playing = mock.start(.membersComeAndGo)
        try await store.join("g1")
        try await playing.value
        // Each of the mock's sends returned once the store's listeners had run: the state is settled.
        #expect(store.onlineMembers == ["g1": ["aisha"]])
        #expect(store.lastError == "The group is full")
        #expect(store.undeliveredEvents == 0)
        var iterator = sent.makeAsyncIterator()
        #expect(await iterator.next()?.event == .joinGroup(.init(groupId: "g1")))
    }

    @Test(.timeLimit(.minutes(1))) func thePreviewStoreFillsFromTheScenario() async throws {
        let store = GroupPresenceStore.preview()
        while store.lastError == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(store.onlineMembers == ["g1": ["aisha"]])
    }
}
