import SchemaGenContract
// The contexts of one event, which both roles' templates read, and of its Socket.IO acknowledgement. A context's template keys are its stored properties (`KeyedTemplateContext`).

/// One event's declarations: its type, enum cases, emit and listen methods, and how it is decoded.
///
/// A class, not a struct: an event's context is a kilobyte that templates push a dozen times and look keys up in
/// many more; every push and lookup of a struct copied it. What the event alone decides is constant (a class's
/// variable is checked for exclusive access at every read, a tenth of the lookups' cost); what its scope decides
/// (a request's context names its reply's) is set while the scope is translated, never once rendering reads it:
/// those setters are the translator's alone (hence `@unchecked Sendable`).
package final class EventContext: KeyedTemplateContext, @unchecked Sendable {
    /// A Swift string literal of the wire name.
    package let wireName: String
    /// The wire name as text, for documentation.
    package let wireNameText: String
    /// "client to server", "server to client" or "both directions".
    package let directionText: String
    /// The event's type name (`PoraBooked`).
    package let typeName: String
    /// The enum case and emit method name (`poraBooked`, backticked when a keyword).
    package let memberName: String
    /// The listener method name (`onPoraBooked`).
    package let listenerName: String
    /// Doc comment lines for the event's type and methods (with the wire name and direction).
    package let documentation: [String]
    /// The `@available(*, deprecated…)` attribute for the event's emit and listener methods, or `nil`.
    package let deprecation: String?
    /// The event's type when it is a struct (an inline payload, or a frame with envelope fields).
    package let declaration: TypeContext?
    /// The type listeners receive and emitters pass, e.g. `PoraBooked`, `[Zikr.Notification]`; `nil` without payload.
    package let valueType: String?
    package let hasValue: Bool
    /// Whether the value decodes from the whole frame (envelope fields) rather than the payload alone.
    package let decodesWholeFrame: Bool
    /// The expression that decodes the value from `frame` (a `WireFraming.ParsedFrame`) with `decoder`;
    /// `nil` without payload.
    package let payloadDecoding: SwiftExpression?
    /// Which bytes of the frame the value decodes from, a case of the runtime's `WireFraming.PayloadSource`:
    /// `payload`, `frame` or `partsOrFrame`.
    package let payloadSource: String
    /// For emitting an inline payload field by field: the parameter list and the initializer call;
    /// `nil` when the payload is not an inline object with fields.
    package let emitParameters: SwiftParameterList?
    package let emitInitializer: String?
    /// Whether `emitParameters` is set. Templates test this flag rather than opening a section on the string,
    /// which would make the string the context and hide the event's other keys.
    package let hasEmitParameters: Bool
    /// A Swift string literal of the key listeners are filed under: the wire name, or with frame shapes the
    /// event's `EventAddress.route` (`"0:READY"`).
    package let route: String
    /// The first argument of `core.emit`: `eventName: "join"`, or with frame shapes an `EventAddress(...)`.
    package let emitTarget: String
    /// The `payload:` argument of `core.emit`: `payload`, or `.some(payload)` where a nil payload is sent as null.
    package let emitValue: String
    /// For a request (an event with `reply:`): how its method sends it and waits for the reply. A request's method
    /// replaces the plain emit method.
    package internal(set) var request: RequestContext? = nil
    /// For a request that opens a subscription: its method, which replaces the plain emit and request methods.
    package internal(set) var subscription: SubscriptionContext? = nil
    /// With Socket.IO framing, `ack:`: the acknowledgement, which a method returns (an event the app sends) or a
    /// responder makes (an event the server sends).
    package internal(set) var ack: AckContext? = nil
    /// For the server's request (a server-to-client event with `reply:`): the responder that answers it.
    package internal(set) var responder: ResponderContext? = nil
    /// For the app's request (a client-to-server event with `reply:`): the generated server's responder that answers it.
    package internal(set) var serverResponder: ServerResponderContext? = nil
    /// For the server's request (a server-to-client event with `reply:`): the generated server's method that sends it
    /// and returns the app's answer.
    package internal(set) var serverRequest: ServerRequestContext? = nil
    /// Whether a request, subscription or acknowledged method replaces the plain emit method.
    package internal(set) var isRequest: Bool = false
    /// The contract's `examples:` of the event as Swift values (`Zikr.BookPora(poraId: "p-17", groupId: "g-1")`), each
    /// a static constant of the event's type (`example1`, ...) listed by its static `examples`; empty for an event
    /// without payload or whose value is its whole frame.
    package internal(set) var examples: [SwiftExampleContext] = []
    package internal(set) var hasExamples: Bool = false
    /// The constants' names, for the array literal: `example1, example2`.
    package internal(set) var exampleNames: String = ""
    /// The event's type as written outside the namespace (`Zikr.BookPora`, `Zikr.Driver.JobRemoved`), which the
    /// examples extend, and the examples' element type there (`Self` for an event that is its own struct).
    package internal(set) var examplesOwner: String = ""
    package internal(set) var examplesType: String = ""
    /// Doc comment lines for examples that have no Swift spelling (an enum value the contract does not list).
    package internal(set) var examplesLeftOut: [String] = []
    /// For a request or an acknowledged event the app sends: the value the generated `Mock` answers it with (the
    /// reply's first example, or a value made from the contract's types); `nil` otherwise.
    package internal(set) var mockAnswer: String? = nil
    package internal(set) var hasMockAnswer: Bool = false
    /// For a request that opens a subscription: the statements of the generated `Mock`'s responder,
    /// which answers it with its reply, the subscription's items and its end (`mockSubscription(of:...)`); empty
    /// otherwise.
    package internal(set) var mockSubscription: [SwiftStatement] = []
    package internal(set) var hasMockSubscription: Bool = false

    package init(
        wireName: String, wireNameText: String, directionText: String, typeName: String, memberName: String,
        listenerName: String, documentation: [String], deprecation: String?, declaration: TypeContext?,
        valueType: String?,
        hasValue: Bool, decodesWholeFrame: Bool, payloadDecoding: SwiftExpression?, payloadSource: String,
        emitParameters: SwiftParameterList?,
        emitInitializer: String?, hasEmitParameters: Bool, route: String, emitTarget: String, emitValue: String
    ) {
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

/// A Socket.IO acknowledgement of an event.
package struct AckContext: KeyedTemplateContext {
    /// The acknowledgement's Swift type.
    package var type: String
    /// `true` when the type is a tuple standing for all the acknowledgement's arguments, `false` for its one argument.
    package var spread: String
    /// Whether the type is optional (`T?`): an acknowledgement with no arguments (`callback()`) reads as `nil`.
    package var isOptional: Bool = false
    /// For an event the app sends: the method's parameters (the emit method's, then `timeout: Duration? = nil`) and
    /// the `payload:` argument of `core.emitExpectingAck`.
    package var parameters: SwiftParameterList
    package var value: String
    /// Whether the app sends the event (the method waits for the server's acknowledgement) or receives it (a
    /// responder makes the app's).
    package var isAwaited: Bool
    package var isAnswered: Bool
    /// For an event the server sends and awaits the app's acknowledgement of: the generated server's method's
    /// parameters (the payload, `to connection: ServerConnection`, `timeout:`).
    package var serverParameters = SwiftParameterList([])
}

/// A correlation value the generated code chooses (`ids: uuid` or `ids: counter`): templates write the expression, so
/// an override reaches how it is made.
package struct FreshCorrelationContext: KeyedTemplateContext {
    /// A lowercased UUID (`ids: uuid`, and the server's own requests under `ids: app`).
    package var isUUID: Bool
    /// The client's or server's next counter value, as an `Int` (an integer field).
    package var isCountedNumber: Bool
    /// The next counter value as text (a string field).
    package var isCountedText: Bool

    package init(ids: CorrelationIDs, isNumber: Bool) {
        isUUID = ids != .counter
        isCountedNumber = ids == .counter && isNumber
        isCountedText = ids == .counter && !isNumber
    }
}

/// One of an event's examples as a Swift constant.
package struct SwiftExampleContext: KeyedTemplateContext {
    /// `example1`: its position among the event's examples.
    package var name: String
    /// The Swift expression of the value.
    package var value: String
    /// Doc comment lines: the example's summary, and where the contract has it.
    package var documentation: [String]
}
