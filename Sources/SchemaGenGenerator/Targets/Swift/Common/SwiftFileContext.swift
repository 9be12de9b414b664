import SchemaGenContract
// The contexts of a Swift file as a whole: the file, its scopes (events outside channels, each channel's) and
// channels. A context's template keys are its stored properties (`KeyedTemplateContext`).

/// The template context for one generated Swift file: every name, type spelling and decision already made,
/// so templates only lay out text. Documented in docs/templates.md; users who override templates rely on it.
package struct SwiftFileContext: KeyedTemplateContext {
    /// The contract file the output comes from (`zikr.yaml`).
    package var sourceFile: String
    /// The access level keyword of every generated declaration (`public`, `package` or `internal`).
    package var access: String
    /// The namespace enum (`Zikr`).
    package var namespace: String
    /// What names of the runtime start with: always `SchemaGenRuntime.` (`{{runtime}}ListenerToken`), so no contract
    /// name can shadow one (``RuntimeNames``).
    package var runtime: String = ""
    /// The attributes and access keyword of the `core` property generated clients and servers keep their runtime
    /// engine in: `@_spi(Generated) public` for public code, so the engine is no part of the app's API, else `access`.
    package var coreAccess: String = ""
    /// Doc comment lines for the namespace, without the `///`.
    package var documentation: [String]
    /// A Swift expression of type `WireFraming` for the contract's framing.
    package var framing: String
    /// A Swift expression of type `WireDateEncoding`.
    package var dateEncoding: String
    /// For an API that batches frames, a Swift expression of type `FrameSeparator` (`.newline`); `nil` otherwise.
    package var separator: String? = nil
    /// For a Socket.IO API, the namespace of its events outside channels as a Swift string literal (`"/"` unless the
    /// contract's `namespace:` says otherwise); `nil` for other framings.
    package var socketIONamespace: String? = nil
    /// The contract's `servers:`, in contract order: the namespace's `Servers` enum of URLs to connect to.
    package var servers: [SwiftServerURLContext] = []
    package var hasServers: Bool = false
    /// The first server's URL constant as the app spells it (`DiscordGateway.Servers.production`), for the doc comment.
    package var firstServerURL: String = ""
    /// Named types, in contract order.
    package var types: [TypeContext]
    /// A value of each named type made from the contract's types, for tests and SwiftUI previews (its static
    /// `example`); types with no such value (a union without members) are left out.
    package var typeExamples: [SwiftTypeExample] = []
    package var hasTypeExamples: Bool = false
    /// The contract's `scenarios:`, which the generated `Mock` plays.
    package var scenarios: [SwiftScenarioContext] = []
    package var hasScenarios: Bool = false
    /// What the client's initializer sets up to answer events by itself (`answer:`): one `core.setResponder` each.
    package var clientAnswers: [SwiftStatement] = []
    /// With a request that subscribes channels (`subscribes:`): the client initializer's `core.setChannelRequests`,
    /// which a channel's `subscribe()` and `unsubscribe()` then go through; empty otherwise.
    package var channelRequests: [SwiftStatement] = []
    /// How a channel's `subscribe()` and `unsubscribe()` work, for their documentation: through the transport, or by
    /// sending the contract's request.
    package var channelSubscribing = "the transport subscribes it"
    package var channelUnsubscribing = "the transport unsubscribes it"
    /// Events outside channels.
    package var root: ScopeContext
    /// Channels, in contract order.
    package var channels: [ChannelContext]
    package var hasTypes: Bool
    package var hasChannels: Bool
    /// What the file holds: the namespace, types and events (`false` in a server file beside a client file, which
    /// holds them), the typed `Client`, the typed `Server` (the `swift-client` and `swift-server` targets).
    package var includesTypes: Bool = true
    package var includesClient: Bool = true
    package var includesServer: Bool = false
}

