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
    /// Named types, in contract order.
    public var types: [TypeContext]
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

/// A struct or enum declaration. Deprecated types say so in their documentation: an attribute would make
/// the generated code's own uses of them warn.
public struct TypeContext: Sendable {
    /// The type's name as written in a declaration (escaped with backticks when needed).
    public var name: String
    /// Doc comment lines, each as it follows `///` (with its leading space; empty for a blank line).
    public var documentation: [String]
    /// Set for structs.
    public var structure: StructContext?
    /// Set for string enums.
    public var enumeration: EnumContext?
    /// Set for unions.
    public var union: UnionContext?
    /// Set for bit flags.
    public var flags: FlagsContext?
    /// Which of `structure`, `enumeration`, `union` and `flags` is set, as flags templates can test.
    public private(set) var isStruct: Bool
    public private(set) var isEnum: Bool
    public private(set) var isUnion: Bool
    public private(set) var isFlags: Bool

    public init(name: String, documentation: [String], structure: StructContext?, enumeration: EnumContext?,
                union: UnionContext? = nil, flags: FlagsContext? = nil) {
        self.name = name
        self.documentation = documentation
        self.structure = structure
        self.enumeration = enumeration
        self.union = union
        self.flags = flags
        self.isStruct = structure != nil
        self.isEnum = enumeration != nil
        self.isUnion = union != nil
        self.isFlags = flags != nil
    }
}

/// A union: an enum with a case per member, coded by the member's JSON kind or by a field's value.
public struct UnionContext: Sendable {
    public var cases: [UnionCaseContext]
    /// Whether members are told apart by their JSON kind (`String | [String]`).
    public var isByKind: Bool
    /// Whether members are objects told apart by the value of one field; unknown values decode as `unknown`.
    public var isByField: Bool
    /// For `isByField`: a Swift string literal of the field's key (`"status"`).
    public var tagKey: String
    /// For `isByField`: the Swift type of the field's values, `Swift.String` or `Swift.Int`.
    public var tagType: String
    /// For `isByKind`: the member kinds in words, for the error on any other kind (`a string or an array`).
    public var kindsText: String
    /// For `isByField` with `fallback:`: the case values of any other tag decode as, instead of `unknown`.
    public var fallback: UnionCaseContext? = nil
}

public struct UnionCaseContext: Sendable {
    /// The case name as written (backticked when a keyword).
    public var name: String
    /// The associated value's type spelling.
    public var type: String
    /// Doc comment lines.
    public var documentation: [String]
    /// For unions by field: the field's value as a Swift literal; for unions by kind: the `JSONKind` case (`string`).
    public var selector: String
}

/// Bit flags: an `OptionSet` over `UInt64` with a static member per named bit.
public struct FlagsContext: Sendable {
    public var flags: [FlagContext]
}

public struct FlagContext: Sendable {
    /// The static member's name as written (backticked when a keyword).
    public var name: String
    /// The raw value as a Swift expression: `1 << 3`.
    public var value: String
    public var documentation: [String]
    /// The `@available(*, deprecated…)` attribute of a deprecated flag, or `nil`.
    public var deprecation: String?
}

