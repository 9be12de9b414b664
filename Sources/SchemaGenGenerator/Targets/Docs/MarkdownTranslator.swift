import Foundation
import SchemaGenRuntime
import SchemaGenContract

/// The translate stage for Markdown: a checked ``Contract`` becomes the ``MarkdownFileContext`` of its
/// reference, in the shape of the API guides (`| Event Name | Payload | Description |`).
package struct MarkdownTranslator: Sendable {
    package init() {}

    package static let clientHeading = "Client to Server Events"
    package static let serverHeading = "Server to Client Events"

    package func translate(_ contract: Contract, sourceFile: String) -> MarkdownFileContext {
        var anchors = AnchorBook()
        let title = contract.title ?? contract.name
        _ = anchors.anchor(for: title)
        _ = anchors.anchor(for: "Contents")
        var contents: [MarkdownLink] = []
        let servers = contract.servers.map {
            MarkdownServerRow(
                name: MarkdownSyntax.code($0.name), url: MarkdownSyntax.code($0.url),
                description: MarkdownSyntax.cell($0.description))
        }
        if !servers.isEmpty {
            contents.append(MarkdownLink(title: "Servers", anchor: anchors.anchor(for: "Servers")))
        }
        let typeAnchors = Dictionary(
            uniqueKeysWithValues: contract.types.map { ($0.name, MarkdownSyntax.slug($0.name)) })
        var root = scope(contract.events, of: contract, typeAnchors: typeAnchors)
        if root.hasClientEvents {
            contents.append(MarkdownLink(title: Self.clientHeading, anchor: anchors.anchor(for: Self.clientHeading)))
        }
        if root.hasServerEvents {
            contents.append(MarkdownLink(title: Self.serverHeading, anchor: anchors.anchor(for: Self.serverHeading)))
        }
        var channels: [MarkdownChannel] = []
        if !contract.channels.isEmpty {
            contents.append(MarkdownLink(title: "Channels", anchor: anchors.anchor(for: "Channels")))
            for channel in contract.channels {
                let heading = "Channel \(channel.name)"
                let parameters = channel.parameters.map {
                    MarkdownFieldRow(
                        name: MarkdownSyntax.code($0.name), type: MarkdownSyntax.code($0.type.rawValue),
                        description: MarkdownSyntax.cell($0.description))
                }
                var description = MarkdownSyntax.paragraph(channel.description)
                if let deprecation = channel.deprecation {
                    description = Self.deprecationNote(deprecation) + (description.isEmpty ? "" : " " + description)
                }
                channels.append(
                    MarkdownChannel(
                        heading: heading, anchor: anchors.anchor(for: heading),
                        address: MarkdownSyntax.codeOutsideTable(channel.address.raw),
                        description: description, hasDescription: !description.isEmpty, parameters: parameters,
                        hasParameters: !parameters.isEmpty,
                        scope: scope(channel.events, of: contract, typeAnchors: typeAnchors)))
            }
        }
        var sequences = SequenceDiagrams(contract: contract).diagrams()
        if !sequences.isEmpty {
            contents.append(MarkdownLink(title: "Conversations", anchor: anchors.anchor(for: "Conversations")))
            for index in sequences.indices { sequences[index].anchor = anchors.anchor(for: sequences[index].heading) }
        }
        var examples: [MarkdownEventExamples] = []
        if contract.allEvents.contains(where: { !$0.event.examples.isEmpty }) {
            contents.append(MarkdownLink(title: "Examples", anchor: anchors.anchor(for: "Examples")))
            // Each event's row links its examples: (channel index + 1, or 0 outside channels) → wire name → anchor.
            var exampleAnchors: [Int: [String: String]] = [:]
            for (channel, event) in contract.allEvents where !event.examples.isEmpty {
                let heading =
                    (channel.map { "Channel \($0.name) › " } ?? "") + MarkdownSyntax.codeOutsideTable(event.wireName)
                let anchor = anchors.anchor(for: heading)
                let scope = channel.flatMap { channel in contract.channels.firstIndex { $0.name == channel.name } }
                exampleAnchors[(scope ?? -1) + 1, default: [:]][event.wireName] = anchor
                examples.append(
                    MarkdownEventExamples(heading: heading, anchor: anchor, items: event.examples.map(Self.example)))
            }
            Self.link(&root, events: contract.events, to: exampleAnchors[0] ?? [:])
            for index in channels.indices {
                Self.link(
                    &channels[index].scope, events: contract.channels[index].events,
                    to: exampleAnchors[index + 1] ?? [:])
            }
        }
        var typeSections: [(type: NamedType, anchor: String)] = []
        if !contract.types.isEmpty {
            contents.append(MarkdownLink(title: "Types", anchor: anchors.anchor(for: "Types")))
            typeSections = contract.types.map { ($0, anchors.anchor(for: $0.name)) }
        }
        // Each type's anchor is taken above, in order, as the headings before it decide it.
        let types = typeSections.map { [self] in type($0.type, anchor: $0.anchor, typeAnchors: typeAnchors) }
        contents.append(MarkdownLink(title: "Wire format", anchor: anchors.anchor(for: "Wire format")))
        let description = (contract.description ?? "").linesSplitAtLineFeeds.map(MarkdownSyntax.prose)
        return MarkdownFileContext(
            sourceFile: sourceFile, title: title, version: contract.version.map(MarkdownSyntax.codeOutsideTable),
            description: description, hasDescription: contract.description != nil,
            contents: contents, servers: servers, hasServers: !servers.isEmpty, root: root, channels: channels,
            hasChannels: !channels.isEmpty, types: types,
            hasTypes: !types.isEmpty, examples: examples, hasExamples: !examples.isEmpty, sequences: sequences,
            hasSequences: !sequences.isEmpty, wireFormat: WireFormatExample(contract: contract).context)
    }

    /// Ends the row of each event with examples with a link to them (`anchors`: wire name → the examples' anchor).
    private static func link(_ scope: inout MarkdownScope, events: [Event], to anchors: [String: String]) {
        guard !anchors.isEmpty else { return }
        func linked(_ rows: inout [MarkdownEventRow], _ events: [Event]) {
            for (index, event) in events.enumerated() {
                guard let anchor = anchors[event.wireName] else { continue }
                let link = "[Example\(event.examples.count == 1 ? "" : "s")](#\(anchor))"
                rows[index].description += rows[index].description.isEmpty ? link : " " + link
            }
        }
        linked(&scope.clientEvents, events.filter(\.direction.isEmittedByClient))
        linked(&scope.serverEvents, events.filter(\.direction.isReceivedByClient))
    }

    /// An example as a fenced block: JSON laid out for reading, or a frame's text as it travels.
    package static func example(_ example: EventExample) -> MarkdownExample {
        let isJSON = example.prettyJSON.first == "{" || example.prettyJSON.first == "["
        var fence = "```"
        while example.prettyJSON.contains(fence) { fence += "`" }
        return MarkdownExample(
            summary: example.summary.map(MarkdownSyntax.paragraph), isFrame: example.form == .frame, fence: fence,
            language: isJSON ? "json" : "text", code: example.prettyJSON)
    }

    private func scope(_ events: [Event], of contract: Contract, typeAnchors: [String: String]) -> MarkdownScope {
        let client = events.filter(\.direction.isEmittedByClient).map { [self] in
            row($0, in: events, of: contract, typeAnchors: typeAnchors)
        }
        let server = events.filter(\.direction.isReceivedByClient).map { [self] in
            row($0, in: events, of: contract, typeAnchors: typeAnchors)
        }
        return MarkdownScope(
            clientEvents: client, serverEvents: server, hasClientEvents: !client.isEmpty,
            hasServerEvents: !server.isEmpty)
    }

    /// For answers that may leave the correlation value out: that one without it answers no request (it goes to
    /// the event's listeners alone), as the generated client reads it.
    private static func unmatched(_ reply: ReplyDeclaration, in events: [Event], of contract: Contract) -> String {
        let check = ReplyCheck(contract: contract)
        let optional = [(reply.event, reply.answerMatch)] + (reply.error.map { [($0, reply.errorAnswerMatch)] } ?? [])
        let omitting = optional.filter { name, key in
            events.first { $0.wireName == name }.map { check.answerMayOmit(key, of: $0) } ?? false
        }
        guard !omitting.isEmpty else { return "" }
        // Grouped by key: `a` or `b` without `id`; `a` without `id`, `b` without `data.id`.
        if Set(omitting.map(\.1)).count == 1 {
            let answers = omitting.map { MarkdownSyntax.code($0.0) }.joined(separator: " or ")
            return " \(answers) without \(MarkdownSyntax.code(omitting[0].1)) answers no request."
        }
        let answers = omitting.map { "\(MarkdownSyntax.code($0.0)) without \(MarkdownSyntax.code($0.1))" }
        return " " + answers.joined(separator: " or ") + " answers no request."
    }

    private func row(
        _ event: Event, in events: [Event], of contract: Contract, typeAnchors: [String: String]
    ) -> MarkdownEventRow {
        let shapes = contract.framing.shapes
        var description = MarkdownSyntax.cell(event.description)
        if let deprecation = event.deprecation {
            description = Self.deprecationNote(deprecation) + (description.isEmpty ? "" : " " + description)
        }
        if let reply = event.reply, event.direction == .serverToClient {
            let answer =
                "The app answers with \(MarkdownSyntax.code(reply.event)), echoing \(MarkdownSyntax.code(reply.match))"
                + (reply.replyMatch.map { " as " + MarkdownSyntax.code($0) } ?? "") + "."
            description = description.isEmpty ? answer : description + " " + answer
        } else if let reply = event.reply {
            // As a backend team's guide writes a request: `get_balance` → `balance`, and how the two are matched.
            let errorAt = reply.errorMatch.map { ", its " + MarkdownSyntax.code($0) + " matching" } ?? ""
            let error = reply.error.map { " (or \(MarkdownSyntax.code($0)) for an error\(errorAt))" } ?? ""
            let cancel = reply.cancel.map { "; cancelled with \(MarkdownSyntax.code($0))" } ?? ""
            let inReply = reply.replyMatch.map { " (" + MarkdownSyntax.code($0) + " in the reply)" } ?? ""
            let typed =
                reply.type.map { " holding " + Self.linked($0.spellingSegments, typeAnchors: typeAnchors) } ?? ""
            var each = ""
            if let declaration = reply.each {
                each = " once per item of \(MarkdownSyntax.code(declaration.list))"
                if let answer = events.first(where: { $0.wireName == reply.event }),
                    let key = ReplyCheck(contract: contract).eachItemKey(declaration, of: event, answer: answer)
                {
                    each += " (each naming its item in \(MarkdownSyntax.code(key)))"
                }
            }
            let matched =
                reply.inOrder
                ? "in the order requests were sent (the next one answers the oldest request)"
                : "matched by \(MarkdownSyntax.code(reply.match))\(inReply)"
            let answer =
                "→ \(MarkdownSyntax.code(reply.event))\(typed)\(each)\(error), \(matched)\(cancel)."
                + Self.unmatched(reply, in: events, of: contract)
            description = description.isEmpty ? answer : description + " " + answer
        }
        if let answer = event.answer {
            // The client's own answer, as a guide says it: "respond to `test_request` by sending `public/test`".
            let when = answer.when.map {
                "\(MarkdownSyntax.code($0.key)) is \(MarkdownSyntax.code($0.valueText))"
            }
            let text =
                "The client answers it with \(MarkdownSyntax.code(answer.event)) by itself"
                + (when.isEmpty ? "." : " when " + when.joined(separator: " and ") + ".")
            description = description.isEmpty ? text : description + " " + text
        }
        if let request = event.channelRequest {
            // What a channel's subscribe() sends, as Deribit's guide says it: "Subscribe to one or more channels".
            let again = request.role == .subscribes ? " (again after a reconnection)" : ""
            let taken =
                request.role == .subscribes && contract.repliesChannelsTaken(event)
                ? "; the reply lists those taken" : ""
            let text =
                "\(request.role == .subscribes ? "Subscribes" : "Unsubscribes") the channels whose addresses "
                + "\(MarkdownSyntax.code(request.field)) lists\(again)\(taken)."
            description = description.isEmpty ? text : description + " " + text
        }
        if let ack = event.ack {
            // A Socket.IO guide says what the callback is called with, and by whom.
            let who = event.direction == .serverToClient ? "The app acknowledges it with" : "Acknowledged with"
            let text = "\(who) " + Self.linked(ack.type.spellingSegments, typeAnchors: typeAnchors) + "."
            description = description.isEmpty ? text : description + " " + text
        }
        if let subscription = event.subscription {
            // How the guides describe a stream: which events belong to it, by what, and what ends it.
            let typed =
                subscription.type.map { " holding " + Self.linked($0.spellingSegments, typeAnchors: typeAnchors) } ?? ""
            let origin =
                subscription.idFromRequest
                ? " (the request's own \(MarkdownSyntax.code(event.reply?.match ?? "")), confirmed by the reply)"
                : event.reply == nil
                    ? ""
                    : " (the id in the reply" + (subscription.idInReply.map { "'s \(MarkdownSyntax.code($0))" } ?? "")
                        + ")"
            var parts = [
                "Opens a subscription: \(MarkdownSyntax.code(subscription.event)) events\(typed) with its \(MarkdownSyntax.code(subscription.match))"
                    + origin
            ]
            if let end = subscription.end { parts.append("ends with \(MarkdownSyntax.code(end))") }
            if let count = subscription.count {
                parts.append("ends after as many items as their \(MarkdownSyntax.code(count)) says")
            }
            if let error = subscription.error { parts.append("fails with \(MarkdownSyntax.code(error))") }
            if let cancel = subscription.cancel { parts.append("cancelled with \(MarkdownSyntax.code(cancel))") }
            let text = parts.joined(separator: "; ") + "."
            description = description.isEmpty ? text : description + " " + text
        }
        var payload = event.payload.map { Self.linked($0.spellingSegments, typeAnchors: typeAnchors) } ?? "None"
        if !event.envelopeFields.isEmpty {
            let fields = ObjectType(fields: event.envelopeFields)
            payload += " (envelope: " + Self.linked(fields.spellingSegments, typeAnchors: typeAnchors) + ")"
        }
        return MarkdownEventRow(
            name: MarkdownSyntax.code(event.wireName) + placement(of: event, shapes: shapes)
                + (event.deprecation == nil ? "" : " *(deprecated)*"),
            payload: payload, description: description)
    }

    private func type(_ type: NamedType, anchor: String, typeAnchors: [String: String]) -> MarkdownType {
        var description = MarkdownSyntax.paragraph(type.description)
        if let deprecation = type.deprecation {
            description = Self.deprecationNote(deprecation) + (description.isEmpty ? "" : " " + description)
        }
        var fields: [MarkdownFieldRow] = []
        var values: [MarkdownFieldRow] = []
        var valueKind = "A string, one of"
        switch type.kind {
        case .object(let object):
            fields = object.fields.map { field in
                var note = MarkdownSyntax.cell(field.description)
                if let encoding = field.encoding {
                    note = Self.encodingNote(encoding) + (note.isEmpty ? "" : " " + note)
                }
                if let pattern = field.keyPattern, case .dictionary(let value) = field.type {
                    note =
                        "Every other key matching \(MarkdownSyntax.code(pattern)), each with its value."
                        + (note.isEmpty ? "" : " " + note)
                    return MarkdownFieldRow(
                        name: MarkdownSyntax.code("/\(pattern)/"),
                        type: Self.linked(value.spellingSegments, typeAnchors: typeAnchors),
                        description: note)
                }
                if let constant = field.constant {
                    note = "Always \(MarkdownSyntax.code(constant.text))." + (note.isEmpty ? "" : " " + note)
                }
                if let deprecation = field.deprecation {
                    note = Self.deprecationNote(deprecation) + (note.isEmpty ? "" : " " + note)
                }
                return MarkdownFieldRow(
                    name: MarkdownSyntax.code(field.wireName + (field.type.isOptional ? "?" : "")),
                    type: Self.linked(
                        (field.type.isOptional ? field.type.unwrapped : field.type).spellingSegments,
                        typeAnchors: typeAnchors),
                    description: note)
            }
        case .tuple(let tuple):
            // A tuple's rows are its positions; the name says which element sits there.
            fields = tuple.elements.enumerated().map { index, element in
                let variadic = tuple.isVariadic && index == tuple.elements.count - 1
                let type: TypeRef =
                    if variadic, case .array(let each) = element.type { each } else {
                        element.type.isOptional ? element.type.unwrapped : element.type
                    }
                var note = (variadic ? "Positions \(index) onwards." : "Position \(index).")
                if let description = element.description { note += " " + MarkdownSyntax.cell(description) }
                return MarkdownFieldRow(
                    name: MarkdownSyntax.code(
                        element.wireName + (element.type.isOptional ? "?" : "") + (variadic ? "..." : "")),
                    type: Self.linked(type.spellingSegments, typeAnchors: typeAnchors), description: note)
            }
            if description.isEmpty { description = "A JSON array of these elements, in order." }
        case .enumeration(let enumeration):
            if enumeration.rawType == .integer { valueKind = "A whole number, one of" }
            values = enumeration.cases.map { enumCase in
                var note = MarkdownSyntax.cell(enumCase.description)
                if let deprecation = enumCase.deprecation {
                    note = Self.deprecationNote(deprecation) + (note.isEmpty ? "" : " " + note)
                }
                return MarkdownFieldRow(name: MarkdownSyntax.code(enumCase.wireValue), type: "", description: note)
            }
        case .union(let union):
            let linkedType = { (member: UnionMember) in
                Self.linked(member.type.spellingSegments, typeAnchors: typeAnchors)
            }
            switch union.selector {
            case .kind:
                valueKind =
                    union.members.contains { $0.elementKind != nil }
                    ? "One of these, told apart by their JSON kind (arrays by their first element's)"
                    : "One of these, told apart by their JSON kind"
                values = union.members.map { member in
                    MarkdownFieldRow(
                        name: linkedType(member), type: "",
                        description:
                            "\(member.kindText.prefix(1).uppercased() + member.kindText.dropFirst()).\(member.description.map { " " + MarkdownSyntax.cell($0) } ?? "")"
                    )
                }
            case .field(let key, _):
                let others =
                    union.fallback.map { "other values are read as " + linkedType($0) }
                    ?? "other values are kept as unknown"
                valueKind =
                    "An object whose \(MarkdownSyntax.code(key)) field says which of these it is (\(others)), one of"
                values = union.members.map { member in
                    MarkdownFieldRow(
                        name: MarkdownSyntax.code(member.tag ?? ""), type: "",
                        description: linkedType(member)
                            + (member.description.map { ". " + MarkdownSyntax.cell($0) } ?? ""))
                }
                if let fallback = union.fallback {
                    values.append(
                        MarkdownFieldRow(
                            name: "any other", type: "",
                            description: linkedType(fallback)
                                + (fallback.description.map { ". " + MarkdownSyntax.cell($0) } ?? "")))
                }
            }
        case .flags(let flags):
            valueKind = "A whole number of bit flags, any of these added together (bits not listed are kept)"
            values = flags.flags.map { flag in
                var note = "\(MarkdownSyntax.code("1 << \(flag.bit)")) (\(UInt64(1) << UInt64(flag.bit)))."
                if let description = flag.description { note += " " + MarkdownSyntax.cell(description) }
                if let deprecation = flag.deprecation { note = Self.deprecationNote(deprecation) + " " + note }
                return MarkdownFieldRow(name: MarkdownSyntax.code(flag.wireName), type: "", description: note)
            }
        }
        return MarkdownType(
            name: type.name, anchor: anchor, description: description, hasDescription: !description.isEmpty,
            isStruct: !fields.isEmpty || values.isEmpty, fields: fields, isEnum: !values.isEmpty,
            valueKind: valueKind, values: values)
    }

    /// A spelling as code spans, with named types linked to their sections.
    package static func linked(_ segments: [TypeRef.SpellingSegment], typeAnchors: [String: String]) -> String {
        var output = ""
        var pending = ""
        for segment in segments {
            switch segment {
            case .text(let text): pending += text
            case .typeName(let name):
                if !pending.isEmpty { output += MarkdownSyntax.code(pending); pending = "" }
                output += "[\(MarkdownSyntax.code(name))](#\(typeAnchors[name] ?? MarkdownSyntax.slug(name)))"
            }
        }
        if !pending.isEmpty { output += MarkdownSyntax.code(pending) }
        return output
    }

    /// How a field with its own wire form is written, in a sentence for its table row.
    package static func encodingNote(_ encoding: FieldEncoding) -> String {
        switch encoding {
        case .numberAsString: "Written as a string, e.g. `\"0.25\"`."
        case .jsonString: "Its JSON is written inside a string."
        case .date(let dates):
            switch dates {
            case .iso8601: "An ISO 8601 string, e.g. `2025-01-31T09:30:00Z`."
            case .iso8601Fractional: "An ISO 8601 string with milliseconds, e.g. `2025-01-31T09:30:00.000Z`."
            case .unixSeconds: "Seconds since 1970, e.g. `1738315800`."
            case .unixMilliseconds: "Milliseconds since 1970, e.g. `1738315800000`."
            case .unixMicroseconds: "Microseconds since 1970, e.g. `1738315800000000`."
            }
        }
    }

    package static func deprecationNote(_ deprecation: Deprecation) -> String {
        "**Deprecated**" + (deprecation.message.map { ": \(MarkdownSyntax.cell($0))" } ?? ".")
    }
}

extension MarkdownTranslator {
    /// With frame shapes, what the table's name alone would not say: the value naming the event when it is not
    /// its key (`hello` is `10` on the wire), the shape when the contract has several.
    package func placement(of event: Event, shapes: [ShapeDeclaration]?) -> String {
        guard let shapes, let index = event.shapeIndex else { return "" }
        var notes: [String] = []
        if let value = event.wireValue, value != .string(event.wireName) {
            notes.append(MarkdownSyntax.code(value.description))
        }
        if shapes.count > 1 { notes.append("in \(MarkdownSyntax.code(shapes[index].name))") }
        return notes.isEmpty ? "" : " (" + notes.joined(separator: " ") + ")"
    }
}
