import SchemaGenRuntime

extension GroupPresenceStore {
    /// A store fed by the contract's mock server playing `scenario` once the store joins `groupId`: what a SwiftUI
    /// preview shows, with no server running. The scenario is the contract's (`scenarios:` in zikr.events.yaml), so
    /// the preview, the unit tests and `schemagen-mock` play the same one, and a renamed event or field breaks the
    /// build here rather than the preview.
    public static func preview(
        playing scenario: Zikr.Mock.Scenario = .membersComeAndGo, joining groupId: String = "g1"
    ) -> GroupPresenceStore {
        let mock = Zikr.Mock()
        let store = GroupPresenceStore(client: mock.makeClient())
        Task {
            // Started before the store acts, so the scenario hears its `join_group`; awaiting it keeps the mock alive
            // for as long as it plays.
            let playing = mock.start(scenario)
            try? await store.join(groupId)
            try? await playing.value
        }
        return store
    }
}