/// The events of one scope: the contract's root, or one channel.
package struct ScopeContext: KeyedTemplateContext {
    /// The Swift expression for the scope's channel address: `nil`, or `channel.address`.
    package var channelExpression: String
    /// Every event's declaration, in contract order.
    package var events: [EventContext]
    /// Events the app may emit (client-to-server and both).
    package var clientEvents: [EventContext]
    /// Events the app may listen to (server-to-client and both).
    package var serverEvents: [EventContext]
    package var hasClientEvents: Bool
    package var hasServerEvents: Bool
    /// Whether the contract declares frame shapes: its `unknown` case then carries an `UnknownEvent`
    /// (name, payload and envelope fields).
    package var usesShapes: Bool
    /// Whether the scope is a channel's: its server scope then also has an `emit(_:)` to the channel's subscribers.
    package var isChannel: Bool = false
    /// Whether `clientEvents` holds two or more: `ClientEvent.membersEqual`'s switch over pairs then needs a
    /// `default` (with one case it would never run, and warn).
    package var hasSeveralClientEvents: Bool = false
    /// As in `StructContext`: the event enums are `MemberwiseEquatable` too, comparing their cases' values.
    package var memberwiseEquatable: String
    package var memberComparison: String
}

package struct ChannelContext: KeyedTemplateContext {
    /// The channel's type name (`Driver`).
    package var typeName: String
    /// The client's accessor method name (`driver`).
    package var memberName: String
    package var documentation: [String]
    /// The `@available(*, deprecated…)` attribute for the client's accessor of this channel, or `nil`.
    package var deprecation: String?
    /// The address template as text, for documentation (`driver-{driverId}`).
    package var addressTemplate: String
    /// A Swift expression building the address from the parameters, e.g. `"driver-\(driverId)"`.
    package var addressExpression: String
    package var parameters: [PropertyContext]
    /// The accessor's parameter list and the channel value's initializer arguments.
    package var accessorParameters: String
    package var accessorArguments: String
    package var hasParameters: Bool
    package var scope: ScopeContext
    /// The address template's parts as `ChannelTemplate.Part`s (`.literal("driver-"), .parameter`), for servers' listeners
    /// across every address of the channel.
    package var templateParts: String = ""
    /// The channel's type with its namespace (`Channels.Seat`), for code inside the channel's event sections, where
    /// `typeName` is the event's.
    package var channelType: String = ""
    /// The server's accessor of every channel of the template (`everyDriver`), for the `Mock`'s answers inside the
    /// channel's event sections.
    package var everyMember: String = ""
    /// Statements that read the channel's value from `values`, an address's parameter values in template order, into
    /// `channel`, throwing `ChannelAddressMismatch` (for `address`) when one is not of its type.
    package var channelFromValues: [SwiftStatement] = []
}

/// A named type's `example`: a value made from the contract's types.
package struct SwiftTypeExample: KeyedTemplateContext {
    /// The type's name in the contract.
    package var name: String
    /// The type as written outside the namespace: `Zikr.Notification`.
    package var typeName: String
    /// The Swift expression of the value.
    package var value: String
}

/// One of the contract's `servers:`, a URL constant of the namespace's `Servers` enum.
package struct SwiftServerURLContext: KeyedTemplateContext {
    /// The constant's name (`production`).
    package var swiftName: String
    /// The URL as a Swift string literal.
    package var urlLiteral: String
    /// Doc comment lines: the server's description and its URL.
    package var documentation: [String]
}

/// One of the contract's `scenarios:`, as the generated `Mock` plays it.
package struct SwiftScenarioContext: KeyedTemplateContext {
    /// The enum case (`memberJoins`) and its raw value, the contract's name as a Swift string literal.
    package var swiftName: String
    package var nameLiteral: String
    /// Doc comment lines: the scenario's description and its steps in words.
    package var documentation: [String]
    /// The streams of what the app sends that the scenario reads, opened before it starts (`let heard = …`).
    package var hearing: [SwiftStatement]
    /// One Swift statement per step, in order, after the streams' iterators.
    package var steps: [SwiftStatement]
}
