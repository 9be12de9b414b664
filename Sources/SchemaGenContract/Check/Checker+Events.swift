import Foundation
import SchemaGenRuntime

/// Reading `events:` and `channels:`.
extension Checker {
    package static let eventKeys = [
        "direction", "description", "deprecated", "swiftName", "payload", "envelope", "frame", "wire", "reply",
        "subscription", "ack", "examples", "answer", "subscribes", "unsubscribes",
    ]
    package static let replyKeys = ["event", "match", "error", "ids", "cancel", "type", "each", "inOrder"]
    package static let subscriptionKeys = [
        "event", "match", "end", "error", "cancel", "ids", "id", "idFrom", "type", "count",
    ]
    package static let cancelKeys = ["event", "field"]
    package static let channelKeys = ["address", "parameters", "description", "deprecated", "swiftName", "events"]
    package static let parameterKeys = ["type", "description", "swiftName"]

    /// The events of one scope (the contract's root or a channel), keyed by exact wire name.
    package mutating func readEvents(_ node: SyntaxNode, scope: String) -> [Event] {
        if node.isNull { return [] }
        guard
            let reader = MappingReader(
                node, owner: scope, allowedKeys: nil, entryKind: "event", diagnostics: &diagnostics)
        else { return [] }
        return reader.entries.compactMap { entry in
            entry.keyText.flatMap { readEvent(wireName: $0, value: entry.value, keyLocation: entry.key.location) }
        }
    }

