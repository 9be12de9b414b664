import SchemaGenContract
// The contexts of a Swift file as a whole: the file, its scopes (events outside channels, each channel's) and
// channels. Each context's key table follows it: templates read those keys and nothing else, and
// `TemplateKeysTests` checks every table against the stored properties it must cover.

/// The template context for one generated Swift file: every name, type spelling and decision already made,
/// so templates only lay out text. Documented in docs/templates.md; users who override templates rely on it.
public struct SwiftFileContext: Sendable {
    /// The contract file the output comes from (`zikr.yaml`).
    public var sourceFile: String
    /// The access level keyword of every generated declaration (`public`, `package` or `internal`).
    public var access: String
    /// The namespace enum (`Zikr`).
    public var namespace: String
    /// What names of the runtime start with: always `SchemaGenRuntime.` (`{{runtime}}ListenerToken`), so no contract
    /// name can shadow one (``RuntimeNames``).
    public var runtime: String = ""
    /// The attributes and access keyword of the `core` property generated clients and servers keep their runtime
    /// engine in: `@_spi(Generated) public` for public code, so the engine is no part of the app's API, else `access`.
    public var coreAccess: String = ""
    /// Doc comment lines for the namespace, without the `///`.
    public var documentation: [String]
    /// A Swift expression of type `WireFraming` for the contract's framing.
    public var framing: String
    /// A Swift expression of type `WireDateEncoding`.
    public var dateEncoding: String
    /// For an API that batches frames, a Swift expression of type `FrameSeparator` (`.newline`); `nil` otherwise.
    public var separator: String? = nil
    /// For a Socket.IO API, the namespace of its events outside channels as a Swift string literal (`"/"` unless the
    /// contract's `namespace:` says otherwise); `nil` for other framings.
    public var socketIONamespace: String? = nil
    /// The contract's `servers:`, in contract order: the namespace's `Servers` enum of URLs to connect to.
    public var servers: [SwiftServerURLContext] = []
    public var hasServers: Bool = false
    /// The first server's URL constant as the app spells it (`DiscordGateway.Servers.production`), for the doc comment.
    public var firstServerURL: String = ""
    /// Named types, in contract order.
    public var types: [TypeContext]
    /// A value of each named type made from the contract's types, for tests and SwiftUI previews (its static
    /// `example`); types with no such value (a union without members) are left out.
    public var typeExamples: [SwiftTypeExample] = []
    public var hasTypeExamples: Bool = false
    /// The contract's `scenarios:`, which the generated `Mock` plays.
    public var scenarios: [SwiftScenarioContext] = []
    public var hasScenarios: Bool = false
    /// Whether the app sends events outside channels, which scenarios' `after:` steps hear: without them a scenario
    /// only sends and waits.
    public var scenariosHear: Bool = false
    /// Events outside channels.
    public var root: ScopeContext
    /// Channels, in contract order.
    public var channels: [ChannelContext]
    public var hasTypes: Bool
    public var hasChannels: Bool
    /// What the file holds: the namespace, types and events (`false` in a server file beside a client file, which
    /// holds them), the typed `Client`, the typed `Server` (the `swift-client` and `swift-server` targets).
    public var includesTypes: Bool = true
    public var includesClient: Bool = true
    public var includesServer: Bool = false
}

extension SwiftFileContext: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "sourceFile": .property(\.sourceFile),
        "access": .property(\.access),
        "namespace": .property(\.namespace),
        "runtime": .property(\.runtime),
        "coreAccess": .property(\.coreAccess),
        "documentation": .property(\.documentation),
        "framing": .property(\.framing),
        "dateEncoding": .property(\.dateEncoding),
        "separator": .property(\.separator),
        "socketIONamespace": .property(\.socketIONamespace),
        "servers": .property(\.servers),
        "hasServers": .property(\.hasServers),
        "firstServerURL": .property(\.firstServerURL),
        "types": .property(\.types),
        "typeExamples": .property(\.typeExamples),
        "hasTypeExamples": .property(\.hasTypeExamples),
        "scenarios": .property(\.scenarios),
        "hasScenarios": .property(\.hasScenarios),
        "scenariosHear": .property(\.scenariosHear),
        "root": .property(\.root),
        "channels": .property(\.channels),
        "hasTypes": .property(\.hasTypes),
        "hasChannels": .property(\.hasChannels),
        "includesTypes": .property(\.includesTypes),
        "includesClient": .property(\.includesClient),
        "includesServer": .property(\.includesServer),
    ]
}