public struct StructContext: Sendable {
    /// The protocols the struct conforms to, comma separated.
    public var conformances: String
    /// The runtime's `MemberwiseEquatable`, which the struct conforms to after `conformances` by writing
    /// `membersEqual(_:_:)`: its `==` then costs a fifth of the synthesized one to compile. A template that leaves
    /// it out gets the synthesized `==`.
    public var memberwiseEquatable: String
    /// The function `membersEqual(_:_:)` compares each stored property with: `Members.equal`.
    public var memberComparison: String
    /// For an event's own type: a Swift string literal of its wire name, for `static let eventName`.
    public var eventName: String?
    /// Stored properties, in wire order; constants are not stored.
    public var properties: [PropertyContext]
    /// Fields with a fixed value: exposed as computed properties, checked on decode, written on encode.
    public var constants: [PropertyContext]
    /// Whether `init(from:)` and `encode(to:)` read and write the members of a JSON object with the runtime's
    /// `WireFields` and `WireFieldWriter` (every struct but a tuple's: `Codable` is never synthesized).
    public var hasFieldCoding: Bool
    /// The first statement of `init(from:)`: `let fields = try WireFields(decoder)` (`_ =` when no field is read).
    public var fieldsDeclaration: String
    /// The first statement of `encode(to:)`: `try WireFieldWriter(encoder)`, which `fieldEncodings` continue
    /// (`_ = WireFieldWriter(encoder)` when there are none: an empty object).
    public var writerDeclaration: String
    /// The statements of `init(from:)` that check the constants, e.g. `try fields.expect("status", equals: "uploading" as Swift.String)`.
    public var constantChecks: [String]
    /// The arguments `init(from:)` passes to the memberwise initializer, each property's `decoding`: one call
    /// rather than a statement per field, which type-checks in half the time.
    public var fieldArguments: String
    /// The links of `encode(to:)`'s chain of writes, constants first, e.g. `.optionalString("name", name)`.
    public var fieldEncodings: [String]
    /// The statements of `encode(to:)` after the chain: fields of pattern keys.
    public var patternEncodings: [String]
    /// The initializer's parameter list, e.g. `groupId: String, error: String? = nil`.
    public var initializerParameters: String
    /// Inline objects of this struct's fields, declared inside it.
    public var nestedTypes: [TypeContext]
    /// Whether the struct is a tuple: it codes as a JSON array, with `tupleDecoding` and `tupleEncoding`.
    public var isTuple: Bool = false
    /// For a tuple: the lines of `init(from:)` after `var container = try decoder.unkeyedContainer()`.
    public var tupleDecoding: [String] = []
    /// For a tuple: the lines of `encode(to:)` after `var container = encoder.unkeyedContainer()`.
    public var tupleEncoding: [String] = []
}

/// One stored property of a generated struct.
///
/// A class, not a struct: the templates push each property several times (its declaration, the initializer,
/// the comparison), and every push of a struct copied its dozen strings; a class is one reference.
public final class PropertyContext: Sendable {
    /// The property name as written (backticked when a keyword).
    public let name: String
    /// The stored property's name: `name`, or `_name` for a deprecated field, whose public `name` is then a
    /// deprecated accessor (so the generated code itself never uses a deprecated declaration).
    public let storageName: String
    /// The initializer's internal parameter name: `name`, except for a field called `self`, whose parameter
    /// would hide `self` (`` init(`self` _self: String) ``).
    public let argumentName: String
    /// The property's type spelling, e.g. `[Zikr.Notification]?`.
    public let type: String
    /// The type without its optional, for `decodeIfPresent`.
    public let unwrappedType: String
    /// Whether the Swift type is optional (the field may be absent or `null`); the initializer defaults it to `nil`.
    public let isOptional: Bool
    /// Doc comment lines, each as it follows `///` (with its leading space; empty for a blank line).
    public let documentation: [String]
    /// The `@available(*, deprecated…)` attribute of a deprecated field, or `nil`.
    public let deprecation: String?
    /// Whether the field closes a cycle of optional references (`parent: Comment?` in `Comment`), and so is
    /// stored out of line with `@Indirect`.
    public let isIndirect: Bool
    /// For constants: the value as a Swift literal, e.g. `"uploading"`.
    public let constantValue: String?
    /// The expression `init(from:)` assigns to the property, reading `fields` (a `WireFields`): e.g.
    /// `try fields.optionalValue("price", as: NumberString<Decimal>.self).map { $0.value }`.
    public let decoding: String

    public init(name: String, storageName: String, argumentName: String, type: String, unwrappedType: String, isOptional: Bool,
                documentation: [String], deprecation: String?, isIndirect: Bool = false, constantValue: String?, decoding: String = "") {
        self.name = name
        self.storageName = storageName
        self.argumentName = argumentName
        self.type = type
        self.unwrappedType = unwrappedType
        self.isOptional = isOptional
        self.documentation = documentation
        self.deprecation = deprecation
        self.isIndirect = isIndirect
        self.constantValue = constantValue
        self.decoding = decoding
    }