    private mutating func readEvent(wireName: String, value: SyntaxNode, keyLocation: SourceLocation) -> Event? {
        let owner = "event '\(wireName)'"
        if wireName.isEmpty {
            diagnostics.error(
                "an event name is empty; write the name exactly as it appears on the wire", at: keyLocation)
            return nil
        }
        if let first = wireName.unicodeScalars.first, let last = wireName.unicodeScalars.last,
            first.isSpace || last.isSpace
        {
            diagnostics.warning(
                "\(owner) starts or ends with a space, which is part of the wire name; remove it unless the server really sends it",
                at: keyLocation)
        }
        guard !value.isNull else {
            diagnostics.error("\(owner) is empty; it needs at least `direction:`", at: keyLocation)
            return nil
        }
        guard
            let reader = MappingReader(
                value, owner: owner, allowedKeys: Self.eventKeys, ownerLocation: keyLocation,
                diagnostics: &diagnostics)
        else { return nil }
        let swiftName = readSwiftName(reader, wireName: wireName, what: "event", at: keyLocation)
        let direction = readDirection(reader, owner: owner)
        var payload: TypeRef?
        if let node = reader["payload"], !node.isNull {
            payload = readPayload(node, owner: owner)
        }
        var placement: (shape: Int, value: FrameValue?)?
        if let shapes = framing?.shapes {
            placement = readPlacement(reader, wireName: wireName, owner: owner, shapes: shapes)
        } else if let framing {
            if let entry = reader.entry("frame") {
                diagnostics.error(
                    "`frame:` places an event among the shapes under `frames:`; this contract frames events with \(framing.style) and names each event by its key",
                    at: entry.key.location)
            }
            if let entry = reader.entry("wire") {
                diagnostics.error(
                    Self.wireOutsideShapes(framing, wire: entry.value.scalar?.text), at: entry.key.location)
            }
        }
        var envelopeFields: [Field] = []
        if let entry = reader.entry("envelope") {
            if framing?.shapes != nil {
                diagnostics.error(
                    "with `frames:`, envelope fields belong to the frame shape: declare them under the shape's `fields:` (optional when only some events carry them)",
                    at: entry.key.location)
            } else if case .envelope = framing {
                envelopeFields = readFields(entry.value, owner: "the envelope of \(owner)")
            } else if framing != nil {
                diagnostics.error(
                    "`envelope:` fields need `framing: {envelope: ...}`; this contract frames events with \(framing?.style ?? "")",
                    at: entry.key.location)
            }
        }
        var reply: ReplyDeclaration?
        if let entry = reader.entry("reply"),
            let spec = MappingReader(
                entry.value, owner: "the reply of \(owner)", allowedKeys: Self.replyKeys,
                ownerLocation: entry.key.location, diagnostics: &diagnostics),
            let eventNode = spec.required(
                "event", in: "the reply of \(owner)",
                hint: "name the server-to-client event that answers it: `event: result`",
                diagnostics: &diagnostics),
            let replyEvent = readText(eventNode, what: "the reply's `event`"),
            let (match, replyMatch, inOrder) = readReplyMatch(spec, owner: owner)
        {
            let ids = readCorrelationIDs(spec)
            let (error, errorMatch) = spec["error"].map { readError($0) } ?? (nil, nil)
            var declaration = ReplyDeclaration(
                event: replyEvent, match: match, error: error, ids: ids ?? .counter, location: entry.key.location)
            declaration.inOrder = inOrder
            declaration.errorMatch = errorMatch
            declaration.idsWritten = ids != nil
            declaration.replyMatch = replyMatch
            if let eachNode = spec["each"], let (list, item) = readMatch(eachNode, key: "each") {
                declaration.each = ReplyEach(list: list, item: item, location: eachNode.location)
            }
            declaration.type = spec["type"].flatMap { readTypeExpression($0, what: "the reply of \(owner)") }
            (declaration.cancel, declaration.cancelField) = readCancel(spec, what: "the reply of \(owner)")
            reply = declaration
        }
        let subscription = reader.entry("subscription").flatMap {
            readSubscription($0, owner: owner, hasReply: reader.entry("reply") != nil)
        }
        var ack: AckDeclaration?
        if let entry = reader.entry("ack") {
            if entry.value.scalar != nil {
                ack = readTypeExpression(entry.value, what: "the acknowledgement of \(owner)").map {
                    AckDeclaration(type: $0, location: entry.value.location)
                }
            } else {
                // `ack: {payload: Stored}` is the usual slip: `ack:` is the type itself, not a mapping around it.
                let inner = entry.value.entries?.first {
                    $0.key.scalar?.text == "payload" || $0.key.scalar?.text == "type"
                }?.value.scalar?.text
                let example = inner.map { "`ack: \($0)`" } ?? "`ack: Stored`, `ack: [String]`, `ack: Bool?`"
                diagnostics.error(
                    "`ack:` of \(owner) takes a type's name, written as text (\(example)), not a mapping; for several values or an "
                        + "object, declare a `tuple:` or an object under `types:` and name it", at: entry.value.location
                )
            }
        }
        let examples = reader.entry("examples").map { readExamples($0.value, owner: owner) } ?? []
        guard let direction else { return nil }
        if framing?.shapes != nil, placement == nil { return nil }
        var event = Event(
            wireName: wireName, swiftName: swiftName, direction: direction, description: readDescription(reader),
            deprecation: readDeprecation(reader), payload: payload, envelopeFields: envelopeFields,
            location: keyLocation,
            shapeIndex: placement?.shape, wireValue: placement?.value, reply: reply, subscription: subscription,
            ack: ack)
        event.examples = examples
        event.answer = reader.entry("answer").flatMap { readAnswer($0.value, owner: owner) }
        for role in [ChannelRequest.Role.subscribes, .unsubscribes] {
            guard let entry = reader.entry(role.rawValue) else { continue }
            guard event.channelRequest == nil else {
                diagnostics.error(
                    "\(owner) both `subscribes:` and `unsubscribes:` channels; a request does one of them",
                    at: entry.key.location)
                continue
            }
            event.channelRequest = readText(
                entry.value,
                what: "`\(role.rawValue)` of \(owner) (the payload's field holding the channels' addresses)"
            )
            .map { ChannelRequest(role: role, field: $0, location: entry.value.location) }
        }
        return event
    }

