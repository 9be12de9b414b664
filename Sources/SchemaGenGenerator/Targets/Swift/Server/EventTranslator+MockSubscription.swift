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
    ) -> [String] {
        guard let subscription = event.subscription, context.subscription != nil, event.direction.isEmittedByClient,
            let item = events.firstIndex(where: { $0.wireName == subscription.event })
        else { return [] }
        let jsonValue = builder.speller.runtime("JSONValue")
        var before: [String] = []
        var sends: [String] = []
        let channel = channelType == nil ? "nil" : "address"
        var readsFrame = false
        // The subscription's id, as the `Mock` knows it: `nil` when the request or the reply does not hold one, as
        // `MockResponder` then sends no item.
        var id: String?
        if let reply = event.reply {
            guard let responder = context.serverResponder,
                let answer = events.firstIndex(where: { $0.wireName == reply.event }),
                let value = mockValue(of: answer, holding: reply.type, in: events, contexts)
            else { return [] }
            readsFrame = true
            before.append("let echoed = core.correlationValue(in: frame, at: \(responder.correlationSource))")
            sends += send(
                value, as: responder.reply.emitTarget, responder.reply.emitValue, on: channel,
                writing: ["(\(responder.reply.correlationPath), echoed)"])
            if subscription.idFromRequest {
                id = "echoed ?? \(jsonValue).null"
            } else {
                // The server's own id, in the reply `MockResponder` sends: the value of its `id:` key, else the whole
                // payload.
                let payload = mockPayload(of: events[answer], holding: reply.type)
                id = (subscription.idInReply.map { payload?[$0] } ?? payload).map(SwiftValueLiteral.jsonLiteral)
            }
        } else {
            readsFrame = true
            before.append(
                "guard let id = core.correlationValue(in: frame, at: \(requests.source(of: subscription.match, in: event))) else { return nil }"
            )
        }
        if let literal = id { before.append("let id: \(jsonValue) = \(literal)") }
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
            var writes = ["(\(path(of: subscription.match, in: item, events, contexts, requests: requests)), id)"]
            if let count = subscription.count {
                writes.append("(\(path(of: count, in: item, events, contexts, requests: requests)), \(values.count))")
            }
            for value in values {
                sends += send(
                    value, as: contexts[item].emitTarget, contexts[item].emitValue, on: channel, writing: writes)
            }
            if let endName = subscription.end, let end = events.firstIndex(where: { $0.wireName == endName }) {
                guard let value = mockValue(of: end, holding: nil, in: events, contexts) else { return [] }
                sends += send(
                    value, as: contexts[end].emitTarget, contexts[end].emitValue, on: channel,
                    writing: ["(\(path(of: subscription.match, in: end, events, contexts, requests: requests)), id)"])
            }
        }
        // The request decoded as the server's listeners decode it (an undecodable one is reported, not answered); the
        // `Mock` sits outside the channel's scope, so a channel event's own type is written qualified.
        let decoding = context.valueType.map { type in
            let qualified = context.declaration != nil ? channelType.map { "\($0).\(context.typeName)" } ?? type : type
            return
                "_ = try decoder.decode(\(qualified).self, from: frame.\(Self.bytesExpression(of: context.payloadSource)))"
        }
        let parameters = "\(readsFrame || decoding != nil ? "frame" : "_"), \(decoding != nil ? "decoder" : "_"), _"
        var lines = [
            channelType.map {
                "server.core.setResponder(template: \($0).Every.template, eventName: \(context.route)) { [core = server.core] connection, address, _, \(parameters) in"
            }
                ?? "server.core.setResponder(channel: nil, eventName: \(context.route)) { [core = server.core] connection, \(parameters) in"
        ]
        lines += ([decoding].compactMap { $0 } + before).map { "    " + $0 }
        lines.append("    return {")
        lines += sends.map { "        " + $0 }
        lines += ["    }", "}"]
        return lines
    }

    /// One answer sent to the requesting connection, its value bound to `payload` (the name `emitValue` reads) in a
    /// scope of its own.
    private func send(
        _ value: String, as target: String, _ emitValue: String, on channel: String, writing writes: [String]
    ) -> [String] {
        [
            "do {",
            "    let payload = \(value)",
            "    try await core.emit(\(target), channel: \(channel), payload: \(emitValue), writing: [\(writes.joined(separator: ", "))], to: connection)",
            "}",
        ]
    }

    /// Where the value of event `index` carries `key`, as a Swift string literal for `core.emit`'s writes.
    private func path(
        of key: String, in index: Int, _ events: [Event], _ contexts: [EventContext], requests: RequestTranslator
    ) -> String {
        SwiftSyntax.stringLiteral(requests.bodyPath(of: key, in: events[index], contexts[index]))
    }

    /// The payload of the answer `MockResponder` sends for `event`: its first example's, else one made from its types;
    /// with `type`, a value of that type.
    private func mockPayload(of event: Event, holding type: TypeRef?) -> DocumentValue? {
        let values = ValueSynthesizer(contract: contract)
        if let type { return values.value(of: type) }
        if let example = event.examples.first { return example.payloadValue(of: event, framing: contract.framing) }
        return event.payload.map { values.value(of: $0) }
    }
}