    /// The same property, read from the wire by `decoding`.
    func decoded(by decoding: String) -> PropertyContext {
        PropertyContext(name: name, storageName: storageName, argumentName: argumentName, type: type, unwrappedType: unwrappedType,
                        isOptional: isOptional, documentation: documentation, deprecation: deprecation, isIndirect: isIndirect,
                        constantValue: constantValue, decoding: decoding)
    }
}

public struct EnumContext: Sendable {
    /// The Swift type of the wire values: `Swift.String`, or `Swift.Int` for an enum of whole numbers.
    public var rawType: String
    public var cases: [EnumCaseContext]
}

public struct EnumCaseContext: Sendable {
    /// The case name as written (backticked when a keyword).
    public var name: String
    /// The wire value as a Swift literal: a string literal, or an integer literal for an enum of whole numbers.
    public var rawValue: String
    /// Doc comment lines; a deprecated value says so here.
    public var documentation: [String]
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

/// One event's declarations: its type, enum cases, emit and listen methods, and how it is decoded.
///
/// A class, not a struct: an event's context is a kilobyte that templates push a dozen times and look keys up in
/// many more; every push and lookup of a struct copied it. What the event alone decides is constant (a class's
/// variable is checked for exclusive access at every read, a tenth of the lookups' cost); what its scope decides
/// (a request's context names its reply's) is set while the scope is translated, never once rendering reads it:
/// those setters are the translator's alone (hence `@unchecked Sendable`).
public final class EventContext: @unchecked Sendable {
    /// A Swift string literal of the wire name.
    public let wireName: String
    /// The wire name as text, for documentation.
    public let wireNameText: String
    /// "client to server", "server to client" or "both directions".
    public let directionText: String
    /// The event's type name (`PoraBooked`).
    public let typeName: String
    /// The enum case and emit method name (`poraBooked`, backticked when a keyword).
    public let memberName: String
    /// The listener method name (`onPoraBooked`).
    public let listenerName: String
    /// Doc comment lines for the event's type and methods (with the wire name and direction).
    public let documentation: [String]
    /// The `@available(*, deprecated…)` attribute for the event's emit and listener methods, or `nil`.
    public let deprecation: String?
    /// The event's type when it is a struct (an inline payload, or a frame with envelope fields).
    public let declaration: TypeContext?
    /// The type listeners receive and emitters pass, e.g. `PoraBooked`, `[Zikr.Notification]`; `nil` without payload.
    public let valueType: String?
    public let hasValue: Bool
    /// Whether the value decodes from the whole frame (envelope fields) rather than the payload alone.
    public let decodesWholeFrame: Bool
    /// The expression that decodes the value from `frame` (a `WireFraming.ParsedFrame`) with `decoder`;
    /// `nil` without payload.
    public let payloadDecoding: String?
    /// Which bytes of the frame the value decodes from, a case of the runtime's `WireFraming.PayloadSource`:
    /// `payload`, `frame` or `partsOrFrame`.
    public let payloadSource: String
    /// For emitting an inline payload field by field: the parameter list and the initializer call;
    /// `nil` when the payload is not an inline object with fields.
    public let emitParameters: String?
    public let emitInitializer: String?
    /// Whether `emitParameters` is set. Templates test this flag rather than opening a section on the string,
    /// which would make the string the context and hide the event's other keys.
    public let hasEmitParameters: Bool
    /// A Swift string literal of the key listeners are filed under: the wire name, or with frame shapes the
    /// event's `EventAddress.route` (`"0:READY"`).
    public let route: String
    /// The first argument of `core.emit`: `eventName: "join"`, or with frame shapes an `EventAddress(...)`.
    public let emitTarget: String
    /// The `payload:` argument of `core.emit`: `payload`, or `.some(payload)` where a nil payload is sent as null.
    public let emitValue: String
    /// For a request (an event with `reply:`): how its method sends it and waits for the reply. A request's method
    /// replaces the plain emit method.
    public internal(set) var request: RequestContext? = nil
    /// For a request that opens a subscription: its method, which replaces the plain emit and request methods.
    public internal(set) var subscription: SubscriptionContext? = nil
    /// With Socket.IO framing, `ack:`: the acknowledgement, which a method returns (an event the app sends) or a
    /// responder makes (an event the server sends).
    public internal(set) var ack: AckContext? = nil
    /// For the server's request (a server-to-client event with `reply:`): the responder that answers it.
    public internal(set) var responder: ResponderContext? = nil
    /// For the app's request (a client-to-server event with `reply:`): the generated server's responder that answers it.
    public internal(set) var serverResponder: ServerResponderContext? = nil
    /// For the server's request (a server-to-client event with `reply:`): the generated server's method that sends it
    /// and returns the app's answer.
    public internal(set) var serverRequest: ServerRequestContext? = nil
    /// Whether a request, subscription or acknowledged method replaces the plain emit method.
    public internal(set) var isRequest: Bool = false