    /// `examples:`: a list of `{payload: ...}` (the payload's value, in YAML or JSON) or `{frame: ...}` (the whole
    /// frame: its text as it travels, or the frame as YAML or JSON), each with an optional `summary:`. Whether each
    /// matches its event is `ExampleCheck`'s, once the contract is whole.
    private mutating func readExamples(_ node: SyntaxNode, owner: String) -> [EventExample] {
        guard let items = node.elements else {
            diagnostics.error(
                "`examples:` of \(owner) is a list: `- payload: {...}` for a payload's value, `- frame: '...'` for a whole frame",
                at: node.location)
            return []
        }
        return items.compactMap { item in
            guard
                let reader = MappingReader(
                    item, owner: "an example of \(owner)", allowedKeys: ["payload", "frame", "summary"],
                    ownerLocation: item.location,
                    diagnostics: &diagnostics)
            else { return nil }
            let summary = reader["summary"].flatMap { readText($0, what: "`summary`") }
            switch (reader.entry("payload"), reader.entry("frame")) {
            case (let payload?, nil):
                let value = payload.value.documentValue
                return EventExample(
                    form: .payload, json: value.json, prettyJSON: value.prettyJSON(), summary: summary,
                    location: item.location)
            case (nil, let frame?):
                if let scalar = frame.value.scalar {
                    // The frame's text as it travels (`["said",{...}]`, or a JSON document written as a string); shown
                    // laid out when it is JSON (which YAML reads, keeping the keys' order).
                    let isJSON = scalar.text.first == "{" || scalar.text.first == "["
                    let pretty =
                        isJSON
                        ? YAMLLoader().load(text: scalar.text, path: "example").root?.documentValue.prettyJSON() : nil
                    return EventExample(
                        form: .frame, json: scalar.text, prettyJSON: pretty ?? scalar.text, summary: summary,
                        location: item.location)
                }
                let value = frame.value.documentValue
                return EventExample(
                    form: .frame, json: value.json, prettyJSON: value.prettyJSON(), summary: summary,
                    location: item.location)
            default:
                diagnostics.error(
                    "an example of \(owner) needs exactly one of `payload:` (the payload's value) and `frame:` (the whole frame)",
                    at: item.location)
                return nil
            }
        }
    }

    /// The `ids:` written, if any (one that is not a mode is reported, and read as `counter`).
    private mutating func readCorrelationIDs(_ spec: MappingReader) -> CorrelationIDs? {
        guard let node = spec["ids"], let text = readText(node, what: "`ids`") else { return nil }
        guard let ids = CorrelationIDs(rawValue: text) else {
            let choices = CorrelationIDs.allCases.map(\.rawValue)
            diagnostics.error(
                "unknown `ids` '\(text)'; write one of \(choices.map { "`\($0)`" }.joined(separator: ", "))\(Suggestions.hint(for: text, in: choices))",
                at: node.location)
            return .counter
        }
        return ids
    }

