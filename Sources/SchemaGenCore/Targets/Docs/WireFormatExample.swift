import Foundation
@_spi(Generated) import SchemaGenRuntime

/// The "Wire format" section of a reference: how the contract's framing and dates look on the wire, with
/// one example frame written by the runtime's own ``WireFraming``, so the docs show exactly what clients send.
struct WireFormatExample {
    let contract: Contract

    var context: MarkdownWireFormat {
        var explanation = [framingSentence, dateSentence] + (separatorSentence.map { [$0] } ?? [])
        if case .envelope(let envelope) = contract.framing, !envelope.fields.isEmpty {
            explanation.append(
                "Every frame also carries "
                    + envelope.fields.map { "\(MarkdownSyntax.codeOutsideTable($0.wireName)) (\($0.type.spelling))" }
                    .joined(separator: ", ") + ".")
        }
        if let shapes = contract.framing.shapes {
            return shapesContext(shapes, dates: dateSentence)
        }
        guard let (channel, event) = exampleEvent else {
            return MarkdownWireFormat(explanation: explanation, exampleEvent: "", exampleFrame: "", hasExample: false)
        }
        let payload = event.payload.map { sampleJSON(for: $0) }
        var frame = contract.framing.wireFraming.frame(
            eventName: event.wireName, channel: channel.map(sampleAddress), payload: payload)
        if case .envelope(let envelope) = contract.framing {
            // The frame without payload is the same bytes up to its closing brace: the fields go there.
            let head = contract.framing.wireFraming.frame(
                eventName: event.wireName, channel: channel.map(sampleAddress), payload: nil)
            frame = insertingEnvelopeFields(envelope.fields + event.envelopeFields, into: frame, at: head.count - 1)
        }
        return MarkdownWireFormat(
            explanation: explanation, exampleEvent: MarkdownSyntax.codeOutsideTable(event.wireName),
            exampleFrame: String(decoding: frame, as: UTF8.self), hasExample: true)
    }

    /// How several frames share one message, for an API that batches them.
    private var separatorSentence: String? {
        switch contract.separator {
        case .newline?:
            "One WebSocket message may hold several frames, one per line (newline-delimited JSON); each is read in turn."
        case .recordSeparator?:
            "Every frame ends with the record separator (0x1E); one WebSocket message may hold several."
        case nil: nil
        }
    }

    /// The first event with a payload the app receives, else the first with a payload, else the first.
    private var exampleEvent: (Channel?, Event)? {
        Self.example(in: contract.allEvents)
    }

    private static func example<Events: Collection<(channel: Channel?, event: Event)>>(
        in all: Events
    ) -> (Channel?, Event)? {
        all.first { $0.event.payload != nil && $0.event.direction.isReceivedByClient }
            ?? all.first { $0.event.payload != nil } ?? all.first
    }