    init(wireName: String, wireNameText: String, directionText: String, typeName: String, memberName: String,
         listenerName: String, documentation: [String], deprecation: String?, declaration: TypeContext?, valueType: String?,
         hasValue: Bool, decodesWholeFrame: Bool, payloadDecoding: String?, payloadSource: String, emitParameters: String?,
         emitInitializer: String?, hasEmitParameters: Bool, route: String, emitTarget: String, emitValue: String) {
        self.wireName = wireName
        self.wireNameText = wireNameText
        self.directionText = directionText
        self.typeName = typeName
        self.memberName = memberName
        self.listenerName = listenerName
        self.documentation = documentation
        self.deprecation = deprecation
        self.declaration = declaration
        self.valueType = valueType
        self.hasValue = hasValue
        self.decodesWholeFrame = decodesWholeFrame
        self.payloadDecoding = payloadDecoding
        self.payloadSource = payloadSource
        self.emitParameters = emitParameters
        self.emitInitializer = emitInitializer
        self.hasEmitParameters = hasEmitParameters
        self.route = route
        self.emitTarget = emitTarget
        self.emitValue = emitValue
    }
}

/// The app's answer to the server's request: `respondTo<Event>`, whose handler's value is sent back in the answer
/// event, the request's correlation field echoed.
public struct ResponderContext: Sendable {
    /// What the handler returns: the answer event's one value besides the echoed field, `Void` when it has none, or
    /// the answer event's whole value (the echoed field is then overwritten).
    public var answerType: String
    /// The statements that make `payload`, the answer event's value, from `request` and the handler.
    public var answerLines: [String]
    /// The answer event's `core.emit` target and `payload:` argument.
    public var emitTarget: String
    public var emitValue: String
    /// For documentation: the answer event's wire name and the echoed field.
    public var answerEventText: String
    public var matchText: String
}

/// The generated server's answer to the app's request: `respondTo<Event>` on the `Server`, whose handler's value is
/// sent back to the requesting connection in the reply event (or the error event), the request's correlation value
/// echoed into it.
public struct ServerResponderContext: Sendable {
    /// What the handler returns: the reply event's value, or with an error event `ServerAnswer<Reply, Rejection>`.
    public var answerType: String
    /// The statement reading the request's correlation value from `frame` into `echoed`, a `JSONValue?`.
    public var correlationRead: String
    /// The statements that send the answer, from `request`, `echoed`, `connection` and the handler.
    public var answerLines: [String]
    /// For documentation: the reply event's wire name and the echoed field.
    public var answerEventText: String
    public var matchText: String
}

/// The generated server's method for its own request: it sends the request to one connection with a fresh
/// correlation value and returns the app's answer.
public struct ServerRequestContext: Sendable {
    /// The method's parameters: the request's value, `to connection: ServerConnection`, `timeout:`.
    public var parameters: String
    /// The answer event's Swift type, which the method returns.
    public var answerType: String
    /// The method's statements.
    public var lines: [String]
    /// For documentation: the answer event's wire name and the request's matching field.
    public var answerEventText: String
    public var matchText: String
}

/// A Socket.IO acknowledgement of an event.
public struct AckContext: Sendable {
    /// The acknowledgement's Swift type.
    public var type: String
    /// `true` when the type is a tuple standing for all the acknowledgement's arguments, `false` for its one argument.
    public var spread: String
    /// For an event the app sends: the method's parameters (the emit method's, then `timeout: Duration? = nil`) and
    /// the `payload:` argument of `core.emitExpectingAck`.
    public var parameters: String
    public var value: String
    /// Whether the app sends the event (the method waits for the server's acknowledgement) or receives it (a
    /// responder makes the app's).
    public var isAwaited: Bool
    public var isAnswered: Bool
    /// For an event the server sends and awaits the app's acknowledgement of: the generated server's method's
    /// parameters (the payload, `to connection: ServerConnection`, `timeout:`).
    public var serverParameters: String = ""
}

/// A subscription's method: it sends the request and returns the subscription's items as an `AsyncThrowingStream`.
public struct SubscriptionContext: Sendable {
    /// The method's parameter list (the request's values but a client-chosen id; `timeout:` when a reply confirms it).
    public var parameters: String
    /// The statement choosing the request's correlation value, if the client chooses one.
    public var correlationSetup: String?
    /// The `core.subscribe` arguments before the item decoder: the `SubscriptionMatch`, then the id or confirmation.
    public var matchArguments: String
    /// The items' Swift type and how an item decodes from `frame` with `decoder`.
    public var itemType: String
    public var itemDecoding: String
    /// The expression making the error an error event means, or `nil` without an error event.
    public var failure: String?
    /// For a confirming reply with an error event: the statement throwing `RequestRejected` for it.
    public var rejection: String?
    /// The statements of the cancel closure (its parameter is `id`, a `JSONValue`); empty without a cancel event.
    public var cancel: [String]
    public var hasCancel: Bool
    /// The `payload:` argument of `core.emit`: the request's value with its id filled in.
    public var value: String
    /// Documentation of what the method does, one line each.
    public var summary: [String]
}

/// A request's method: it fills the correlation field, sends, and returns the decoded reply.
public struct RequestContext: Sendable {
    /// The method's parameter list: the event's values but the correlation field, then `timeout: Duration? = nil`.
    public var parameters: String
    /// The statement choosing the correlation value, `let _correlation = core.nextCorrelationNumber()`.
    public var correlationSetup: String
    /// The correlation value as a `JSONValue` expression.
    public var correlationValue: String
    /// The `payload:` argument of `core.emit`: the event's value with the correlation value filled in.
    public var value: String
    /// A `ReplyMatch(...)` expression: the reply's route, channel and where it carries the correlation value.
    public var replyMatch: String
    /// The reply's Swift type, which the method returns.
    public var replyType: String
    /// The expression decoding the reply from `frame` with `decoder`.
    public var replyDecoding: String
    /// For a request with an error reply: the statement that throws `RequestRejected` with the error event's value
    /// when `frame` is that event; `nil` otherwise.
    public var rejection: String?
    /// The reply event's wire name and the matching field, for documentation.
    public var replyEventText: String
    public var matchText: String
    /// Where the correlation value comes from, for documentation: `chosen here unless passed` or `given by the app`.
    public var correlationOrigin: String
    /// The statements of the `onCancel` closure (its parameter `id` is the correlation value), which sends the cancel
    /// event; empty without one.
    public var cancel: [String] = []
    public var hasCancel: Bool = false
    /// The cancel event's wire name, for documentation.
    public var cancelEventText: String? = nil
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
    /// Statements that read the channel's value from `values`, an address's parameter values in template order, into
    /// `channel`, throwing `ChannelAddressMismatch` (for `address`) when one is not of its type.
    public var channelFromValues: [String] = []
}