    private mutating func readSubscription(
        _ entry: SyntaxNode.Entry, owner: String, hasReply: Bool
    ) -> SubscriptionDeclaration? {
        let what = "the subscription of \(owner)"
        guard
            let spec = MappingReader(
                entry.value, owner: what, allowedKeys: Self.subscriptionKeys, ownerLocation: entry.key.location,
                diagnostics: &diagnostics),
            let eventNode = spec.required(
                "event", in: what, hint: "name the server-to-client event each item arrives as: `event: next`",
                diagnostics: &diagnostics),
            let matchNode = spec.required(
                "match", in: what, hint: "name the field that carries the subscription's id in its events: `match: id`",
                diagnostics: &diagnostics),
            let event = readText(eventNode, what: "the subscription's `event`"),
            let match = readText(matchNode, what: "the subscription's `match`")
        else { return nil }
        var declaration = SubscriptionDeclaration(event: event, match: match, location: entry.key.location)
        declaration.end = spec["end"].flatMap { readText($0, what: "the subscription's `end`") }
        declaration.count = spec["count"].flatMap { readText($0, what: "the subscription's `count`") }
        declaration.error = spec["error"].flatMap { readText($0, what: "the subscription's `error`") }
        let ids = readCorrelationIDs(spec)
        declaration.ids = ids ?? .counter
        declaration.idsWritten = ids != nil
        declaration.idInReply = spec["id"].flatMap { readText($0, what: "the subscription's `id`") }
        declaration.type = spec["type"].flatMap { readTypeExpression($0, what: "the items of \(what)") }
        if let node = spec["idFrom"], let source = readText(node, what: "the subscription's `idFrom`") {
            switch source {
            case "request":
                declaration.idFromRequest = hasReply
                if let id = spec["id"] {
                    diagnostics.error(
                        "\(what) takes its id from the request (`idFrom: request`), so the reply has no field to name: leave `id:` out",
                        at: id.location)
                }
            case "reply":
                if !hasReply {
                    diagnostics.error(
                        "\(what) takes its id from the reply, but there is no `reply:`; add one, or leave `idFrom:` out: without a "
                            + "reply the client chooses the id, in the request's `match` field", at: node.location)
                }
            default:
                diagnostics.error(
                    "the subscription's `idFrom` is '\(source)'; write `idFrom: request` (the id is the request's own correlation value, "
                        + "which the reply and the items echo) or `idFrom: reply` (the reply carries the id the server chose)",
                    at: node.location)
            }
        }
        (declaration.cancel, declaration.cancelField) = readCancel(spec, what: what)
        return declaration
    }

    private mutating func readDirection(_ reader: MappingReader, owner: String) -> Direction? {
        let choices = Direction.allCases.map(\.rawValue)
        guard
            let node = reader.required(
                "direction", in: owner, hint: "add `direction: client-to-server`, `server-to-client` or `both`",
                diagnostics: &diagnostics),
            let text = readText(node, what: "`direction`")
        else { return nil }
        if let direction = Direction(rawValue: text) { return direction }
        diagnostics.error(
            "invalid direction '\(text)' for \(owner)\(Suggestions.hint(for: text, in: choices))",
            at: node.location)
        return nil
    }

    /// A payload is a type written as text, or a mapping of fields (an inline object).
    private mutating func readPayload(_ node: SyntaxNode, owner: String) -> TypeRef? {
        switch node.kind {
        case .scalar:
            let type = readTypeExpression(node, what: "the payload of \(owner)")
            if let type, type.isOptional, type.isNullable {
                diagnostics.error(
                    "the payload of \(owner) is `(T | null)?`; only a field can tell an absent value from `null`: write `T?` or `T | null`",
                    at: node.location)
                return nil
            }
            return type
        case .mapping:
            return .object(ObjectType(fields: readFields(node, owner: "the payload of \(owner)")))
        case .sequence:
            return readTuple(node, owner: "the payload of \(owner)").map { .tuple($0) }
        }
    }

    package mutating func readChannels(_ node: SyntaxNode) -> [Channel] {
        if node.isNull { return [] }
        guard
            let reader = MappingReader(
                node, owner: "`channels`", allowedKeys: nil, entryKind: "channel", diagnostics: &diagnostics)
        else { return [] }
        var channels: [Channel] = []
        var addresses: [String: (name: String, location: SourceLocation)] = [:]
        for entry in reader.entries {
            guard let name = entry.keyText,
                let channel = readChannel(name: name, value: entry.value, keyLocation: entry.key.location)
            else { continue }
            if let earlier = addresses[channel.address.raw] {
                diagnostics.error(
                    "channels '\(earlier.name)' and '\(name)' have the same address '\(channel.address.raw)', so incoming events could not be told apart; merge them",
                    at: channel.location, notes: [.note("'\(earlier.name)' is declared here", at: earlier.location)])
            }
            addresses[channel.address.raw] = (name, channel.location)
            channels.append(channel)
        }
        return channels
    }

