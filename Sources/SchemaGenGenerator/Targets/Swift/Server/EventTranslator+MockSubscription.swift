import SchemaGenContract
/// The generated `Mock`'s answer to a request that opens a subscription.
extension EventTranslator {
    /// The statements that set the generated `Mock`'s responder to `event`, a request that opens a subscription (on
    /// every address of the channel whose type is `channelType`, for an event of a channel): it answers as
    /// `schemagen-mock` does (`MockResponder`), with the reply carrying the request's correlation value, then the
    /// subscription's items (each example of its item event, or one value made from its types; one value of its
    /// `type:`), then its end event, each carrying the subscription's id, a count-ended stream's items saying how many
    /// there are. Empty for any other event, or when a value has no Swift spelling (the `Mock` then answers the reply
    /// alone, as `mockAnswer` says).
    package func mockSubscription(
        of event: Event, _ context: EventContext, in events: [Event], _ contexts: [EventContext],
        requests: RequestTranslator, channelType: String?
    ) -> [SwiftStatement] {
        guard let subscription = event.subscription, context.subscription != nil, event.direction.isEmittedByClient,
            let item = events.firstIndex(where: { $0.wireName == subscription.event })
        else { return [] }
        let jsonValue = builder.speller.runtime("JSONValue")
        var before: [SwiftStatement] = []
        var sends: [SwiftStatement] = []
        let channel = channelType == nil ? "nil" : "address"
        var readsFrame = false
        // The subscription's id, as the `Mock` knows it: `nil` when the request or the reply does not hold one, as
        // `MockResponder` then sends no item.
        var id: SwiftExpression?
        if let reply = event.reply {
            guard let responder = context.serverResponder,
                let answer = events.firstIndex(where: { $0.wireName == reply.event }),
                let value = mockValue(of: answer, holding: reply.type, in: events, contexts)
            else { return [] }
            readsFrame = true
            before.append(.let("echoed", correlationValue(at: responder.correlationSource)))
            sends += send(
                value, as: responder.reply.emitTarget, responder.reply.emitValue, on: channel,
                writing: [.tuple([.plain(responder.reply.correlationPath), .plain("echoed")])])
            if subscription.idFromRequest {
                id = .binary(.plain("echoed"), "??", .plain("\(jsonValue).null"))
            } else {
                // The server's own id, in the reply `MockResponder` sends: the value of its `id:` key, else the whole
                // payload.
                let payload = mockPayload(of: events[answer], holding: reply.type)
                id = (subscription.idInReply.map { payload?[$0] } ?? payload).map {
                    .plain(SwiftValueLiteral.jsonLiteral($0))
                }
            }
        } else {
            readsFrame = true
            before.append(
                .guard(
                    [.bind("id", correlationValue(at: requests.source(of: subscription.match, in: event)))],
                    else: [.return(.plain("nil"))]))
        }
        if let id { before.append(.let("id", type: jsonValue, id)) }
        if id != nil || event.reply == nil {
            // Items of a `type:` subscription hold a value of that type; else the item event's examples, each.
            let values: [String]
            if subscription.type != nil || contexts[item].examples.isEmpty {
                guard let value = mockValue(of: item, holding: subscription.type, in: events, contexts) else {
                    return []
                }
                values = [value]
            } else {
                values = contexts[item].examples.map { "\(contexts[item].examplesOwner).\($0.name)" }
            }
            var writes: [SwiftExpression] = [
                .tuple([path(of: subscription.match, in: item, events, contexts, requests: requests), .plain("id")])
            ]
            if let count = subscription.count {
                writes.append(
                    .tuple([path(of: count, in: item, events, contexts, requests: requests), .plain("\(values.count)")])
                )
            }
            for value in values {
                sends += send(
                    value, as: contexts[item].emitTarget, contexts[item].emitValue, on: channel, writing: writes)
            }
            if let endName = subscription.end, let end = events.firstIndex(where: { $0.wireName == endName }) {
                guard let value = mockValue(of: end, holding: nil, in: events, contexts) else { return [] }
                sends += send(
                    value, as: contexts[end].emitTarget, contexts[end].emitValue, on: channel,
                    writing: [
                        .tuple([
                            path(of: subscription.match, in: end, events, contexts, requests: requests), .plain("id"),
                        ])
                    ])
            }
        }
        // The request decoded as the server's listeners decode it (an undecodable one is reported, not answered); the
        // `Mock` sits outside the channel's scope, so a channel event's own type is written qualified.
        let decoding = context.valueType.map { type -> SwiftStatement in
            let qualified = context.declaration != nil ? channelType.map { "\($0).\(context.typeName)" } ?? type : type
            return .discard(Self.decoding(qualified, from: context.payloadSource))
        }
        let parameters = [readsFrame || decoding != nil ? "frame" : "_", decoding != nil ? "decoder" : "_", "_"]
        let responder = SwiftClosure(
            captures: [("core", .plain("server.core"))],
            parameters: (channelType == nil ? ["connection"] : ["connection", "address", "_"]) + parameters,
            body: [decoding].compactMap { $0 } + before + [.return(.closure(SwiftClosure(body: sends)))])
        let place =
            channelType.map { SwiftArgument("template", .plain("\($0).Every.template")) }
            ?? SwiftArgument("channel", .plain("nil"))
        return [
            .expression(
                .call(
                    .plain("server.core.setResponder"), [place, SwiftArgument("eventName", .plain(context.route))],
                    closure: responder))
        ]
    }

    /// `core.correlationValue(in: frame, at: source)`: the request's correlation value, as the `Mock` reads it.
    private func correlationValue(at source: String) -> SwiftExpression {
        .call(
            .plain("core"), "correlationValue",
            [SwiftArgument("in", .plain("frame")), SwiftArgument("at", .plain(source))])
    }

    /// One answer sent to the requesting connection, its value bound to `payload` (the name `emitValue` reads) in a
    /// scope of its own.
    private func send(
        _ value: String, as target: String, _ emitValue: String, on channel: String, writing writes: [SwiftExpression]
    ) -> [SwiftStatement] {
        let emit = SwiftExpression.call(
            .plain("core"), "emit",
            [
                SwiftArgument(nil, .plain(target)), SwiftArgument("channel", .plain(channel)),
                SwiftArgument("payload", .plain(emitValue)), SwiftArgument("writing", .array(writes)),
                SwiftArgument("to", .plain("connection")),
            ])
        return [.do([.let("payload", .plain(value)), .expression(.try(.await(emit)))])]
    }

    /// Where the value of event `index` carries `key`, as a Swift string literal for `core.emit`'s writes.
    private func path(
        of key: String, in index: Int, _ events: [Event], _ contexts: [EventContext], requests: RequestTranslator
    ) -> SwiftExpression {
        .plain(SwiftSyntax.stringLiteral(requests.bodyPath(of: key, in: events[index], contexts[index])))
    }

    /// The payload of the answer `MockResponder` sends for `event`: its first example's, else one made from its types;
    /// with `type`, a value of that type.
    private func mockPayload(of event: Event, holding type: TypeRef?) -> DocumentValue? {
        if let type { return values.value(of: type) }
        if let example = event.examples.first { return example.payloadValue(of: event, framing: contract.framing) }
        return event.payload.map { values.value(of: $0) }
    }
}
