import SchemaGenRuntime
import SchemaGenContract

/// The translate stage for TypeScript: a checked ``Contract`` becomes types for Node backends and web clients.
///
/// Types only, with no runtime dependency: payloads as interfaces and aliases; under Socket.IO the event maps
/// socket.io v4's typed `Server`, `Namespace` and `Socket` take (acknowledgements as a callback parameter);
/// under any other framing a type per event's frame, a union of the frames each side sends, and a guard per
/// frame that tells it apart by its constants and name (the guards are the only functions).
package struct TypeScriptTranslator: Sendable {
    package init() {}

    package func translate(_ contract: Contract, sourceFile: String) -> TypeScriptFileContext {
        let speller = TypeScriptTypeSpeller(contract: contract)
        var declarations = contract.types.map { namedType($0, speller: speller) }
        let names = Self.eventTypeNames(contract)
        var payloadTypes: [Event: String] = [:]
        for (_, event) in contract.allEvents {
            guard let payload = event.payload else { continue }
            if case .object(let object) = payload {
                let name = names[event] ?? event.swiftName
                declarations.append(
                    TypeScriptDeclaration(
                        name: name,
                        documentation: TypeScriptSyntax.documentation(
                            event.description, deprecation: event.deprecation,
                            extra: ["The payload of `\(event.wireName)` (\(Self.direction(event.direction)))."]),
                        isInterface: true, members: speller.members(object.fields), type: ""))
                payloadTypes[event] = name
            } else {
                payloadTypes[event] = speller.spell(payload)
            }
        }
        var context = TypeScriptFileContext(
            sourceFile: sourceFile,
            documentation: TypeScriptSyntax.documentation(
                contract.title, extra: contract.description.map { [$0] } ?? []),
            framing: Self.framingDescription(contract.framing),
            declarations: declarations, hasDeclarations: !declarations.isEmpty,
            eventMaps: [], hasEventMaps: false, frames: [], frameUnions: [], hasFrames: false, guardsReadValues: false,
            guardsReadAddresses: false)
        if case .socketIO = contract.framing {
            context.eventMaps = eventMaps(contract, payloadTypes: payloadTypes, speller: speller)
            context.hasEventMaps = !context.eventMaps.isEmpty
        } else {
            let frames = contract.allEvents.map {
                frame(
                    of: $0.event, in: $0.channel, named: names[$0.event] ?? $0.event.swiftName, contract: contract,
                    payloadTypes: payloadTypes, speller: speller)
            }
            context.frames = frames
            context.hasFrames = !frames.isEmpty
            context.guardsReadValues = frames.contains { $0.condition.contains("valueAt(") }
            context.guardsReadAddresses = frames.contains { $0.condition.contains("fitsAddress(") }
            let names = zip(contract.allEvents, frames)
            context.frameUnions = [
                TypeScriptFrameUnion(
                    name: "ServerFrame", documentation: TypeScriptSyntax.documentation("Every frame the server sends."),
                    type: Self.union(names.filter { $0.0.event.direction.isReceivedByClient }.map(\.1.name))),
                TypeScriptFrameUnion(
                    name: "ClientFrame", documentation: TypeScriptSyntax.documentation("Every frame a client sends."),
                    type: Self.union(names.filter { $0.0.event.direction.isEmittedByClient }.map(\.1.name))),
            ]
        }
        context.examples = contract.allEvents.compactMap { _, event in
            guard let type = payloadTypes[event] else { return nil }
            let values = event.examples.compactMap { $0.payloadValue(of: event, framing: contract.framing)?.json }
            guard !values.isEmpty else { return nil }
            let name = names[event] ?? event.swiftName
            return TypeScriptExamples(
                name: (SwiftName.lowerCamel(name) ?? name) + "Examples", type: type,
                array: "[" + values.joined(separator: ", ") + "]")
        }
        context.hasExamples = !context.examples.isEmpty
        context.servers = contract.servers.map { server in
            TypeScriptMember(
                documentation: TypeScriptSyntax.documentation(server.description),
                declaration:
                    "\(TypeScriptSyntax.propertyKey(server.name)): \(TypeScriptSyntax.stringLiteral(server.url)),")
        }
        context.hasServers = !context.servers.isEmpty
        return context
    }

    // MARK: - Types

    private func namedType(_ type: NamedType, speller: TypeScriptTypeSpeller) -> TypeScriptDeclaration {
        let documentation = { (extra: [String]) in
            TypeScriptSyntax.documentation(type.description, deprecation: type.deprecation, extra: extra)
        }
        switch type.kind {
        case .object(let object):
            return TypeScriptDeclaration(
                name: type.name, documentation: documentation([]), isInterface: true,
                members: speller.members(object.fields), type: "")
        case .enumeration(let enumeration):
            let values = enumeration.cases.map {
                enumeration.rawType == .string ? TypeScriptSyntax.stringLiteral($0.wireValue) : $0.wireValue
            }
            let notes = enumeration.cases.compactMap { value in
                value.description.map { "- `\(value.wireValue)`: \($0)" }
            }
            return alias(type.name, documentation(notes), values.isEmpty ? "never" : values.joined(separator: " | "))
        case .tuple(let tuple):
            return alias(type.name, documentation([]), speller.tupleType(tuple))
        case .union(let union):
            let members = union.members.map { member -> String in
                let spelled = speller.spell(member.type)
                guard case .field(let key, let rawType) = union.selector, let tag = member.tag else { return spelled }
                let literal = rawType == .string ? TypeScriptSyntax.stringLiteral(tag) : tag
                return
                    "({ \(TypeScriptSyntax.propertyKey(key)): \(literal) } & \(TypeScriptSyntax.postfixable(spelled)))"
            }
            // A fallback holds every other tag: its own type, the tag a plain field of it.
            let all = members + (union.fallback.map { [TypeScriptSyntax.postfixable(speller.spell($0.type))] } ?? [])
            return alias(type.name, documentation([]), all.isEmpty ? "never" : all.joined(separator: " | "))
        case .flags(let flags):
            let bits = flags.flags.map {
                "- `\($0.wireName)`: `1 << \($0.bit)`" + ($0.description.map { ", \($0)" } ?? "")
            }
            return alias(type.name, documentation(["Bit flags, combined with `|`:"] + bits), "number")
        }
    }

    private func alias(_ name: String, _ documentation: [String], _ type: String) -> TypeScriptDeclaration {
        TypeScriptDeclaration(name: name, documentation: documentation, isInterface: false, members: [], type: type)
    }

    /// The name of each event's own types: `PoraCompleted`, or `DriverLocation` for a channel's event. TypeScript
    /// has one namespace where Swift nests a channel's events in its type, so a name a named type, another event
    /// or the file's own declarations already have gets `Event` after it (then `_`), in contract order.
    package static func eventTypeNames(_ contract: Contract) -> [Event: String] {
        var taken = Set(contract.types.map(\.name) + ["ServerFrame", "ClientFrame"])
        for prefix in [""] + contract.channels.map({ SwiftName.typeName(forMember: $0.swiftName) }) {
            taken.formUnion([prefix + "ClientToServerEvents", prefix + "ServerToClientEvents"])
        }
        var names: [Event: String] = [:]
        for (channel, event) in contract.allEvents {
            let own = SwiftName.typeName(forMember: event.swiftName)
            var name = channel.map { SwiftName.typeName(forMember: $0.swiftName) + own } ?? own
            if taken.contains(name) || taken.contains(name + "Frame") { name += "Event" }
            while taken.contains(name) || taken.contains(name + "Frame") { name += "_" }
            taken.formUnion([name, name + "Frame"])
            names[event] = name
        }
        return names
    }

    // MARK: - Socket.IO

    private func eventMaps(
        _ contract: Contract, payloadTypes: [Event: String], speller: TypeScriptTypeSpeller
    ) -> [TypeScriptEventMap] {
        var scopes: [(prefix: String, address: String, events: [Event])] = [
            ("", contract.rootNamespace, contract.events)
        ]
        scopes += contract.channels.map { (SwiftName.typeName(forMember: $0.swiftName), $0.address.raw, $0.events) }
        return scopes.flatMap { scope -> [TypeScriptEventMap] in
            let namespace = scope.address == "/" ? "the main namespace" : "the namespace `\(scope.address)`"
            return [
                TypeScriptEventMap(
                    name: scope.prefix + "ClientToServerEvents",
                    documentation: TypeScriptSyntax.documentation(
                        "Events clients emit in \(namespace): what the server listens to, socket.io's `ListenEvents`."),
                    entries: scope.events.filter(\.direction.isEmittedByClient).map {
                        entry($0, payloadTypes: payloadTypes, speller: speller)
                    }),
                TypeScriptEventMap(
                    name: scope.prefix + "ServerToClientEvents",
                    documentation: TypeScriptSyntax.documentation(
                        "Events the server emits in \(namespace): what clients listen to, socket.io's `EmitEvents`."),
                    entries: scope.events.filter(\.direction.isReceivedByClient).map {
                        entry($0, payloadTypes: payloadTypes, speller: speller)
                    }),
            ]
        }
    }

    /// `"pora_completed": (payload: PoraCompleted) => void;`, with the acknowledgement as a last callback.
    private func entry(
        _ event: Event, payloadTypes: [Event: String], speller: TypeScriptTypeSpeller
    ) -> TypeScriptMember {
        var parameters: [String] = []
        if let payload = payloadTypes[event] { parameters.append("payload: \(payload)") }
        if let ack = event.ack {
            // A tuple is several arguments of the acknowledgement, named after its elements.
            let tuple: TupleType? =
                switch ack.type {
                case .tuple(let tuple): tuple
                case .named(let name):
                    if case .tuple(let tuple)? = speller.contract.type(named: name)?.kind { tuple } else { nil }
                default: nil
                }
            let arguments: [String] =
                if let tuple {
                    tuple.elements.map {
                        "\(TypeScriptSyntax.label($0.swiftName)): \(speller.spell($0.type, encoding: $0.encoding))"
                    }
                } else {
                    ["response: \(speller.spell(ack.type))"]
                }
            parameters.append("callback: (\(arguments.joined(separator: ", "))) => void")
        }
        return TypeScriptMember(
            documentation: TypeScriptSyntax.documentation(
                event.description, deprecation: event.deprecation, extra: Self.exchangeNotes(event)),
            declaration:
                "\(TypeScriptSyntax.propertyKey(event.wireName)): (\(parameters.joined(separator: ", "))) => void;")
    }

    // MARK: - Frames

    private func frame(
        of event: Event, in channel: Channel?, named typeName: String, contract: Contract,
        payloadTypes: [Event: String],
        speller: TypeScriptTypeSpeller
    ) -> TypeScriptFrame {
        var frame = TypeScriptFrameType()
        let payload = payloadTypes[event]
        var notes: [String] = []
        switch contract.framing {
        case .socketIO:
            break
        case .envelope(let envelope):
            frame.insert(constant: .string(event.wireName), at: FramePath([.key(envelope.nameKey)]))
            if let payload {
                if envelope.payloadEncoding == .jsonString {
                    frame.insert("string", at: FramePath([.key(envelope.payloadKey)]))
                    notes.append(
                        "`\(envelope.payloadKey)` holds the payload, `\(payload)`, as JSON text: `JSON.parse` it, `JSON.stringify` to send."
                    )
                } else {
                    frame.insert(payload, at: FramePath([.key(envelope.payloadKey)]))
                }
            }
            if let channelKey = envelope.channelKey {
                if let channel {
                    frame.insert(channel: channel.address, at: FramePath([.key(channelKey)]))
                } else {
                    frame.insert(noChannelAt: FramePath([.key(channelKey)]))
                }
            }
            for field in envelope.fields + event.envelopeFields {
                insert(field, into: frame, at: FramePath([.key(field.wireName)]), speller: speller)
            }
        case .discriminator(let key):
            if let payload { frame.insertRest(payload) }
            frame.insert(constant: .string(event.wireName), at: FramePath([.key(key)]))
        case .shapes(let shapes):
            guard let index = event.shapeIndex else { break }
            let declaration = shapes[index]
            let shape = declaration.shape
            if case .array(let slots) = shape.container { frame.makeArray(slots: slots) }
            for condition in shape.conditions { frame.insert(constant: condition.value, at: condition.path) }
            if shape.exact {
                let isArray = if case .array = shape.container { true } else { false }
                frame.insert(exactKeys: shape.namedKeys.sorted(), slots: isArray ? shape.slotCount : nil)
            }
            if let path = shape.eventName, let name = event.wireValue { frame.insert(constant: name, at: path) }
            if let path = shape.channel {
                if let channel {
                    frame.insert(channel: channel.address, at: path)
                } else {
                    frame.insert(noChannelAt: path)
                }
            }
            for path in shape.required { frame.insert(requiredAt: path) }
            for field in declaration.fields + event.envelopeFields {
                let path = shape.fields.first { $0.key == field.wireName }?.path ?? FramePath(keys: field.wireName)
                insert(field, into: frame, at: path, speller: speller)
            }
            switch shape.payload {
            case .none: break
            case .at(let path): if let payload { frame.insert(payload, at: path) }
            case .rest: if let payload { frame.insertRest(payload) }
            }
        }
        notes += Self.exchangeNotes(event)
        let name = typeName + "Frame"
        return TypeScriptFrame(
            name: name,
            documentation: TypeScriptSyntax.documentation(
                "`\(event.wireName)` as it travels (\(Self.direction(event.direction))).", extra: notes),
            type: frame.type, guardName: "is" + name,
            condition: frame.tests.isEmpty
                ? "typeof frame === \"object\" && frame !== null" : frame.tests.joined(separator: " && "))
    }

    private func insert(
        _ field: Field, into frame: TypeScriptFrameType, at path: FramePath, speller: TypeScriptTypeSpeller
    ) {
        if let constant = field.constant {
            frame.insert(TypeScriptSyntax.literal(constant), at: path)
        } else {
            let type =
                field.type.isSwiftOptional
                ? speller.nullable(speller.spell(field.type.valueType, encoding: field.encoding))
                : speller.spell(field.type, encoding: field.encoding)
            frame.insert(type, at: path, optional: field.type.isOptional)
        }
    }

    // MARK: - Words

    /// What answers the event, for its doc comment: its reply and how it is matched, or the subscription it opens.
    package static func exchangeNotes(_ event: Event) -> [String] {
        var notes: [String] = []
        if let subscription = event.subscription {
            var note =
                "Opens a subscription: `\(subscription.event)` events\(subscription.type.map { " holding `\($0.spelling)`" } ?? "") carry its `\(subscription.match)`"
            if let end = subscription.end { note += ", `\(end)` ends it" }
            if let count = subscription.count { note += ", it ends after as many as their `\(count)` says" }
            if let error = subscription.error { note += ", `\(error)` fails it" }
            if let cancel = subscription.cancel { note += "; `\(cancel)` cancels it" }
            notes.append(note + ".")
        } else if let reply = event.reply {
            var note =
                event.direction == .serverToClient
                ? "The app answers with `\(reply.event)`" : "Answered by `\(reply.event)`"
            if let type = reply.type { note += " holding `\(type.spelling)`" }
            note += reply.inOrder ? ", in the order requests were sent" : ", matched by `\(reply.answerMatch)`"
            if let error = reply.error { note += "; `\(error)` when it fails" }
            notes.append(note + ".")
        }
        if let request = event.channelRequest {
            notes.append(
                "\(request.role == .subscribes ? "Subscribes" : "Unsubscribes") the channels whose addresses `\(request.field)` lists."
            )
        }
        return notes
    }

    package static func union(_ names: [String]) -> String {
        names.isEmpty ? "never" : names.joined(separator: " | ")
    }

    package static func direction(_ direction: Direction) -> String {
        switch direction {
        case .clientToServer: "client to server"
        case .serverToClient: "server to client"
        case .both: "both ways"
        }
    }

    package static func framingDescription(_ framing: Framing) -> String {
        switch framing {
        case .socketIO:
            "Socket.IO events: use the event maps with socket.io's typed `Server`, `Namespace` and `Socket`."
        case .envelope(let envelope):
            "JSON objects naming the event in `\(envelope.nameKey)` with the payload in `\(envelope.payloadKey)`."
        case .discriminator(let key): "JSON objects: the payload's own fields and `\(key)` naming the event."
        case .shapes(let shapes):
            "JSON frames of \(shapes.count == 1 ? "one shape" : "\(shapes.count) shapes") (\(shapes.map(\.name).joined(separator: ", ")))."
        }
    }
}
