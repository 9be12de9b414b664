/// How a request's client chooses its correlation values when the contract writes no `ids:` (issue 50). Counting
/// 1, 2, 3… is right for a request id and wrong for a business value the server echoes: a `symbol` sent as `"1"`.
/// So the client counts where the matched field is the frame's (a shape's or the envelope's: JSON-RPC's `id`,
/// Phoenix's `ref`) or a payload field named as a request id (`id`, `request_id`, `sub_id`, `nonce`…); for any other
/// payload field its method takes the value from the caller, as `ids: app` says, and a warning at the `reply:` (or
/// `subscription:`) says what to write to keep the counter.
package struct CorrelationDefaults {
    /// Words that, before `id`, `ref`, `nonce` or `seq`, name a value that only ties messages together.
    package static let correlationWords: Set<String> = [
        "request", "req", "correlation", "call", "command", "cmd", "operation", "op", "invocation", "message", "msg",
        "sub", "subscription", "watch", "stream", "transaction", "tx", "ack", "echo", "client", "reply", "response",
        "rpc", "query",
    ]
    /// Names that are a correlation value on their own.
    package static let correlationNames: Set<String> = [
        "id", "ref", "nonce", "seq", "tag", "cid", "rid", "subscription",
    ]
    package static let correlationEnds: Set<String> = ["id", "ref", "nonce", "seq"]

    package let contract: Contract

    /// `contract` with the default `ids:` settled on every request that writes none, and the warnings for those that
    /// now take their value from the caller.
    package static func resolve(_ contract: Contract, into diagnostics: inout DiagnosticBag) -> Contract {
        let defaults = CorrelationDefaults(contract: contract)
        var resolved = contract
        resolved.events = resolved.events.map { defaults.resolve($0, into: &diagnostics) }
        for index in resolved.channels.indices {
            resolved.channels[index].events = resolved.channels[index].events.map {
                defaults.resolve($0, into: &diagnostics)
            }
        }
        return resolved
    }

    private func resolve(_ event: Event, into diagnostics: inout DiagnosticBag) -> Event {
        guard event.direction.isEmittedByClient else { return event }
        var event = event
        if var reply = event.reply, !reply.idsWritten, !reply.inOrder, isBusinessValue(reply.match, of: event) {
            reply.ids = .app
            event.reply = reply
            warn(event, field: reply.match, what: "reply:", at: reply.location, into: &diagnostics)
        } else if event.reply == nil, var subscription = event.subscription, !subscription.idsWritten,
            isBusinessValue(subscription.match, of: event)
        {
            subscription.ids = .app
            event.subscription = subscription
            warn(event, field: subscription.match, what: "subscription:", at: subscription.location, into: &diagnostics)
        }
        return event
    }

    private func warn(
        _ event: Event, field: String, what: String, at location: SourceLocation, into diagnostics: inout DiagnosticBag
    ) {
        diagnostics.warning(
            "'\(event.wireName)' is matched by '\(field)', a field of its payload not named as a request id, so its method "
                + "takes the value from the caller (as `ids: app`) instead of counting 1, 2, 3…; write `ids: app` under "
                + "`\(what)` to say so, or `ids: counter` if the client should choose it", at: location)
    }

    /// Whether `key` is a field of the request's payload that does not read as a request id: a value of the app's.
    package func isBusinessValue(_ key: String, of event: Event) -> Bool {
        if let index = event.shapeIndex,
            contract.framing.shapes?[index].fields.contains(where: { $0.wireName == key }) == true
        {
            return false
        }
        if case .envelope(let envelope) = contract.framing,
            (envelope.fields + event.envelopeFields).contains(where: { $0.wireName == key })
        {
            return false
        }
        let inPayload: Bool =
            switch event.payload?.unwrapped {
            case .tuple(let tuple)?: tuple.elements.contains { $0.wireName == key }
            case let payload?: contract.objectFields(of: payload)?.contains { $0.wireName == key } ?? false
            case nil: false
            }
        return inPayload && !Self.readsAsRequestID(key)
    }

    /// `id`, `request_id`, `requestId`, `sub_id`, `client-request-id`, `nonce`: a name whose last word is `id`, `ref`,
    /// `nonce` or `seq` and whose other words all say what it ties together; not `order_id` or `symbol`.
    package static func readsAsRequestID(_ name: String) -> Bool {
        // Split at separators, then at camel humps (`requestId`).
        let words = SwiftName.words(in: name).flatMap { word -> [String] in
            var parts: [String] = [""]
            var previousIsLower = false
            for character in word {
                if character.isUppercase, previousIsLower { parts.append("") }
                parts[parts.count - 1].append(character)
                previousIsLower = character.isLowercase || character.isNumber
            }
            return parts.map { $0.lowercased() }
        }
        guard let last = words.last else { return false }
        if words.count == 1 { return correlationNames.contains(last) }
        return correlationEnds.contains(last) && words.dropLast().allSatisfy { correlationWords.contains($0) }
    }
}