    private mutating func readChannel(name: String, value: SyntaxNode, keyLocation: SourceLocation) -> Channel? {
        let owner = "channel '\(name)'"
        guard !value.isNull else {
            diagnostics.error("\(owner) is empty; it needs `address:` and `events:`", at: keyLocation)
            return nil
        }
        guard
            let reader = MappingReader(
                value, owner: owner, allowedKeys: Self.channelKeys, ownerLocation: keyLocation,
                diagnostics: &diagnostics)
        else { return nil }
        let swiftName = readSwiftName(reader, wireName: name, what: "channel", at: keyLocation)
        let parameters = reader["parameters"].map { readParameters($0, owner: owner) } ?? []
        let addressNode = reader.required(
            "address", in: owner, hint: "write the channel's name on the wire, e.g. `address: \"driver-{driverId}\"`",
            diagnostics: &diagnostics)
        let address = addressNode.flatMap { readAddress($0, parameters: parameters, owner: owner) }
        let eventsNode = reader.required(
            "events", in: owner, hint: "list the events sent on this channel", diagnostics: &diagnostics)
        let events = eventsNode.map { readEvents($0, scope: owner) } ?? []
        if let eventsNode, events.isEmpty, eventsNode.isNull || eventsNode.entries?.isEmpty == true {
            diagnostics.warning("\(owner) has no events", at: eventsNode.location)
        }
        guard let address else { return nil }
        return Channel(
            name: name, swiftName: swiftName, address: address, parameters: parameters,
            description: readDescription(reader),
            deprecation: readDeprecation(reader), events: events, location: keyLocation)
    }

    /// Parameters fill address placeholders, so only types that print unambiguously are allowed.
    private mutating func readParameters(_ node: SyntaxNode, owner: String) -> [ChannelParameter] {
        guard
            let reader = MappingReader(
                node, owner: "the parameters of \(owner)", allowedKeys: nil, entryKind: "parameter",
                diagnostics: &diagnostics)
        else { return [] }
        return reader.entries.compactMap { entry in
            guard let name = entry.keyText else { return nil }
            let what = "parameter '\(name)' of \(owner)"
            var spec: MappingReader?
            var typeNode: SyntaxNode? = entry.value
            if entry.value.entries != nil {
                spec = MappingReader(
                    entry.value, owner: what, allowedKeys: Self.parameterKeys, ownerLocation: entry.key.location,
                    diagnostics: &diagnostics)
                typeNode = spec?.required(
                    "type", in: what, hint: "write `type: String` or `type: Int`", diagnostics: &diagnostics)
            }
            // A parameter whose type is wrong is still declared: the address check must not also call it missing.
            var scalar = ScalarType.string
            if let typeNode, let type = readTypeExpression(typeNode, what: what) {
                if case .scalar(let declared) = type, declared == .string || declared == .int {
                    scalar = declared
                } else {
                    diagnostics.error(
                        "\(what) must be `String` or `Int`, because its value is written into the channel address",
                        at: typeNode.location)
                }
            }
            return ChannelParameter(
                name: name, swiftName: readSwiftName(spec, wireName: name, what: "parameter", at: entry.key.location),
                type: scalar, description: spec.flatMap { readDescription($0) }, location: entry.key.location)
        }
    }