    /// One sentence per shape, and one example frame per shape that has events.
    private func shapesContext(_ shapes: [ShapeDeclaration], dates: String) -> MarkdownWireFormat {
        var explanation = [
            "Frames come in \(shapes.count == 1 ? "one shape" : "\(shapes.count) shapes"); each frame is read as the first shape it fits:",
            "",
        ]
        explanation += shapes.map { "- " + shapeSentence($0) }
        explanation += ["", dates]
        if let sentence = separatorSentence { explanation += ["", sentence] }
        var examples: [MarkdownFrameExample] = []
        for (index, shape) in shapes.enumerated() {
            guard
                let (channel, event) = Self.example(
                    in: contract.allEvents.lazy.filter { $0.event.shapeIndex == index }),
                let address = event.address
            else { continue }
            let payload = event.payload.map { sampleJSON(for: $0) }
            var parts: Data?
            if !shape.fields.isEmpty {
                var object: [String: Any] = [:]
                for field in shape.fields { object[field.wireName] = sample(field, depth: 1) }
                if let payload,
                    let value = try? JSONSerialization.jsonObject(with: payload, options: [.fragmentsAllowed])
                {
                    object[WireFraming.payloadPartKey] = value
                }
                parts = try? JSONSerialization.data(
                    withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
            }
            let frame = contract.framing.wireFraming.frame(
                address: address, channel: channel.map(sampleAddress),
                payload: parts == nil ? payload : nil, parts: parts)
            examples.append(
                MarkdownFrameExample(
                    event: MarkdownSyntax.codeOutsideTable(event.wireName)
                        + " (shape \(MarkdownSyntax.codeOutsideTable(shape.name)))",
                    frame: String(decoding: frame, as: UTF8.self)))
        }
        guard let first = examples.first else {
            return MarkdownWireFormat(explanation: explanation, exampleEvent: "", exampleFrame: "", hasExample: false)
        }
        return MarkdownWireFormat(
            explanation: explanation, exampleEvent: first.event, exampleFrame: first.frame, hasExample: true,
            moreExamples: Array(examples.dropFirst()))
    }

    private func shapeSentence(_ declaration: ShapeDeclaration) -> String {
        let shape = declaration.shape
        func code(_ path: FramePath) -> String { MarkdownSyntax.codeOutsideTable(shape.describe(path)) }
        var sentence = "**\(MarkdownSyntax.prose(shape.name))**: "
        if case .array(let slots) = shape.container, slots.isEmpty {
            sentence += "a bare JSON array, the payload's elements"
        } else if case .array(let slots) = shape.container {
            sentence +=
                "a JSON array "
                + MarkdownSyntax.codeOutsideTable(
                    "[" + slots.joined(separator: ", ") + (shape.payload == .rest ? ", ..." : "") + "]")
        } else {
            sentence += "a JSON object"
        }
        if !shape.conditions.isEmpty {
            sentence +=
                " where "
                + shape.conditions.map {
                    "\(code($0.path)) is \(MarkdownSyntax.codeOutsideTable($0.value.description))"
                }
                .joined(separator: " and ")
        }
        if !shape.required.isEmpty {
            sentence +=
                (shape.conditions.isEmpty ? " with " : " and with ")
                + shape.required.map(code).joined(separator: " and ")
        }
        var clauses: [String] = []
        if let name = shape.eventName {
            clauses.append("\(code(name)) names the event")
        } else {
            clauses.append("one event")
        }
        switch shape.payload {
        case .none: clauses.append("no payload")
        case .at(let path): clauses.append("\(code(path)) holds the payload")
        case .rest:
            clauses.append(
                shape.container == .object
                    ? "the payload's fields sit beside these keys" : "the payload's elements follow")
        }
        if let channel = shape.channel { clauses.append("\(code(channel)) names the channel") }
        if shape.exact {
            clauses.append(
                shape.namedKeys.isEmpty && shape.container == .object ? "nothing else: exactly `{}`" : "no other keys")
        }
        if !declaration.fields.isEmpty {
            clauses.append(
                "every frame also carries "
                    + declaration.fields.map { "\(MarkdownSyntax.codeOutsideTable($0.wireName)) (\($0.type.spelling))" }
                    .joined(separator: ", "))
        }
        sentence += "; " + clauses.joined(separator: "; ") + "."
        if let description = declaration.description { sentence += " " + MarkdownSyntax.prose(description) }
        return sentence
    }

    /// The frame with envelope fields placed after the event name, as servers such as Comapi send them.
    private func insertingEnvelopeFields(_ fields: [Field], into frame: Data, at offset: Int) -> Data {
        guard !fields.isEmpty else { return frame }
        var members = Data()
        for field in fields {
            let value =
                (try? JSONSerialization.data(
                    withJSONObject: sample(field, depth: 1),
                    options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])) ?? Data("null".utf8)
            members.append(contentsOf: Array(",\"\(field.wireName)\":".utf8))
            members.append(value)
        }
        var result = frame
        result.insert(contentsOf: members, at: result.startIndex + offset)
        return result
    }

    private var framingSentence: String {
        switch contract.framing {
        case .socketIO:
            let namespace =
                contract.namespace.map {
                    " Events outside channels travel in the namespace \(MarkdownSyntax.codeOutsideTable($0)), not the main one: connect there."
                } ?? ""
            return
                "Events travel as Socket.IO events: the event name, then the payload as the first argument. Events without payload carry only their name."
                + namespace
        case .discriminator(let key):
            return
                "Each event is one JSON object: the payload's fields, plus \(MarkdownSyntax.codeOutsideTable(key)), which holds the event name."
        case .shapes:
            return ""
        case .envelope(let envelope):
            var sentence =
                "Each event is a JSON object whose \(MarkdownSyntax.codeOutsideTable(envelope.nameKey)) key holds the event name and whose "
                + "\(MarkdownSyntax.codeOutsideTable(envelope.payloadKey)) key holds the payload"
            if envelope.payloadEncoding == .jsonString { sentence += ", as a string containing JSON" }
            sentence += "."
            if let channelKey = envelope.channelKey {
                sentence += " Its \(MarkdownSyntax.codeOutsideTable(channelKey)) key names the channel."
            }
            return sentence
        }
    }

    private var dateSentence: String {
        switch contract.dateEncoding {
        case .iso8601: "Dates are ISO 8601 strings, e.g. \(MarkdownSyntax.codeOutsideTable("2025-01-31T09:30:00Z"))."
        case .iso8601Fractional:
            "Dates are ISO 8601 strings with milliseconds, e.g. \(MarkdownSyntax.codeOutsideTable("2025-01-31T09:30:00.000Z"))."
        case .unixSeconds:
            "Dates are numbers of seconds since 1970, e.g. \(MarkdownSyntax.codeOutsideTable("1738315800"))."
        case .unixMilliseconds:
            "Dates are numbers of milliseconds since 1970, e.g. \(MarkdownSyntax.codeOutsideTable("1738315800000"))."
        case .unixMicroseconds:
            "Dates are numbers of microseconds since 1970, e.g. \(MarkdownSyntax.codeOutsideTable("1738315800000000"))."
        }
    }

