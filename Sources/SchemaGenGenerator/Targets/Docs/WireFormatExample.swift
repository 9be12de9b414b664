import Foundation
import SchemaGenContract
@_spi(Generated) import SchemaGenRuntime

/// The "Wire format" section of a reference: how the contract's framing and dates look on the wire, with
/// one example frame written by the runtime's own ``WireFraming``, so the docs show exactly what clients send.
package struct WireFormatExample {
    package let contract: Contract

    package var context: MarkdownWireFormat {
        var explanation = [framingSentence, dateSentence] + (separatorSentence.map { [$0] } ?? [])
        if contract.mentions(.bytes) { explanation.append(Self.bytesSentence) }
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
        let frame = FrameSynthesizer(contract: contract).frame(of: event, in: channel)
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
        if contract.mentions(.bytes) { explanation += ["", Self.bytesSentence] }
        if let sentence = separatorSentence { explanation += ["", sentence] }
        var examples: [MarkdownFrameExample] = []
        for (index, shape) in shapes.enumerated() {
            guard
                let (channel, event) = Self.example(
                    in: contract.allEvents.lazy.filter { $0.event.shapeIndex == index }),
                event.address != nil
            else { continue }
            let frame = FrameSynthesizer(contract: contract).frame(of: event, in: channel)
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

    package static let bytesSentence =
        "`Bytes` are base64 strings (standard alphabet, padded), e.g. \(MarkdownSyntax.codeOutsideTable("aGkh")) for the three bytes of `hi!`."

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
}
