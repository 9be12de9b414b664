/// A scripted conversation (`scenarios:`): what the server sends, and when, for the generated `Mock` to play in tests
/// and previews and the reference to draw. Events outside channels only.
public struct Scenario: Hashable, Sendable {
    /// The scenario's name in the contract (`member_joins`), and as a Swift enum case (`memberJoins`).
    public var name: String
    public var swiftName: String
    public var description: String?
    public var steps: [ScenarioStep]
    public var location: SourceLocation
}

/// One step of a scenario.
public struct ScenarioStep: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Wait until the app sends this event, with these values in its payload's fields when `where` names any.
        case after(event: String, where: [ScenarioCondition] = [])
        /// The server sends this event: with `payload` (JSON) when the step gives one, else the event's first
        /// example, else a value made from its types.
        case send(event: String, payload: String?)
        /// Pause, in seconds.
        case wait(seconds: Double)
    }

    public var action: Action
    public var location: SourceLocation
}

/// A condition on an `after:` step (`where: {groupId: g1}`): the field of the event's payload, by its wire name, and
/// the value it must hold, as JSON.
public struct ScenarioCondition: Hashable, Sendable {
    public var field: String
    public var json: String
    public var location: SourceLocation
}
