import SchemaGenRuntime
import SchemaGenContract
/// The translate stage for Swift: turns a checked ``Contract`` into the ``SwiftFileContext`` templates render.
package struct SwiftTranslator: Sendable {
    package var accessLevel: AccessLevel

    package init(accessLevel: AccessLevel = .public) {
        self.accessLevel = accessLevel
    }

    /// What one Swift file holds.
    package enum FileRole: Sendable, Equatable {
        /// The contract's types and its typed `Client` (the `swift-client` target).
        case client
        /// The typed `Server`, with the contract's types when no client file beside it holds them (`swift-server`).
        case server(withTypes: Bool)
    }

    package func translate(_ contract: Contract, sourceFile: String, role: FileRole = .client) -> SwiftFileContext {
        let speller = SwiftTypeSpeller(namespace: contract.name, declaredNames: Self.declaredTypeNames(in: contract))
        let builder = StructBuilder(speller: speller, contract: contract)
        // On all cores: a contract's types are most of its translation (measured in issue 37).
        let types = contract.types.map { builder.namedType($0) }
        let values = ValueSynthesizer(contract: contract)
        let literal = SwiftValueLiteral(contract: contract, speller: speller)
        let typeExamples = contract.types.map { type -> SwiftTypeExample? in
            let typeRef = TypeRef.named(type.name)
            guard let value = try? literal.expression(values.value(of: typeRef), as: typeRef, inlineName: "") else {
                return nil
            }
            return SwiftTypeExample(name: type.name, typeName: speller.spell(typeRef), value: value)
        }.compactMap { $0 }
        var events = EventTranslator(contract: contract, builder: builder)
        events.typesWithExamples = Set(typeExamples.map(\.name))
        let root = events.scope(contract.events, channelExpression: "nil", enclosingType: contract.name)
        let channels = contract.channels.map { channel in
            let typeName = SwiftName.typeName(forMember: channel.swiftName)
            let parameters = channel.parameters.map { parameter in
                let type = speller.spell(parameter.type)
                let name = SwiftSyntax.identifier(parameter.swiftName)
                return PropertyContext(
                    name: name, storageName: name, argumentName: name, type: type,
                    unwrappedType: type, isOptional: false,
                    documentation: SwiftSyntax.documentation(parameter.description),
                    deprecation: nil, constantValue: nil)
            }
            var context = ChannelContext(
                typeName: typeName, memberName: SwiftSyntax.identifier(channel.swiftName),
                documentation: SwiftSyntax.documentation(channel.description, deprecation: channel.deprecation),
                deprecation: SwiftSyntax.deprecationAttribute(channel.deprecation),
                addressTemplate: channel.address.raw, addressExpression: Self.addressExpression(channel),
                parameters: parameters,
                accessorParameters: parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", "),
                accessorArguments: channel.parameters.map { "\($0.swiftName): \(SwiftSyntax.identifier($0.swiftName))" }
                    .joined(separator: ", "),
                hasParameters: !parameters.isEmpty,
                scope: events.scope(
                    channel.events, channelExpression: "channel.address", enclosingType: "\(contract.name).\(typeName)")
            )
            context.templateParts = channel.address.segments.map { segment in
                switch segment {
                case .literal(let text): ".literal(\(SwiftSyntax.stringLiteral(text)))"
                case .parameter: ".parameter"
                }
            }.joined(separator: ", ")
            context.channelType = "\(contract.name).\(typeName)"
            context.everyMember = "every\(typeName)"
            context.channelFromValues = Self.channelFromValues(
                channel, type: "\(contract.name).\(typeName)", runtime: speller.runtimePrefix)
            return context
        }
        let documentation = SwiftSyntax.documentation(
            contract.title, extra: SwiftSyntax.documentation(contract.description).map { String($0.dropFirst()) })
        let includesTypes = if case .server(withTypes: false) = role { false } else { true }
        var context = SwiftFileContext(
            sourceFile: sourceFile, access: accessLevel.rawValue, namespace: contract.name,
            runtime: speller.runtimePrefix,
            documentation: documentation,
            framing: Self.framingExpression(contract.framing, runtime: speller.runtimePrefix),
            dateEncoding: ".\(Self.dateCase(contract.dateEncoding))",
            separator: contract.separator.map { $0 == .newline ? ".newline" : ".recordSeparator" },
            types: types, root: root, channels: channels, hasTypes: !types.isEmpty, hasChannels: !channels.isEmpty,
            includesTypes: includesTypes, includesClient: role == .client, includesServer: role != .client)
        context.coreAccess = accessLevel == .public ? "@_spi(Generated) public" : accessLevel.rawValue
        context.clientAnswers = Self.clientAnswers(of: contract, root: root, speller: speller)
        context.channelRequests = Self.channelRequests(of: contract, root: root, speller: speller)
        if let joining = contract.events.first(where: { $0.channelRequest?.role == .subscribes }) {
            context.channelSubscribing =
                "sends `\(joining.wireName)` with its address, and again after each reconnection"
            context.channelUnsubscribing =
                contract.events.first { $0.channelRequest?.role == .unsubscribes }.map {
                    "sends `\($0.wireName)` with its address"
                } ?? "no request of the contract unsubscribes, so it is only no longer subscribed after a reconnection"
        }
        context.typeExamples = typeExamples
        context.hasTypeExamples = !typeExamples.isEmpty
        context.scenarios = Self.scenarios(
            of: contract, root: root, channels: channels, literal: literal, events: events, speller: speller)
        context.hasScenarios = !context.scenarios.isEmpty
        context.servers = contract.servers.map { server in
            SwiftServerURLContext(
                swiftName: SwiftSyntax.identifier(server.swiftName), urlLiteral: SwiftSyntax.stringLiteral(server.url),
                documentation: SwiftSyntax.documentation(server.description, extra: ["`\(server.url)`"]))
        }
        context.hasServers = !context.servers.isEmpty
        context.firstServerURL = context.servers.first.map { "\(contract.name).Servers.\($0.swiftName)" } ?? ""
        if case .socketIO = contract.framing {
            context.socketIONamespace = SwiftSyntax.stringLiteral(contract.rootNamespace)
        }
        return context
    }

    /// The Swift type generated code decodes an acknowledgement of type `ack` as, spelled as the generated files
    /// spell it: what the oracle's readers decode the acknowledgements it draws into.
    package static func acknowledgementType(of ack: AckDeclaration, in contract: Contract) -> String {
        SwiftTypeSpeller(namespace: contract.name, declaredNames: declaredTypeNames(in: contract)).spell(ack.type)
    }

    /// Every type name the file declares, so built-in names they shadow get qualified.
    package static func declaredTypeNames(in contract: Contract) -> Set<String> {
        var names: Set<String> = [
            contract.name, "ClientEvent", "ServerEvent", "Client", "Server", "Every", "Payload", "CodingKeys",
        ]
        names.formUnion(contract.types.map(\.name))
        for (channel, event) in contract.allEvents {
            names.insert(SwiftName.typeName(forMember: event.swiftName))
            if let channel { names.insert(SwiftName.typeName(forMember: channel.swiftName)) }
        }
        contract.forEachObject { _, object in
            // By index: a `for` over the fields copied every one.
            for index in object.fields.indices {
                if object.fields[index].type.unwrapped.isObject {
                    names.insert(SwiftName.typeName(forMember: object.fields[index].swiftName))
                }
                // A property named like a type (`swiftName: WireFields`) hides it inside its struct, as a type does.
                if object.fields[index].swiftName.first?.isUppercase == true {
                    names.insert(object.fields[index].swiftName)
                }
            }
        }
        return names
    }

    /// `guard values.count == 2, let seat = Int(values[1]) else { throw ... }` and `let channel = Seat(roomId: values[0], seat: seat)`:
    /// a channel's value from its address's parameter values, in template order (a parameter's first place).
    package static func channelFromValues(_ channel: Channel, type: String, runtime: String) -> [SwiftStatement] {
        let order = channel.address.parameterNames
        var conditions: [SwiftCondition] = [.test(.binary(.plain("values.count"), "==", .plain("\(order.count)")))]
        let arguments = channel.parameters.map { parameter -> SwiftArgument in
            let index = order.firstIndex(of: parameter.name) ?? 0
            let name = SwiftSyntax.identifier(parameter.swiftName)
            guard parameter.type == .int else { return SwiftArgument(parameter.swiftName, .plain("values[\(index)]")) }
            conditions.append(.bind(name, .call("Swift.Int", [SwiftArgument(nil, .plain("values[\(index)]"))])))
            return SwiftArgument(parameter.swiftName, .plain(name))
        }
        let mismatch = SwiftExpression.call(
            "\(runtime)ChannelAddressMismatch",
            [
                SwiftArgument("address", .plain("address")),
                SwiftArgument("template", .plain(SwiftSyntax.stringLiteral(channel.address.raw))),
            ])
        return [.guard(conditions, else: [.throw(mismatch)]), .let("channel", .call(type, arguments))]
    }

    /// `"driver-\(driverId)"`.
    package static func addressExpression(_ channel: Channel) -> String {
        let parts = channel.address.segments.map { segment -> String in
            switch segment {
            case .literal(let text): return SwiftSyntax.escapedForLiteral(text)
            case .parameter(let name):
                let swiftName = channel.parameters.first { $0.name == name }?.swiftName ?? name
                return "\\(\(SwiftSyntax.identifier(swiftName)))"
            }
        }
        return "\"" + parts.joined() + "\""
    }

    /// The Swift expression of the contract's framing as the runtime's ``WireFraming`` (``Framing/wireFraming``).
    package static func framingExpression(_ framing: Framing, runtime: String) -> String {
        switch framing.wireFraming {
        case .socketIO:
            return ".socketIO"
        case .discriminator(let key):
            return ".discriminator(key: \(SwiftSyntax.stringLiteral(key)))"
        case .envelope(let envelope):
            var arguments = [
                "nameKey: \(SwiftSyntax.stringLiteral(envelope.nameKey))",
                "payloadKey: \(SwiftSyntax.stringLiteral(envelope.payloadKey))",
            ]
            if let channelKey = envelope.channelKey {
                arguments.append("channelKey: \(SwiftSyntax.stringLiteral(channelKey))")
            }
            if envelope.payloadIsJSONString { arguments.append("payloadIsJSONString: true") }
            return ".envelope(.init(\(arguments.joined(separator: ", "))))"
        case .shapes(let shapes):
            return ".shapes([\n" + shapes.map { shapeExpression($0, runtime: runtime) + "," }.joined(separator: "\n")
                + "\n])"
        }
    }

    /// `FrameShape(name: "dispatch", conditions: [...], eventName: FramePath([.key("t")]), ...)`, defaults left out.
    package static func shapeExpression(_ shape: FrameShape, runtime: String) -> String {
        let pathExpression = { (path: FramePath) in Self.pathExpression(path, runtime: runtime) }
        var arguments = ["name: \(SwiftSyntax.stringLiteral(shape.name))"]
        if case .array(let slots) = shape.container {
            arguments.append(
                "container: .array(slots: [\(slots.map(SwiftSyntax.stringLiteral).joined(separator: ", "))])")
        }
        if !shape.conditions.isEmpty {
            arguments.append(
                "conditions: ["
                    + shape.conditions.map {
                        ".init(path: \(pathExpression($0.path)), value: \(valueExpression($0.value)))"
                    }
                    .joined(separator: ", ") + "]")
        }
        if !shape.required.isEmpty {
            arguments.append("required: [" + shape.required.map(pathExpression).joined(separator: ", ") + "]")
        }
        arguments.append("eventName: " + (shape.eventName.map(pathExpression) ?? "nil"))
        if shape.eventNameKind != .string { arguments.append("eventNameKind: .\(shape.eventNameKind.rawValue)") }
        switch shape.payload {
        case .none: arguments.append("payload: .none")
        case .rest: arguments.append("payload: .rest")
        case .at(let path): arguments.append("payload: .at(\(pathExpression(path)))")
        }
        if let channel = shape.channel { arguments.append("channel: \(pathExpression(channel))") }
        if !shape.fields.isEmpty {
            arguments.append(
                "fields: ["
                    + shape.fields.map {
                        ".init(key: \(SwiftSyntax.stringLiteral($0.key)), path: \(pathExpression($0.path)))"
                    }
                    .joined(separator: ", ") + "]")
        }
        if shape.exact { arguments.append("exact: true") }
        if let event = shape.unnamedEvent { arguments.append("unnamedEvent: \(SwiftSyntax.stringLiteral(event))") }
        return runtime + "FrameShape(" + arguments.joined(separator: ", ") + ")"
    }

    package static func pathExpression(_ path: FramePath, runtime: String) -> String {
        runtime + "FramePath(["
            + path.steps.map { step in
                switch step {
                case .key(let key): ".key(\(SwiftSyntax.stringLiteral(key)))"
                case .index(let index): ".index(\(index))"
                }
            }.joined(separator: ", ") + "])"
    }

    /// `.string("READY")`, `.integer(10)`, `.bool(true)`, `.null`.
    package static func valueExpression(_ value: FrameValue) -> String {
        switch value {
        case .string(let text): ".string(\(SwiftSyntax.stringLiteral(text)))"
        case .integer(let number): ".integer(\(number))"
        case .bool(let flag): ".bool(\(flag))"
        case .null: ".null"
        }
    }

    package static func dateCase(_ encoding: DateEncoding) -> String {
        switch encoding {
        case .iso8601: "iso8601"
        case .iso8601Fractional: "iso8601Fractional"
        case .unixSeconds: "unixSeconds"
        case .unixMilliseconds: "unixMilliseconds"
        case .unixMicroseconds: "unixMicroseconds"
        }
    }

    /// The client's own answers (`answer:`): for each server-to-client event outside channels that calls for one, a
    /// responder that sends the answering event (through its method, with no argument) when the event's payload
    /// holds the `when:` values. It holds the client weakly: the core it is set on belongs to the client.
    static func clientAnswers(of contract: Contract, root: ScopeContext, speller: SwiftTypeSpeller) -> [SwiftStatement]
    {
        contract.events.compactMap { event -> SwiftStatement? in
            guard let answer = event.answer,
                let heard = root.serverEvents.first(where: { $0.wireNameText == event.wireName }),
                let sent = root.clientEvents.first(where: { $0.wireNameText == answer.event })
            else { return nil }
            var conditions: [SwiftCondition] = [.bind("self", .plain("self"))]
            for condition in answer.when {
                let expected: String
                switch condition.value {
                case .string(let text): expected = ".string(\(SwiftSyntax.stringLiteral(text)))"
                case .integer(let number): expected = ".number(\(speller.runtime("JSONNumber"))(\(number)))"
                case .bool(let flag): expected = ".bool(\(flag))"
                default: continue
                }
                let value = SwiftExpression.call(
                    .plain("self.core.value"),
                    [
                        SwiftArgument("in", .plain("frame")),
                        SwiftArgument("at", .plain(".payloadField(\(SwiftSyntax.stringLiteral(condition.key)))")),
                    ])
                conditions.append(.test(.binary(value, "==", .plain(expected))))
            }
            let call = SwiftExpression.try(
                .await(
                    .call(
                        .plain("self"), sent.memberName,
                        Self.arguments(
                            toSend: sent, of: contract.events.first { $0.wireName == answer.event }, contract))))
            let send: SwiftStatement = sent.isRequest ? .discard(call) : .expression(call)
            let responder = SwiftClosure(
                weakCaptures: ["self"], parameters: [answer.when.isEmpty ? "_" : "frame", "_", "_"],
                body: [
                    .guard(conditions, else: [.return(.plain("nil"))]), .return(.closure(SwiftClosure(body: [send]))),
                ])
            return .discard(
                .call(
                    .plain("core.setResponder"),
                    [SwiftArgument("channel", .plain("nil")), SwiftArgument("eventName", .plain(heard.route))],
                    closure: responder))
        }
    }

    /// The arguments of the method that sends `sent` with no value from the app but `given` (a field's wire name and
    /// the Swift expression of its value): none, but the nested payload an event with frame fields takes (`payload:
    /// .init(expectedResult: nil)`), all of whose other values are optional (the checker's `AnswerCheck` and
    /// `ChannelRequestCheck`).
    private static func arguments(
        toSend sent: EventContext, of event: Event?, _ contract: Contract, given: (field: String, value: String)? = nil
    ) -> [SwiftArgument] {
        let givenName = given.flatMap { given in
            contract.objectFields(of: event?.payload?.valueType ?? .scalar(.json))?.first { $0.wireName == given.field }
        }.map { SwiftSyntax.identifier($0.swiftName).unescapedIdentifier }
        func value(of name: String) -> SwiftExpression {
            name == givenName ? .plain(given!.value) : .plain("nil")
        }
        if sent.request == nil, sent.emitParameters == nil, case .named(let name)? = event?.payload,
            let fields = contract.objectFields(of: .named(name))
        {
            // A payload of a named object type, every value optional: passed whole, its values `nil`.
            return [
                SwiftArgument(
                    nil,
                    .call(
                        ".init",
                        fields.map {
                            let name = SwiftSyntax.identifier($0.swiftName).unescapedIdentifier
                            return SwiftArgument(name, value(of: name))
                        }))
            ]
        }
        let parameters = sent.request?.parameters.parameters ?? sent.emitParameters?.parameters ?? []
        guard let structure = sent.declaration?.structure,
            let nested = structure.nestedTypes.first(where: { $0.name == "Payload" })?.structure
        else {
            // The method takes the payload's fields as its parameters, the others optional.
            return givenName.map { [SwiftArgument($0, value(of: $0))] } ?? []
        }
        return parameters.filter { $0.defaultValue == nil && $0.label == "payload" }.map { _ in
            SwiftArgument(
                "payload",
                .call(
                    ".init",
                    nested.properties.map {
                        SwiftArgument($0.name.unescapedIdentifier, value(of: $0.name.unescapedIdentifier))
                    }))
        }
    }

    /// The client initializer's `core.setChannelRequests` for a contract whose requests subscribe channels
    /// (`subscribes:`, `unsubscribes:`): closures that call those requests' methods with the channels' addresses,
    /// holding the client weakly (the core they are set on belongs to it).
    static func channelRequests(
        of contract: Contract, root: ScopeContext, speller: SwiftTypeSpeller
    ) -> [SwiftStatement] {
        func closure(_ role: ChannelRequest.Role) -> SwiftExpression? {
            guard let event = contract.events.first(where: { $0.channelRequest?.role == role }),
                let request = event.channelRequest,
                let sent = root.clientEvents.first(where: { $0.wireNameText == event.wireName })
            else { return nil }
            let isList =
                contract.objectFields(of: event.payload?.valueType ?? .scalar(.json))?.first {
                    $0.wireName == request.field
                }?.type == .array(.scalar(.string))
            let call = SwiftStatement.discard(
                .try(
                    .await(
                        .call(
                            .plain("self"), sent.memberName,
                            arguments(
                                toSend: sent, of: event, contract,
                                given: (request.field, isList ? "channels" : "channel"))))))
            let released = SwiftStatement.throw(
                .call(
                    .plain("\(speller.runtime("RequestFailure")).connectionLost"),
                    [SwiftArgument("reason", .plain(SwiftSyntax.stringLiteral("the client was released")))]))
            return .closure(
                SwiftClosure(
                    weakCaptures: ["self"], parameters: ["channels"],
                    body: [
                        .guard([.bind("self", .plain("self"))], else: [released]),
                        isList ? call : .for("channel", in: .plain("channels"), [call]),
                    ]))
        }
        guard let subscribe = closure(.subscribes) else { return [] }
        return [
            .expression(
                .call(
                    .plain("core.setChannelRequests"),
                    [
                        SwiftArgument("subscribe", subscribe),
                        SwiftArgument("unsubscribe", closure(.unsubscribes) ?? .plain("nil")),
                    ]))
        ]
    }
}