    /// Splits `driver-{driverId}` into literal text and parameters, checking each placeholder is declared
    /// and each declared parameter is used.
    private mutating func readAddress(
        _ node: SyntaxNode, parameters: [ChannelParameter], owner: String
    ) -> AddressTemplate? {
        guard let raw = readText(node, what: "`address`") else { return nil }
        guard !raw.isEmpty else {
            diagnostics.error(
                "the address of \(owner) is empty; write the channel's name on the wire", at: node.location)
            return nil
        }
        var segments: [AddressTemplate.Segment] = []
        var literal = ""
        var placeholder: (name: String, offset: Int)?
        var failed = false
        var syntaxFailed = false
        var suggested = Set<String>()
        for (offset, scalar) in raw.unicodeScalars.enumerated() {
            switch (scalar, placeholder) {
            case ("{", nil):
                if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
                placeholder = ("", offset)
            case ("{", _?):
                diagnostics.error(
                    "'{' inside a placeholder in the address of \(owner); placeholders cannot nest",
                    at: node.location(ofCharacterAt: offset))
                syntaxFailed = true
            case ("}", let open?):
                if open.name.isEmpty {
                    diagnostics.error(
                        "empty placeholder '{}' in the address of \(owner); write the parameter name inside",
                        at: node.location(ofCharacterAt: open.offset))
                    syntaxFailed = true
                } else {
                    segments.append(.parameter(open.name))
                    if !parameters.contains(where: { $0.name == open.name }) {
                        let suggestion = Suggestions.closest(to: open.name, in: parameters.map(\.name))
                        if let suggestion { suggested.insert(suggestion) }
                        let hint =
                            suggestion.map { "; did you mean '\($0)'?" }
                            ?? "; declare it under `parameters:` as `\(open.name): String`"
                        diagnostics.error(
                            "the address of \(owner) uses '{\(open.name)}', but the channel declares no parameter '\(open.name)'\(hint)",
                            at: node.location(ofCharacterAt: open.offset))
                        failed = true
                    }
                }
                placeholder = nil
            case ("}", nil):
                diagnostics.error(
                    "'}' without a matching '{' in the address of \(owner)", at: node.location(ofCharacterAt: offset))
                syntaxFailed = true
            case (_, var open?):
                open.name.unicodeScalars.append(scalar)
                placeholder = open
            case (_, nil):
                literal.unicodeScalars.append(scalar)
            }
        }
        if let open = placeholder {
            diagnostics.error(
                "'{' without a matching '}' in the address of \(owner)", at: node.location(ofCharacterAt: open.offset))
            syntaxFailed = true
        }
        // After a syntax error the placeholders are unknown, so unused parameters would be guesses.
        if syntaxFailed { return nil }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        let template = AddressTemplate(raw: raw, segments: segments)
        var used = Set<String>()
        for name in template.parameterNames where !used.insert(name).inserted {
            diagnostics.error(
                "the address of \(owner) uses '{\(name)}' twice; each parameter may appear once", at: node.location)
            failed = true
        }
        for parameter in parameters where !used.contains(parameter.name) && !suggested.contains(parameter.name) {
            diagnostics.error(
                "parameter '\(parameter.name)' of \(owner) does not appear in its address '\(raw)'; use it as '{\(parameter.name)}' or remove it",
                at: parameter.location)
            failed = true
        }
        return failed ? nil : template
    }
    /// Why `wire:` does nothing under `framing:`, and how to write what it is usually for: two events (one each way,
    /// with their own payloads) sharing one name on the wire, which frame shapes say.
    static func wireOutsideShapes(_ framing: Framing, wire: String?) -> String {
        let name = wire.map { "`wire: \($0)`" } ?? "`wire:`"
        let head = "`wire:` gives an event a name on the wire other than its key, which only frame shapes do; "
        guard let shapes = framing.equivalentShapes else {
            return head
                + "\(framing.style) framing names each event by its key. For one name with a payload each way, declare the "
                + "event once with `direction: both` and a payload holding what either side sends (what only one sends optional)"
        }
        return head
            + "for two events with one name (one each way, each with its payload), replace `framing:` with `\(shapes)`, "
            + "which reads and writes the same frames, and write \(name) on both"
    }
}

private extension Unicode.Scalar {
    /// A space or a tab (what `CharacterSet.whitespaces` holds), checked without building a character set per event.
    var isSpace: Bool { self == "\t" || properties.generalCategory == .spaceSeparator }
}
