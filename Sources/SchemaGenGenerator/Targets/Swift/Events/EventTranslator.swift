import Foundation
import SchemaGenContract
@_spi(Generated) import SchemaGenRuntime

/// Builds the contexts of events and scopes: what each event's type is, what listeners receive, how it decodes.
package struct EventTranslator {
    package let contract: Contract
    package let builder: StructBuilder
    /// Made once: it indexes the contract's types, and every event's made-up values come from it.
    package let values: ValueSynthesizer
    /// Made once, as `values` is: it indexes the contract's types too.
    package let literal: SwiftValueLiteral

    package init(contract: Contract, builder: StructBuilder) {
        self.contract = contract
        self.builder = builder
        values = ValueSynthesizer(contract: contract)
        literal = SwiftValueLiteral(contract: contract, speller: builder.speller)
    }
    /// Named types whose static `example` the file declares, which an event's made-up example refers to.
    package var typesWithExamples: Set<String> = []

    /// Fields every frame of `event` carries: the envelope's, or its frame shape's.
    private func frameFields(of event: Event) -> [Field] {
        switch contract.framing {
        case .envelope(let envelope): envelope.fields + event.envelopeFields
        case .shapes(let shapes): event.shapeIndex.map { shapes[$0].fields } ?? []
        default: []
        }
    }

    private var payloadKey: String {
        switch contract.framing {
        case .envelope(let envelope): envelope.payloadKey
        default: WireFraming.payloadPartKey
        }
    }

    /// - Parameter enclosingType: the type the scope's event types are declared in (`Zikr`, `Zikr.Driver`).
    package func scope(_ events: [Event], channelExpression: String, enclosingType: String) -> ScopeContext {
        let contexts = events.map { event($0, enclosingType: enclosingType) }
        let requests = RequestTranslator(
            contract: contract, events: events, channelExpression: channelExpression, speller: builder.speller)
        for (index, event) in events.enumerated() where event.reply != nil {
            if event.direction == .serverToClient {
                contexts[index].responder = requests.responder(event, contexts: contexts)
                contexts[index].serverRequest = requests.serverRequest(event, contexts: contexts)
            } else {
                contexts[index].request = requests.request(event, contexts: contexts)
                contexts[index].serverResponder = requests.serverResponder(event, contexts: contexts)
            }
        }
        // After every request: a subscription may be cancelled with one.
        for (index, event) in events.enumerated() where event.subscription != nil {
            contexts[index].subscription = requests.subscription(event, contexts: contexts)
            if contexts[index].subscription != nil { contexts[index].request = nil }
        }
        for (index, event) in events.enumerated() {
            contexts[index].ack = event.ack.map { acknowledgement($0, of: event, contexts[index]) }
            contexts[index].isRequest =
                contexts[index].request != nil || contexts[index].subscription != nil
                || (contexts[index].ack?.isAwaited ?? false)
        }
        for (index, event) in events.enumerated() {
            contexts[index].mockSubscription = mockSubscription(
                of: event, contexts[index], in: events, contexts, requests: requests,
                channelType: channelExpression == "nil" ? nil : enclosingType)
            contexts[index].hasMockSubscription = !contexts[index].mockSubscription.isEmpty
            if !contexts[index].hasMockSubscription {
                contexts[index].mockAnswer = mockAnswer(of: event, contexts[index], in: events, contexts)
            }
            contexts[index].hasMockAnswer = contexts[index].mockAnswer != nil
        }
        // The same contexts (references), picked by index: pairing each event with its context copied the events.
        let client = events.indices.filter { events[$0].direction.isEmittedByClient }.map { contexts[$0] }
        let server = events.indices.filter { events[$0].direction.isReceivedByClient }.map { contexts[$0] }
        return ScopeContext(
            channelExpression: channelExpression, events: contexts, clientEvents: client, serverEvents: server,
            hasClientEvents: !client.isEmpty, hasServerEvents: !server.isEmpty,
            usesShapes: contract.framing.shapes != nil,
            isChannel: channelExpression != "nil", hasSeveralClientEvents: client.count > 1,
            memberwiseEquatable: builder.memberwiseEquatable, memberComparison: builder.memberComparison)
    }

    package func event(_ event: Event, enclosingType: String) -> EventContext {
        let typeName = SwiftName.typeName(forMember: event.swiftName)
        // A name that starts with a digit (`24h`) gives the type and the enum case and emit method the same
        // spelling (`_24h`); where those would shadow the type, it is written qualified.
        let typeReference = typeName == event.swiftName ? "\(enclosingType).\(typeName)" : typeName
        let wireName = SwiftSyntax.stringLiteral(event.wireName)
        // The static `eventName` of the event's type: the value naming it on the wire, when it has one.
        let nameLiteral: String? =
            if event.shapeIndex != nil { event.wireValue.map { SwiftSyntax.stringLiteral($0.text) } } else { wireName }
        let direction =
            switch event.direction {
            case .clientToServer: "client to server"
            case .serverToClient: "server to client"
            case .both: "both directions"
            }
        // With frame shapes, listeners are filed under the event's address, and emitting names it.
        var route = wireName
        var emitTarget = "eventName: \(wireName)"
        var wireDescription = "Wire name: `\(event.wireName)`, \(direction)."
        if let address = event.address, let shapes = contract.framing.shapes {
            route = SwiftSyntax.stringLiteral(address.route)
            emitTarget =
                "\(builder.speller.runtime("EventAddress"))(shape: \(address.shape), name: \(address.name.map(SwiftTranslator.valueExpression) ?? "nil"))"
            let shape = shapes[address.shape].name
            wireDescription =
                address.name.map { "Wire name: `\($0.text)` in frame shape `\(shape)`, \(direction)." }
                ?? "Frame shape `\(shape)`, \(direction)."
        }
        let documentation = SwiftSyntax.documentation(
            event.description, deprecation: event.deprecation, extra: [wireDescription])
        var declaration: TypeContext?
        var valueType: String?
        var hasValue = event.payload != nil
        var decodesWholeFrame = false
        var emitParameters: SwiftParameterList?
        var emitInitializer: String?
        let frameFields = frameFields(of: event)
        if !frameFields.isEmpty {
            // The event's value is the whole frame: envelope fields beside the payload.
            var extra: [(property: PropertyContext, wireName: String, type: TypeRef, nested: TypeContext?)] = []
            if let payload = event.payload {
                let type = builder.speller.spell(payload, inlineName: "Payload")
                let nested = payloadType(payload)
                let property = PropertyContext(
                    name: "payload", storageName: "payload", argumentName: "payload", type: type,
                    unwrappedType: builder.speller.spell(payload.unwrapped, inlineName: "Payload"),
                    isOptional: payload.isOptional, documentation: [" The event's payload."], deprecation: nil,
                    constantValue: nil)
                extra.append((property, payloadKey, payload, nested))
            }
            var structure = builder.structure(frameFields, eventName: nameLiteral, extra: extra)
            if event.shapeIndex == nil {
                // Written as the whole envelope it is read from, not nested under the payload's key.
                structure.conformances += ", " + builder.speller.runtime("EnvelopeFrame")
            }
            declaration = TypeContext(
                name: typeName, documentation: documentation, structure: structure, enumeration: nil)
            valueType = typeReference
            hasValue = true
            decodesWholeFrame = true
        } else if case .object(let object)? = event.payload {
            (declaration, emitParameters, emitInitializer) = inlinePayload(
                builder.structure(object.fields, eventName: nameLiteral), fields: object.fields,
                as: typeReference, named: typeName, documentation: documentation)
            valueType = typeReference
        } else if case .tuple(let tuple)? = event.payload {
            (declaration, emitParameters, emitInitializer) = inlinePayload(
                builder.tupleStructure(tuple, eventName: nameLiteral, owner: nil),
                fields: tuple.elements, as: typeReference, named: typeName,
                documentation: documentation)
            valueType = typeReference
        } else if let payload = event.payload {
            valueType = builder.speller.spell(payload)
        }
        let source =
            decodesWholeFrame ? (event.shapeIndex == nil ? "frame" : "partsOrFrame") : Self.payloadSource(of: event)
        let context = EventContext(
            wireName: wireName, wireNameText: event.wireName, directionText: direction, typeName: typeName,
            memberName: SwiftSyntax.identifier(event.swiftName),
            listenerName: "on" + typeName.trimmingLeadingUnderscore,
            documentation: documentation, deprecation: SwiftSyntax.deprecationAttribute(event.deprecation),
            declaration: declaration, valueType: valueType, hasValue: hasValue, decodesWholeFrame: decodesWholeFrame,
            payloadDecoding: valueType.map { Self.decoding($0, from: source) },
            payloadSource: source, emitParameters: emitParameters, emitInitializer: emitInitializer,
            hasEmitParameters: emitParameters != nil,
            route: route, emitTarget: emitTarget,
            // A shape writes an optional or nullable payload that is nil as `null` (`{"op":1,"d":null}`), and every
            // framing a `T | null` one (which is always there), so it is passed wrapped. An event whose value is its
            // whole frame is a struct, never nil.
            emitValue: !decodesWholeFrame && Self.writesNilAsNull(event) ? ".some(payload)" : "payload")
        if event.payload != nil || decodesWholeFrame {
            let owner = "\(enclosingType).\(typeName)"
            if event.examples.isEmpty {
                madeUpExample(
                    of: event, frameFields: decodesWholeFrame ? frameFields : nil, owner: owner, into: context)
            } else {
                examples(of: event, frameFields: decodesWholeFrame ? frameFields : nil, owner: owner, into: context)
            }
        }
        return context
    }

    /// What the generated `Mock` answers the app's request or acknowledgement request with: the reply event's first
    /// example (or its named payload's `example`), or a value of the `ack:` type made from the contract's types.
    private func mockAnswer(
        of event: Event, _ context: EventContext, in events: [Event], _ contexts: [EventContext]
    )
        -> String?
    {
        if let responder = context.serverResponder, let reply = event.reply,
            let answer = events.firstIndex(where: { $0.wireName == reply.event })
        {
            // A reply with nothing in it is answered with nothing.
            guard
                var value = contexts[answer].valueType == nil
                    ? "()" : mockValue(of: answer, holding: reply.type, in: events, contexts)
            else { return nil }
            if contract.repliesChannelsTaken(event) {
                guard let taken = mockChannelsTaken(value, of: event, context, answer: contexts[answer], reply: reply)
                else { return nil }
                value = taken
            }
            if let each = reply.each {
                guard
                    let replies = mockReplies(
                        value, each: each, of: event, context, answer: events[answer], contexts[answer], in: events)
                else { return nil }
                value = replies
            }
            return responder.rejection == nil ? value : ".reply(\(value))"
        }
        if let ack = event.ack, context.ack?.isAwaited == true {
            if case .named(let name) = ack.type, typesWithExamples.contains(name) {
                return builder.speller.spell(.named(name)) + ".example"
            }
            return try? literal.expression(values.value(of: ack.type), as: ack.type, inlineName: "")
        }
        return nil
    }

    /// The `Mock`'s reply to a request that subscribes channels when the reply lists those taken: every channel the
    /// request names, as `schemagen-mock` answers, so a channel's `subscribe()` in a test succeeds.
    private func mockChannelsTaken(
        _ reply: String, of event: Event, _ context: EventContext, answer: EventContext,
        reply declaration: ReplyDeclaration
    ) -> String? {
        let requests = RequestTranslator(
            contract: contract, events: [event], channelExpression: "nil", speller: builder.speller)
        guard let channels = event.channelRequest,
            let requested = requests.channelsNamed(by: channels, in: event, context)
        else { return nil }
        guard declaration.type == nil, answer.decodesWholeFrame else { return requested }
        // The reply's frame fields as its example has them, its payload the channels.
        guard let type = answer.examplesOwner.isEmpty ? answer.valueType : answer.examplesOwner,
            let structure = answer.declaration?.structure
        else { return nil }
        return SwiftExpression.call(
            type,
            structure.properties.map { property in
                let label = property.name.unescapedIdentifier
                return SwiftArgument(label, .plain(label == "payload" ? requested : "\(reply).\(property.name)"))
            }
        ).rendered
    }

    /// The `Mock`'s replies to a request answered once per item: one `reply` per item of the request's list, each
    /// naming its item where replies do, as `schemagen-mock` answers; `nil` when the reply's value cannot be rebuilt
    /// with its item (a named payload type), so the `Mock` does not answer rather than answer what no call accepts.
    private func mockReplies(
        _ reply: String, each: ReplyEach, of event: Event, _ context: EventContext, answer: Event,
        _ answerContext: EventContext, in events: [Event]
    ) -> String? {
        let requests = RequestTranslator(
            contract: contract, events: events, channelExpression: "nil", speller: builder.speller)
        guard let list = requests.check.matchPath(each.list, of: event, isRequest: true, appGives: true) else {
            return nil
        }
        let items = SwiftExpression.plain(requests.swiftPath(list, in: "request.", context))
        guard let key = requests.check.eachItemKey(each, of: event, answer: answer) else {
            return SwiftExpression.call(
                .member(items, "map"), [], closure: SwiftClosure(parameters: ["_"], body: [.return(.plain(reply))])
            ).rendered
        }
        // Qualified as the examples are (`O11.Room.OrderReady`): the `Mock` is outside the scope's types.
        guard let field = requests.check.matchField(key, of: answer, isRequest: false),
            let type = answerContext.examplesOwner.isEmpty ? answerContext.valueType : answerContext.examplesOwner,
            let structure = answerContext.declaration?.structure
        else { return nil }
        let name = SwiftSyntax.identifier(field.swiftName)
        func rebuilt(_ structure: StructContext, _ type: String, from value: String) -> SwiftExpression? {
            var found = false
            let arguments = structure.properties.map { property -> SwiftArgument in
                let label = property.name.unescapedIdentifier
                if property.name == name {
                    found = true
                    return SwiftArgument(label, .plain("item"))
                }
                if label == "payload", let nested = structure.nestedTypes.first(where: { $0.name == "Payload" }),
                    let inner = nested.structure,
                    let payload = rebuilt(inner, "\(type).Payload", from: "\(value).payload")
                {
                    found = true
                    return SwiftArgument(label, payload)
                }
                return SwiftArgument(label, .plain("\(value).\(property.name)"))
            }
            return found ? .call(type, arguments) : nil
        }
        guard let value = rebuilt(structure, type, from: "reply") else { return nil }
        let named = SwiftClosure(parameters: ["item"], body: [.let("reply", .plain(reply)), .return(value)])
        return SwiftExpression.call(.member(items, "map"), [], closure: named).rendered
    }

    /// A value of `events[index]` the generated `Mock` sends, as `schemagen-mock` sends it (`MockResponder`): its first
    /// example (or its named payload's `example`); with `type`, its payload a value of that type made from the
    /// contract's types (the event's example holds some other JSON, which the app's call could not decode). `nil`
    /// when there is no such value or it has no Swift spelling.
    package func mockValue(
        of index: Int, holding type: TypeRef?, in events: [Event], _ contexts: [EventContext]
    ) -> String? {
        let event = events[index]
        let context = contexts[index]
        if let type, let payload = event.payload, !context.examplesOwner.isEmpty {
            let document = values.value(of: type)
            let owner = context.examplesOwner
            do throws(SwiftValueLiteral.Unspellable) {
                return decodesWholeFrame(event)
                    ? try wholeFrameInitializer(of: event, payload: document, owner: owner)
                    : try literal.expression(
                        document, as: payload, inlineName: owner)
            } catch {
                return nil
            }
        }
        if let first = context.examples.first { return "\(context.examplesOwner).\(first.name)" }
        if case .named(let name)? = event.payload, typesWithExamples.contains(name) {
            return builder.speller.spell(.named(name)) + ".example"
        }
        return nil
    }

    /// For an event the contract gives no example of: one value made from its types (``ValueSynthesizer``), so every
    /// event has a value for previews and tests.
    private func madeUpExample(of event: Event, frameFields: [Field]?, owner: String, into context: EventContext) {
        do throws(SwiftValueLiteral.Unspellable) {
            let expression: String
            if let frameFields {
                // The values `FrameSynthesizer` (and so `schemagen-mock`) puts in the frame: its fields one level
                // down, the payload as a value of its own (not a field named `payload`, a level deeper).
                let payload = payloadField(of: event)
                var members = frameFields.compactMap { field in
                    values.value(of: field, depth: 1).map { (field.wireName, $0) }
                }
                if let field = payload.first {
                    let value = values.value(of: field.type)
                    members.append((field.wireName, field.encoding == .jsonString ? .string(value.json) : value))
                }
                expression = try literal.initializer(owner, fields: frameFields + payload, value: .object(members))
            } else if case .named(let name)? = event.payload, typesWithExamples.contains(name) {
                // The named type's own `example` (SwiftFileContext.typeExamples) is the event's: nothing to add.
                return
            } else if let payload = event.payload {
                expression = try literal.expression(values.value(of: payload), as: payload, inlineName: owner)
            } else {
                return
            }
            context.examples = [
                SwiftExampleContext(
                    name: "example1", value: expression,
                    documentation: [
                        " A value made from the contract's types: the contract has no `examples:` of `\(event.wireName)`."
                    ])
            ]
        } catch {
            context.examplesLeftOut.append(" No value could be made from the contract's types: \(error.reason).")
        }
        finishExamples(owner: owner, into: context)
    }

    /// The event's examples as Swift values of its payload, or with `frameFields` of its whole frame (from examples
    /// written as frames); those without a spelling are named in a comment.
    private func examples(of event: Event, frameFields: [Field]?, owner: String, into context: EventContext) {
        for (index, example) in event.examples.enumerated() {
            do throws(SwiftValueLiteral.Unspellable) {
                guard let expression = try value(of: example, of: event, frameFields: frameFields, owner: owner) else {
                    continue
                }
                let place =
                    "Example \(index + 1) of `\(event.wireName)`, line \(example.location.line) of the contract."
                context.examples.append(
                    SwiftExampleContext(
                        name: "example\(index + 1)", value: expression,
                        documentation: SwiftSyntax.documentation(example.summary, extra: [place])))
            } catch {
                context.examplesLeftOut.append(
                    " Example \(index + 1) (line \(example.location.line)) is not here: \(error.reason).")
            }
        }
        finishExamples(owner: owner, into: context)
    }

    /// The Swift value of `event` an example holds: its whole frame's struct when the event's value is its whole frame
    /// (`frameFields`), else its payload; `nil` for an event with no value.
    private func value(
        of example: EventExample, of event: Event, frameFields: [Field]?, owner: String
    )
        throws(SwiftValueLiteral.Unspellable) -> String?
    {
        if let frameFields {
            return try literal.initializer(
                owner, fields: frameFields + payloadField(of: event), value: wholeFrameValue(of: example))
        }
        guard let payload = event.payload, let value = example.payloadValue(of: event, framing: contract.framing)
        else { return nil }
        return try literal.expression(value, as: payload, inlineName: owner)
    }

    /// The Swift value of `event` a whole frame holds (a scenario step's `frame:`), spelled as a frame example is.
    package func value(
        ofFrame frame: String, of event: Event, owner: String
    ) throws(SwiftValueLiteral.Unspellable)
        -> String?
    {
        let fields = frameFields(of: event)
        let example = EventExample(
            form: .frame, json: frame, prettyJSON: frame, summary: nil, location: event.location)
        return try value(of: example, of: event, frameFields: fields.isEmpty ? nil : fields, owner: owner)
    }

    private func finishExamples(owner: String, into context: EventContext) {
        context.hasExamples = !context.examples.isEmpty
        context.exampleNames = context.examples.map(\.name).joined(separator: ", ")
        context.examplesOwner = owner
        context.examplesType = context.declaration != nil ? "Self" : (context.valueType ?? "")
    }

    /// The payload as a member of an event's whole-frame struct: `payload`, under the envelope's payload key or the
    /// parts' (``WireFraming/payloadPartKey``).
    private func payloadField(of event: Event) -> [Field] {
        guard let payload = event.payload else { return [] }
        let encoding: FieldEncoding? =
            if case .envelope(let envelope) = contract.framing, envelope.payloadEncoding == .jsonString {
                .jsonString
            } else { nil }
        return [
            Field(
                wireName: payloadKey, swiftName: "payload", type: payload, constant: nil, description: nil,
                deprecation: nil, location: event.location, encoding: encoding)
        ]
    }

    /// `event`'s value carrying `payload`, where that value is its whole frame (envelope or shape fields beside the
    /// payload), as `schemagen-mock` sends it for a scenario's `send:` with a payload (`MockResponder.frame(of:)`): the
    /// frame's fields are those of the event's first example when it is written as a frame, else made from their
    /// types. `nil` for an event whose value is its payload alone.
    package func wholeFrameInitializer(
        of event: Event, payload: DocumentValue, owner: String
    ) throws(SwiftValueLiteral.Unspellable) -> String? {
        let frameFields = frameFields(of: event)
        guard !frameFields.isEmpty else { return nil }
        var members: [(key: String, value: DocumentValue)]
        if let example = event.examples.first, example.form == .frame,
            case .object(let parts) = try wholeFrameValue(of: example)
        {
            members = parts.filter { $0.key != payloadKey }
        } else {
            members = frameFields.compactMap { field in values.value(of: field, depth: 1).map { (field.wireName, $0) } }
        }
        members.append((payloadKey, payload))
        return try literal.initializer(
            owner, fields: frameFields + payloadField(of: event), value: .object(members))
    }

    /// Whether `event`'s value is its whole frame (``wholeFrameInitializer(of:payload:owner:)``): a scenario's
    /// condition on a payload field reads it under `payload`.
    package func decodesWholeFrame(_ event: Event) -> Bool {
        !frameFields(of: event).isEmpty
    }

    /// A frame example taken apart as the event's whole-frame struct reads it: the envelope, or a shape's parts.
    private func wholeFrameValue(of example: EventExample) throws(SwiftValueLiteral.Unspellable) -> DocumentValue {
        guard example.form == .frame else {
            throw SwiftValueLiteral.Unspellable(
                reason: "the event's value is its whole frame, so only an example written as `frame:` has one")
        }
        guard let parsed = try? contract.framing.wireFraming.parse(Data(example.json.utf8)),
            let value = try? DocumentValue(parsingJSON: parsed.parts ?? parsed.frame)
        else { throw SwiftValueLiteral.Unspellable(reason: "the frame does not parse") }
        return value
    }

    /// Whether a nil payload of the event is written as `null` rather than left out: in a frame shape for any optional
    /// or nullable payload, and in every framing for a `T | null` one, which readers require.
    package static func writesNilAsNull(_ event: Event) -> Bool {
        guard let payload = event.payload, payload.isSwiftOptional else { return false }
        return event.shapeIndex != nil || (payload.isNullable && !payload.isOptional)
    }

    /// The `WireFraming.PayloadSource` case of an event's payload alone: a payload that may be `null` (`T | null`,
    /// `JSON`) is always there, in every framing (a missing one is an error, not nil or `.null`), as the contract
    /// interpreter reads it; any other payload fails on a missing one as on `null`.
    package static func payloadSource(of event: Event) -> String {
        guard let payload = event.payload, !payload.isOptional else { return "payload" }
        return payload.isNullable || payload == .scalar(.json) ? "presentPayload" : "payload"
    }

    /// The statement decoding an event's payload alone as `type` (a reply's or a subscription's `type:`), not its
    /// whole value.
    package static func payloadDecoding(of event: Event, as type: String) -> SwiftExpression {
        decoding(type, from: payloadSource(of: event))
    }

    /// `try decoder.decode(Type.self, from: frame.payloadOrNull)`: a value of `type` from the bytes `source` names.
    package static func decoding(_ type: String, from source: String) -> SwiftExpression {
        .try(
            .call(
                .plain("decoder"), "decode",
                [
                    SwiftArgument(nil, .metatype(type)),
                    SwiftArgument("from", .plain("frame." + bytesExpression(of: source))),
                ]))
    }

    /// The `ParsedFrame` member that gives the bytes a `WireFraming.PayloadSource` case names.
    package static func bytesExpression(of source: String) -> String {
        switch source {
        case "payload": "payloadOrNull"
        case "presentPayload": "presentPayload()"
        default: source
        }
    }

    /// A Socket.IO acknowledgement: awaited by the method that sends the event, or made by the app's responder.
    private func acknowledgement(_ ack: AckDeclaration, of event: Event, _ context: EventContext) -> AckContext {
        let spread = contract.spreadsArguments(of: ack)
        let (parameters, value): ([SwiftParameter], String) =
            if context.hasEmitParameters, let emitParameters = context.emitParameters,
                let initializer = context.emitInitializer
            {
                (emitParameters.parameters, initializer)
            } else if let valueType = context.valueType {
                ([SwiftParameter("_", "payload", type: valueType)], context.emitValue)
            } else {
                ([], "\(builder.speller.runtime("JSONValue"))?.none")
            }
        return AckContext(
            type: builder.speller.spell(ack.type), spread: String(spread), isOptional: ack.acceptsNoArguments,
            parameters: SwiftParameterList(parameters + [.timeout]),
            value: value, isAwaited: event.direction == .clientToServer, isAnswered: event.direction == .serverToClient,
            serverParameters: SwiftParameterList(parameters + [builder.speller.connectionParameter, .timeout]))
    }

    /// An inline payload (an object or a tuple) is the event's own type, and emitting takes its fields as parameters.
    private func inlinePayload(
        _ structure: StructContext, fields: [Field], as typeReference: String, named typeName: String,
        documentation: [String]
    ) -> (declaration: TypeContext, emitParameters: SwiftParameterList?, emitInitializer: String?) {
        let declaration = TypeContext(
            name: typeName, documentation: documentation, structure: structure, enumeration: nil)
        guard !structure.properties.isEmpty else { return (declaration, nil, nil) }
        let initializer =
            "\(typeReference)("
            + structure.properties.map { "\($0.name.unescapedIdentifier): \($0.argumentName)" }
            .joined(separator: ", ") + ")"
        return (
            declaration, SwiftParameterList(builder.parameters(fields, of: structure, outside: typeReference)),
            initializer
        )
    }

    private func payloadType(_ payload: TypeRef) -> TypeContext? {
        switch payload.unwrapped {
        case .object(let object):
            return TypeContext(
                name: "Payload", documentation: [" The event's payload."],
                structure: builder.structure(object.fields, eventName: nil),
                enumeration: nil)
        case .tuple(let tuple):
            return TypeContext(
                name: "Payload", documentation: [" The event's payload."],
                structure: builder.tupleStructure(tuple, eventName: nil, owner: nil), enumeration: nil)
        default:
            return nil
        }
    }
}

private extension String {
    var trimmingLeadingUnderscore: String { hasPrefix("_") ? String(dropFirst()) : self }
}