    private func sampleAddress(_ channel: Channel) -> String {
        channel.address.segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter: "1"
            }
        }.joined()
    }

    /// An example payload: each field with a plausible value of its type, keys sorted as clients send them.
    private func sampleJSON(for type: TypeRef) -> Data {
        let value = sample(type, depth: 0)
        return
            (try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]))
            ?? Data("null".utf8)
    }

    private func sample(_ type: TypeRef, depth: Int, encoding: FieldEncoding? = nil) -> Any {
        switch type {
        case .scalar(let scalar):
            let number: Any? =
                switch scalar {
                case .int, .int64: 1
                case .double: 1.5
                case .decimal: Decimal(string: "0.25")
                default: nil
                }
            if let number {
                return encoding == .numberAsString ? "\(number)" : number
            }
            switch scalar {
            case .string: return "text"
            case .bool: return true
            case .url: return "https://example.com"
            case .json: return [String: Any]()
            case .date:
                if case .date(let own)? = encoding { return sampleDate(own) }
                return sampleDate(contract.dateEncoding)
            case .int, .int64, .double, .decimal: return NSNull()
            }
        case .named(let name):
            guard let named = contract.type(named: name) else { return NSNull() }
            switch named.kind {
            case .enumeration(let enumeration):
                let value = enumeration.cases.first?.wireValue ?? ""
                return enumeration.rawType == .integer ? (Int(value) ?? 0) as Any : value
            case .object(let object): return sample(object, depth: depth + 1)
            case .tuple(let tuple): return sample(tuple, depth: depth + 1)
            case .flags(let flags):
                let value = flags.flags.prefix(2).reduce(UInt64(0)) { $0 | 1 << UInt64($1.bit) }
                return encoding == .numberAsString ? "\(value)" : value
            case .union(let union):
                guard let first = union.members.first else { return NSNull() }
                var value = sample(first.type, depth: depth + 1)
                if case .field(let key, let rawType) = union.selector, var object = value as? [String: Any],
                    let tag = first.tag
                {
                    object[key] = rawType == .integer ? (Int(tag) ?? 0) as Any : tag
                    value = object
                }
                return value
            }
        case .array(let element): return depth > 2 ? [Any]() : [sample(element, depth: depth + 1, encoding: encoding)]
        case .dictionary(let value):
            return depth > 2 ? [String: Any]() : ["key": sample(value, depth: depth + 1, encoding: encoding)]
        case .optional(let wrapped), .nullable(let wrapped):
            return depth > 2 ? NSNull() : sample(wrapped, depth: depth, encoding: encoding)
        case .object(let object): return sample(object, depth: depth + 1)
        case .tuple(let tuple): return sample(tuple, depth: depth + 1)
        }
    }

    private func sampleDate(_ encoding: DateEncoding) -> Any {
        switch encoding {
        case .iso8601: "2025-01-31T09:30:00Z"
        case .iso8601Fractional: "2025-01-31T09:30:00.000Z"
        case .unixSeconds: 1_738_315_800
        case .unixMilliseconds: 1_738_315_800_000
        case .unixMicroseconds: 1_738_315_800_000_000
        }
    }

    /// An example tuple: every element, a variadic one with one value, as a server sends it.
    private func sample(_ tuple: TupleType, depth: Int) -> [Any] {
        tuple.elements.enumerated().map { index, element in
            if tuple.isVariadic, index == tuple.elements.count - 1, case .array(let each) = element.type {
                return sample(each, depth: depth)
            }
            return sample(element, depth: depth)
        }
    }

    private func sample(_ object: ObjectType, depth: Int) -> [String: Any] {
        var result: [String: Any] = [:]
        for field in object.fields {
            // Deep optional fields are left out, as a server leaves them out, so recursive types end.
            if depth > 2, field.type.isOptional { continue }
            if field.keyPattern != nil { continue }  // no member of the example matches it
            result[field.wireName] = sample(field, depth: depth)
        }
        return result
    }

    /// A field's example value: its constant when it has one (a frame's `"op": 2` is always 2).
    private func sample(_ field: Field, depth: Int) -> Any {
        switch field.constant {
        case .string(let text): return text
        case .int(let number): return number
        case .bool(let flag): return flag
        case nil:
            guard field.encoding == .jsonString else {
                return sample(field.type, depth: depth, encoding: field.encoding)
            }
            // JSON inside a string: the inner value's JSON text.
            let inner = sample(field.type.valueType, depth: depth)
            let data =
                (try? JSONSerialization.data(
                    withJSONObject: inner, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]))
                ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
