import SchemaGenRuntime
import SchemaGenContract

/// Builds the methods of requests (`reply:`) and subscriptions (`subscription:`) of one scope: the event's values
/// but the client-chosen correlation value as parameters, the reply and items decoded as their listeners decode them.
/// What both roles read (where a request's reply and match fields are) is here; the client's methods are in
/// `Client/`, the server's in `Server/`.
package struct RequestTranslator {
    package let contract: Contract
    package let events: [Event]
    package let channelExpression: String
    package let speller: SwiftTypeSpeller
    package let check: ReplyCheck

    package init(contract: Contract, events: [Event], channelExpression: String, speller: SwiftTypeSpeller) {
        self.contract = contract
        self.events = events
        self.channelExpression = channelExpression
        self.speller = speller
        self.check = ReplyCheck(contract: contract)
    }

    package func index(of name: String?) -> Int? {
        name.flatMap { name in events.firstIndex { $0.wireName == name } }
    }

    /// Where the value an event sends carries the field `key` (dots for a path), as keys into its encoded value: the
    /// payload's, or for an event whose value is its whole frame, the frame field or the member of its payload part.
    package func bodyPath(of key: String, in event: Event, _ context: EventContext) -> String {
        guard context.decodesWholeFrame, !isFrameField(key, of: event) else { return key }
        let payloadKey =
            if case .envelope(let envelope) = contract.framing { envelope.payloadKey } else {
                WireFraming.payloadPartKey
            }
        return payloadKey + "." + key
    }

    /// A `ReplyMatch(...)` expression: the reply's route, channel, and where it and the error event carry the value.
    package func replyMatch(_ reply: ReplyDeclaration, contexts: [EventContext]) -> String? {
        guard let answer = index(of: reply.event) else { return nil }
        var errorRoute = ""
        if let error = index(of: reply.error) {
            errorRoute =
                ", errorRoute: (\(contexts[error].route), \(source(of: reply.errorAnswerMatch, in: events[error])))"
        }
        return
            "\(speller.runtime("ReplyMatch"))(route: \(contexts[answer].route), channel: \(channelExpression), source: \(source(of: reply.answerMatch, in: events[answer]))\(errorRoute))"
    }

    /// Where an event carries the matching field: a frame or envelope field, or a member of its payload (the first
    /// step of a path).
    /// A value the event may leave out or hold as `null` is `.optional(...)`: a frame without it answers nothing.
    package func source(of match: String, in answer: Event) -> String {
        // Replies matched by order carry no value (`inOrder: true`).
        if match.isEmpty { return ".order" }
        let literal = SwiftSyntax.stringLiteral(match)
        let source = isFrameField(match, of: answer) ? ".field(\(literal))" : ".payloadField(\(literal))"
        return check.answerMayOmit(match, of: answer) ? ".optional(\(source))" : source
    }

    /// The Swift expression of the field at the end of `path` in `base`, a value of an event whose Swift structure
    /// `context` declares: its property, or the member of its `payload` when the value also holds its frame's fields
    /// (or is the named payload itself). Objects on the way that may be `nil` are chained with `?.`.
    package func swiftPath(_ path: [Field], in base: String, _ context: EventContext) -> String {
        var steps = ""
        for (index, field) in path.enumerated() {
            steps += (index == 0 ? "" : path[index - 1].type.isSwiftOptional ? "?." : ".")
            steps += SwiftSyntax.identifier(field.swiftName)
        }
        guard let first = path.first, let structure = context.declaration?.structure,
            structure.properties.contains(where: { $0.name == SwiftSyntax.identifier(first.swiftName) })
        else { return base + "payload." + steps }
        return base + steps
    }

    /// The channel addresses a request that names channels (`subscribes:`) holds, as a Swift `[String]` expression on
    /// its decoded value `request` (`request.payload.channels`, or `[request.channel]` for one).
    package func channelsNamed(by channels: ChannelRequest, in event: Event, _ context: EventContext) -> String? {
        guard let path = check.matchPath(channels.field, of: event, isRequest: true, appGives: true),
            let field = path.last
        else { return nil }
        var value = swiftPath(path, in: "request.", context)
        if context.declaration == nil, value.hasPrefix("request.payload.") {
            // A payload of a named type is the request's value itself.
            value = "request." + value.dropFirst("request.payload.".count)
        }
        return field.type == .array(.scalar(.string)) ? value : "[\(value)]"
    }

    /// Whether `match` (its first step, for a path) is a frame shape's or the envelope's field rather than the payload's.
    private func isFrameField(_ match: String, of event: Event) -> Bool {
        let first = String(match.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
        let isShapeField =
            event.shapeIndex.map { index in
                contract.framing.shapes?[index].fields.contains { $0.wireName == match || $0.wireName == first } == true
            } ?? false
        return isShapeField || event.envelopeFields.contains { $0.wireName == match || $0.wireName == first }
    }
}
