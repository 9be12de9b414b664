import Foundation

/// Reading what ties a request to its answers: `reply:`'s `match:`, `inOrder:`, `each:`, `error:` and `cancel:`, and
/// the client's own answers (`answer:`).
extension Checker {
    /// `match: key`, or `match: {request: key, reply: path}` when the reply carries the value elsewhere; `each:` is
    /// written the same way (the request's list, and where each reply names its item).
    mutating func readMatch(_ node: SyntaxNode, key: String = "match") -> (String, String?)? {
        let what = "the reply's `\(key)`"
        if node.scalar != nil { return readText(node, what: what).map { ($0, nil) } }
        guard
            let spec = MappingReader(
                node, owner: what, allowedKeys: ["request", "reply"], ownerLocation: node.location,
                diagnostics: &diagnostics),
            let request = spec.required(
                "request", in: what,
                hint: key == "match"
                    ? "name the request's field: `request: id`" : "name the request's list: `request: symbols`",
                diagnostics: &diagnostics),
            let reply = spec.required(
                "reply", in: what,
                hint: key == "match"
                    ? "name where the reply carries it: `reply: meta.id`"
                    : "name where each reply names its item: `reply: symbol`",
                diagnostics: &diagnostics),
            let requestKey = readText(request, what: "the reply's `\(key).request`"),
            let replyKey = readText(reply, what: "the reply's `\(key).reply`")
        else { return nil }
        return (requestKey, replyKey)
    }

    /// How a reply says which request it answers: `match:` (a field both carry), or `inOrder: true` (the next reply
    /// answers the oldest request, neither carrying an id), which leaves `match:` out.
    mutating func readReplyMatch(
        _ spec: MappingReader, owner: String
    ) -> (match: String, replyMatch: String?, inOrder: Bool)? {
        var inOrder = false
        if let node = spec["inOrder"] {
            guard let flag = node.bool else {
                diagnostics.error(
                    "`inOrder` of the reply of \(owner) is `true` (each reply answers the oldest request waiting) or `false`",
                    at: node.location)
                return nil
            }
            inOrder = flag
        }
        if inOrder {
            for key in ["match", "ids"] {
                if let node = spec[key] {
                    diagnostics.error(
                        "the reply of \(owner) has `inOrder: true`: replies answer requests in the order they were sent, "
                            + "with no id on either side; leave `\(key):` out, or drop `inOrder:` to match by a field",
                        at: node.location)
                    return nil
                }
            }
            return ("", nil, true)
        }
        guard
            let matchNode = spec.required(
                "match", in: "the reply of \(owner)",
                hint: "name the field both events carry that says which request a reply answers: `match: id`, "
                    + "or write `inOrder: true` when the next reply answers the oldest request",
                diagnostics: &diagnostics),
            let (match, replyMatch) = readMatch(matchNode)
        else { return nil }
        return (match, replyMatch, false)
    }

    /// `answer: event`, or `answer: {event: ..., when: {key: value}}`: what the client sends when this event comes.
    mutating func readAnswer(_ node: SyntaxNode, owner: String) -> AnswerDeclaration? {
        if node.scalar != nil {
            return readText(node, what: "the `answer` of \(owner)").map {
                AnswerDeclaration(event: $0, location: node.location)
            }
        }
        guard
            let spec = MappingReader(
                node, owner: "the answer of \(owner)", allowedKeys: ["event", "when"], ownerLocation: node.location,
                diagnostics: &diagnostics),
            let eventNode = spec.required(
                "event", in: "the answer of \(owner)",
                hint: "name the client-to-server event the client sends: `event: public/test`",
                diagnostics: &diagnostics),
            let name = readText(eventNode, what: "the answer's `event`")
        else { return nil }
        var answer = AnswerDeclaration(event: name, location: node.location)
        if let when = spec["when"] {
            guard let entries = when.entries, !entries.isEmpty else {
                diagnostics.error(
                    "`when:` of the answer of \(owner) maps payload keys to the values that call for the answer, e.g. "
                        + "`when: {type: test_request}`", at: when.location)
                return nil
            }
            for entry in entries {
                guard let key = entry.key.scalar?.text, entry.value.scalar != nil else {
                    diagnostics.error(
                        "`when:` of the answer of \(owner) takes a key of the payload and a text, number or boolean value",
                        at: entry.value.location)
                    return nil
                }
                answer.when.append(
                    .init(key: key, value: entry.value.documentValue, location: entry.key.location))
            }
        }
        return answer
    }

    /// `error: event`, or `error: {event: ..., match: path}` when the error event carries the request's value
    /// elsewhere than the reply (inside its body).
    mutating func readError(_ node: SyntaxNode) -> (String?, String?) {
        if node.scalar != nil { return (readText(node, what: "the reply's `error`"), nil) }
        guard
            let spec = MappingReader(
                node, owner: "the reply's `error`", allowedKeys: ["event", "match"], ownerLocation: node.location,
                diagnostics: &diagnostics),
            let event = spec.required(
                "event", in: "the reply's `error`", hint: "name the server-to-client event that fails the request",
                diagnostics: &diagnostics),
            let name = readText(event, what: "the reply's `error.event`")
        else { return (nil, nil) }
        return (name, spec["match"].flatMap { readText($0, what: "the reply's `error.match`") })
    }

    /// `cancel: event`, or `cancel: {event: ..., field: ...}`: the event that stops a request or subscription.
    mutating func readCancel(_ spec: MappingReader, what: String) -> (event: String?, field: String?) {
        guard let cancel = spec["cancel"] else { return (nil, nil) }
        if cancel.scalar != nil { return (readText(cancel, what: "the `cancel` of \(what)"), nil) }
        guard
            let cancelSpec = MappingReader(
                cancel, owner: "the cancel of \(what)", allowedKeys: Self.cancelKeys, ownerLocation: cancel.location,
                diagnostics: &diagnostics),
            let node = cancelSpec.required(
                "event", in: "the cancel of \(what)",
                hint: "name the client-to-server event that stops it: `event: complete`", diagnostics: &diagnostics)
        else { return (nil, nil) }
        return (
            readText(node, what: "the cancel's `event`"),
            cancelSpec["field"].flatMap { readText($0, what: "the cancel's `field`") }
        )
    }
}
