/// A scripted conversation (`scenarios:`): what the server sends, and when, for the generated `Mock` to play in tests
/// and previews and the reference to draw. `after:` waits for an event the app sends and `send:` sends one, outside
/// channels or at one of a channel's addresses (`channel: driver-42`); `subscribed:` waits for the app's subscription
/// to a channel address.
public struct Scenario: Hashable, Sendable {
    /// The scenario's name in the contract (`member_joins`), and as a Swift enum case (`memberJoins`).
    public var name: String
    package var swiftName: String
    package var description: String?
    package var steps: [ScenarioStep]
    package var location: SourceLocation
}

/// One step of a scenario.
package struct ScenarioStep: Hashable, Sendable {
    package enum Action: Hashable, Sendable {
        /// Wait until the app sends this event, with these values in its payload's fields when `where` names any; on
        /// `channel` when it is an event of a channel.
        case after(event: String, where: [ScenarioCondition] = [], channel: ScenarioChannel? = nil)
        /// Wait until the app is subscribed to the channel at this address (at once when it is already).
        case subscribed(channel: ScenarioChannel)
        /// The server sends this event: with `payload` (JSON) when the step gives one, else the event's first
        /// example, else a value made from its types; on `channel` when it is an event of a channel.
        case send(event: String, payload: String?, channel: ScenarioChannel? = nil)
        /// Pause, in seconds.
        case wait(seconds: Double)
    }

    package var action: Action
    package var location: SourceLocation
    /// For a `send:` step with `frame:`: the whole frame the server sends, as JSON text (a frame shape's fields set
    /// with the payload, a channel's `update` after its `snapshot`), read as the event like a frame example.
    package var frame: String? = nil
}

/// A condition on an `after:` step (`where: {groupId: g1}`): the field of the event's payload, by its wire name, and
/// the value it must hold, as JSON.
package struct ScenarioCondition: Hashable, Sendable {
    package var field: String
    package var json: String
    package var location: SourceLocation
}

/// The channel a `send:` step sends on (`channel: driver-42`): the address as written, the contract's channel whose
/// address template it fits (`driver` for `driver-{driverId}`), and its parameters' values in the template's order.
package struct ScenarioChannel: Hashable, Sendable {
    package var address: String
    /// The channel's key in the contract.
    package var name: String
    package var values: [String]
    package var location: SourceLocation
}