/// The events of one scope: the contract's root, or one channel.
public struct ScopeContext: Sendable {
    /// The Swift expression for the scope's channel address: `nil`, or `channel.address`.
    public var channelExpression: String
    /// Every event's declaration, in contract order.
    public var events: [EventContext]
    /// Events the app may emit (client-to-server and both).
    public var clientEvents: [EventContext]
    /// Events the app may listen to (server-to-client and both).
    public var serverEvents: [EventContext]
    public var hasClientEvents: Bool
    public var hasServerEvents: Bool
    /// Whether the contract declares frame shapes: its `unknown` case then carries an `UnknownEvent`
    /// (name, payload and envelope fields).
    public var usesShapes: Bool
    /// Whether the scope is a channel's: its server scope then also has an `emit(_:)` to the channel's subscribers.
    public var isChannel: Bool = false
    /// Whether `clientEvents` holds two or more: `ClientEvent.membersEqual`'s switch over pairs then needs a
    /// `default` (with one case it would never run, and warn).
    public var hasSeveralClientEvents: Bool = false
    /// As in `StructContext`: the event enums are `MemberwiseEquatable` too, comparing their cases' values.
    public var memberwiseEquatable: String
    public var memberComparison: String
}

extension ScopeContext: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "channelExpression": .property(\.channelExpression),
        "events": .property(\.events),
        "clientEvents": .property(\.clientEvents),
        "serverEvents": .property(\.serverEvents),
        "hasClientEvents": .property(\.hasClientEvents),
        "hasServerEvents": .property(\.hasServerEvents),
        "usesShapes": .property(\.usesShapes),
        "isChannel": .property(\.isChannel),
        "hasSeveralClientEvents": .property(\.hasSeveralClientEvents),
        "memberwiseEquatable": .property(\.memberwiseEquatable),
        "memberComparison": .property(\.memberComparison),
    ]
}

public struct ChannelContext: Sendable {
    /// The channel's type name (`Driver`).
    public var typeName: String
    /// The client's accessor method name (`driver`).
    public var memberName: String
    public var documentation: [String]
    /// The `@available(*, deprecated…)` attribute for the client's accessor of this channel, or `nil`.
    public var deprecation: String?
    /// The address template as text, for documentation (`driver-{driverId}`).
    public var addressTemplate: String
    /// A Swift expression building the address from the parameters, e.g. `"driver-\(driverId)"`.
    public var addressExpression: String
    public var parameters: [PropertyContext]
    /// The accessor's parameter list and the channel value's initializer arguments.
    public var accessorParameters: String
    public var accessorArguments: String
    public var hasParameters: Bool
    public var scope: ScopeContext
    /// The address template's parts as `ChannelTemplate.Part`s (`.literal("driver-"), .parameter`), for servers' listeners
    /// across every address of the channel.
    public var templateParts: String = ""
    /// The channel's type with its namespace (`Channels.Seat`), for code inside the channel's event sections, where
    /// `typeName` is the event's.
    public var channelType: String = ""
    /// The server's accessor of every channel of the template (`everyDriver`), for the `Mock`'s answers inside the
    /// channel's event sections.
    public var everyMember: String = ""
    /// Statements that read the channel's value from `values`, an address's parameter values in template order, into
    /// `channel`, throwing `ChannelAddressMismatch` (for `address`) when one is not of its type.
    public var channelFromValues: [String] = []
}

extension ChannelContext: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "typeName": .property(\.typeName),
        "memberName": .property(\.memberName),
        "documentation": .property(\.documentation),
        "deprecation": .property(\.deprecation),
        "addressTemplate": .property(\.addressTemplate),
        "addressExpression": .property(\.addressExpression),
        "parameters": .property(\.parameters),
        "accessorParameters": .property(\.accessorParameters),
        "accessorArguments": .property(\.accessorArguments),
        "hasParameters": .property(\.hasParameters),
        "scope": .property(\.scope),
        "templateParts": .property(\.templateParts),
        "channelType": .property(\.channelType),
        "everyMember": .property(\.everyMember),
        "channelFromValues": .property(\.channelFromValues),
    ]
}

/// A named type's `example`: a value made from the contract's types.
public struct SwiftTypeExample: Sendable {
    /// The type's name in the contract.
    public var name: String
    /// The type as written outside the namespace: `Zikr.Notification`.
    public var typeName: String
    /// The Swift expression of the value.
    public var value: String
}

extension SwiftTypeExample: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "typeName": .property(\.typeName),
        "value": .property(\.value),
    ]
}

/// One of the contract's `servers:`, a URL constant of the namespace's `Servers` enum.
public struct SwiftServerURLContext: Sendable {
    /// The constant's name (`production`).
    public var swiftName: String
    /// The URL as a Swift string literal.
    public var urlLiteral: String
    /// Doc comment lines: the server's description and its URL.
    public var documentation: [String]
}

extension SwiftServerURLContext: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "swiftName": .property(\.swiftName),
        "urlLiteral": .property(\.urlLiteral),
        "documentation": .property(\.documentation),
    ]
}

/// One of the contract's `scenarios:`, as the generated `Mock` plays it.
public struct SwiftScenarioContext: Sendable {
    /// The enum case (`memberJoins`) and its raw value, the contract's name as a Swift string literal.
    public var swiftName: String
    public var nameLiteral: String
    /// Doc comment lines: the scenario's description and its steps in words.
    public var documentation: [String]
    /// One Swift statement per step, in order.
    public var steps: [String]
}

extension SwiftScenarioContext: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "swiftName": .property(\.swiftName),
        "nameLiteral": .property(\.nameLiteral),
        "documentation": .property(\.documentation),
        "steps": .property(\.steps),
    ]
}
