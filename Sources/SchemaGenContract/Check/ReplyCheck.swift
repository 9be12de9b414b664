/// Requests and their replies (`reply:`): the answering event exists in the request's scope and reaches the app,
/// and both events carry the matching field, as a whole number or text the client can choose. A server-to-client
/// event with `reply:` is the server's request: the app answers with a client-to-server event that echoes the field.
package struct ReplyCheck {
    package let contract: Contract

    package init(contract: Contract) {
        self.contract = contract
    }

    package func run(into diagnostics: inout DiagnosticBag) {
        for scope in [contract.events] + contract.channels.map(\.events) {
            for event in scope {
                guard let reply = event.reply else { continue }
                let owner = "the reply of event '\(event.wireName)'"
                guard event.direction.isEmittedByClient else {
                    checkServerRequest(event, reply: reply, in: scope, owner: owner, into: &diagnostics)
                    continue
                }
                var answers: [(Event, String)] = []
                for (name, role) in [(reply.event, "the reply"), (reply.error, "the error reply")] {
                    guard let name else { continue }
                    guard let answer = scope.first(where: { $0.wireName == name }) else {
                        let names = scope.filter(\.direction.isReceivedByClient).map(\.wireName)
                        diagnostics.error(
                            "\(owner) names event '\(name)', which this scope does not have\(Suggestions.hint(for: name, in: names))",
                            at: reply.location)
                        continue
                    }
                    guard answer.direction.isReceivedByClient else {
                        diagnostics.error(
                            "\(owner) names event '\(name)', which the server never sends; name a server-to-client event",
                            at: reply.location, notes: [.note("'\(name)' is declared here", at: answer.location)])
                        continue
                    }
                    answers.append((answer, role))
                }
                if reply.inOrder {
                    checkInOrder(
                        reply, of: event, answers: answers.map(\.0), in: scope, owner: owner, into: &diagnostics)
                    continue
                }
                if let cancel = reply.cancel {
                    SubscriptionCheck(contract: contract).checkCancel(
                        cancel, field: reply.cancelField ?? reply.match, what: "the request's correlation value",
                        owner: owner, in: scope,
                        idType: matchField(reply.match, of: event, isRequest: true, appGives: reply.ids == .app)?.type
                            .valueType,
                        at: reply.location, diagnostics: &diagnostics)
                }
                guard answers.count == (reply.error == nil ? 1 : 2) else { continue }
                if let each = reply.each {
                    checkEach(each, of: event, answer: answers[0].0, owner: owner, into: &diagnostics)
                }
                if let type = reply.type {
                    Self.checkNarrowing(
                        type, of: answers[0].0, what: "what the reply '\(reply.event)' holds for this request",
                        owner: owner,
                        at: reply.location, into: &diagnostics)
                }
                for (carrier, role) in [(event, "the request")] + answers {
                    let key =
                        carrier == event
                        ? reply.match : role == "the error reply" ? reply.errorAnswerMatch : reply.answerMatch
                    let path = matchPath(key, of: carrier, isRequest: carrier == event, appGives: reply.ids == .app)
                    guard let field = path?.last else {
                        let place =
                            carrier == event
                            ? "its frame shape or of its inline payload (the client fills it in), or with `ids: app` a path "
                                + "through the nested objects the app gives (`ref.name`)"
                            : "its frame shape or of its payload object, or a path through nested objects (`meta.request_id`)"
                        diagnostics.error(
                            "\(owner) matches by '\(key)', but \(role) '\(carrier.wireName)' has no such field; name a field of \(place)",
                            at: reply.location,
                            notes: [.note("'\(carrier.wireName)' is declared here", at: carrier.location)])
                        continue
                    }
                    if carrier == event, let path, path.count > 1,
                        let optional = path.first(where: { $0.type.isSwiftOptional })
                    {
                        diagnostics.error(
                            "\(owner) matches by '\(key)', which passes through '\(optional.wireName)', optional in the request: every "
                                + "request carries its correlation value; make '\(optional.wireName)' required, or match by a field of its own",
                            at: optional.location)
                        continue
                    }
                    guard [.scalar(.int), .scalar(.string)].contains(field.type.valueType) else {
                        diagnostics.error(
                            "\(owner) matches by '\(key)', which is `\(field.type.spelling)` in \(role); a correlation value is "
                                + "an `Int` or a `String` the client chooses", at: field.location)
                        continue
                    }
                    if reply.ids == .uuid, carrier == event, field.type.valueType != .scalar(.string) {
                        diagnostics.error(
                            "\(owner) has `ids: uuid`, but '\(reply.match)' is `\(field.type.spelling)` in \(role); a UUID is sent as a `String`",
                            at: field.location)
                    }
                }
            }
        }
    }

    /// The server's request: answered by an event the app sends, which carries the request's field, filled in by
    /// the client from the request (so every request carries it).
    private func checkServerRequest(
        _ event: Event, reply: ReplyDeclaration, in scope: [Event], owner: String, into diagnostics: inout DiagnosticBag
    ) {
        if reply.cancel != nil {
            diagnostics.error(
                "\(owner) has `cancel:`, but '\(event.wireName)' is the server's request and the app answers it: leave `cancel:` out",
                at: reply.location)
        }
        if reply.error != nil {
            diagnostics.error(
                "\(owner) has `error:`, but '\(event.wireName)' is the server's request and the app answers it: leave `error:` out",
                at: reply.location)
        }
        if let each = reply.each {
            diagnostics.error(
                "\(owner) has `each:`, but '\(event.wireName)' is the server's request, which the app answers once: leave `each:` out",
                at: each.location)
        }
        if reply.inOrder {
            diagnostics.error(
                "\(owner) has `inOrder: true`, but '\(event.wireName)' is the server's request: the generated client answers it "
                    + "by echoing a field of the request's; name it with `match:`", at: reply.location)
            return
        }
        if reply.ids == .app {
            diagnostics.error(
                "\(owner) has `ids: app`, but '\(event.wireName)' is the server's request: the server chooses its values and the "
                    + "app echoes them; leave `ids:` out, or write `counter` or `uuid` for how the generated server chooses them",
                at: reply.location)
        }
        guard let answer = scope.first(where: { $0.wireName == reply.event }) else {
            let names = scope.filter(\.direction.isEmittedByClient).map(\.wireName)
            diagnostics.error(
                "\(owner) names event '\(reply.event)', which this scope does not have\(Suggestions.hint(for: reply.event, in: names))",
                at: reply.location)
            return
        }
        guard answer.direction == .clientToServer else {
            diagnostics.error(
                "\(owner) names event '\(reply.event)', but '\(event.wireName)' comes from the server, so the app answers it with an "
                    + "event only the app sends; name a client-to-server event", at: reply.location,
                notes: [.note("'\(reply.event)' is declared here", at: answer.location)])
            return
        }
        guard let requestPath = matchPath(reply.match, of: event, isRequest: false), let requestField = requestPath.last
        else {
            diagnostics.error(
                "\(owner) matches by '\(reply.match)', but the server's request '\(event.wireName)' has no such field; name a field of its "
                    + "frame shape, envelope or payload object", at: reply.location,
                notes: [.note("'\(event.wireName)' is declared here", at: event.location)])
            return
        }
        guard let answerField = matchField(reply.answerMatch, of: answer, isRequest: true) else {
            diagnostics.error(
                "\(owner) matches by '\(reply.answerMatch)', but the answer '\(answer.wireName)' has no such field; name a field of its frame "
                    + "shape or of its inline payload (the client fills it in)", at: reply.location,
                notes: [.note("'\(answer.wireName)' is declared here", at: answer.location)])
            return
        }
        if requestPath.contains(where: \.type.isSwiftOptional) {
            diagnostics.error(
                "\(owner) matches by '\(reply.match)', which is optional in the server's request '\(event.wireName)'; every request must "
                    + "carry it for the answer to echo it: make it required", at: requestField.location)
        } else if requestField.type.valueType != answerField.type.valueType
            || ![.scalar(.int), .scalar(.string)].contains(requestField.type.valueType)
        {
            diagnostics.error(
                "\(owner) matches by '\(reply.match)', which is `\(requestField.type.spelling)` in the request and "
                    + "`\(answerField.type.spelling)` in the answer; it is one `Int` or `String`, echoed",
                at: answerField.location)
        }
    }

    /// `inOrder: true`: nothing that needs an id (a cancel event, an error's own path, replies per item, a
    /// subscription), and a reply type only where the reply is shared.
    private func checkInOrder(
        _ reply: ReplyDeclaration, of event: Event, answers: [Event], in scope: [Event], owner: String,
        into diagnostics: inout DiagnosticBag
    ) {
        // A route answers either by order or by a value: the client reads each reply one way.
        let ours = Set(answers.map(\.wireName))
        for other in scope where other != event {
            guard let theirs = other.reply, !theirs.inOrder, other.direction.isEmittedByClient else { continue }
            if let shared = ([theirs.event] + (theirs.error.map { [$0] } ?? [])).first(where: ours.contains) {
                diagnostics.error(
                    "\(owner) has `inOrder: true`, but '\(shared)' also answers '\(other.wireName)', matched by "
                        + "'\(theirs.match)': an event answers requests either in order or by a value; give both "
                        + "`inOrder: true`, or match this one by a field too", at: reply.location,
                    notes: [.note("'\(other.wireName)' is declared here", at: other.location)])
            }
        }
        let needsAnID: [(String, Bool)] = [
            ("`cancel:` (a cancel event names the request by its id)", reply.cancel != nil),
            ("`error: {match: ...}` (the error carries no id either)", reply.errorMatch != nil),
            ("`each:` (replies per item are told apart by the request's id)", reply.each != nil),
            ("`subscription:` (a subscription's items carry its id)", event.subscription != nil),
        ]
        for (what, present) in needsAnID where present {
            diagnostics.error(
                "\(owner) has `inOrder: true`, which matches replies by order alone, and \(what); leave it out, or match "
                    + "by a field with `match:`", at: reply.location)
        }
        if let type = reply.type, let answer = answers.first {
            Self.checkNarrowing(
                type, of: answer, what: "what the reply '\(reply.event)' holds for this request", owner: owner,
                at: reply.location, into: &diagnostics)
        }
    }

    /// `each:`: the request's list is one of its own required fields, and each reply names its item, where it does,
    /// as a value of the list's element type.
    private func checkEach(
        _ each: ReplyEach, of event: Event, answer: Event, owner: String, into diagnostics: inout DiagnosticBag
    ) {
        if event.subscription != nil {
            diagnostics.error(
                "\(owner) has `each:`, but '\(event.wireName)' also opens a subscription, whose one reply confirms it; leave "
                    + "`each:` out, or declare the subscription on a request of its own", at: each.location)
            return
        }
        guard let list = matchPath(each.list, of: event, isRequest: true, appGives: true)?.last else {
            diagnostics.error(
                "\(owner) has `each: \(each.list)`, but the request '\(event.wireName)' has no such field; name the list of "
                    + "its payload that gets one reply per item (`each: symbols`)", at: each.location,
                notes: [.note("'\(event.wireName)' is declared here", at: event.location)])
            return
        }
        guard case .array(let element) = list.type.valueType, !list.type.isSwiftOptional else {
            let fix =
                list.type.isSwiftOptional
                ? "make it required: a request answered once per item always names its items"
                : "name a list (`[String]`), which gets one reply per item"
            diagnostics.error(
                "\(owner) has `each: \(each.list)`, which is `\(list.type.spelling)` in the request; \(fix)",
                at: list.location)
            return
        }
        guard let key = each.item else { return }
        guard !key.contains(".") else {
            diagnostics.error(
                "\(owner) says each reply names its item at the path '\(key)'; name a field of the reply's own (its frame "
                    + "shape's or its payload's): a mock answers each item by setting it there", at: each.location)
            return
        }
        guard let item = matchPath(key, of: answer, isRequest: false)?.last else {
            diagnostics.error(
                "\(owner) says each reply names its item at '\(key)', but the reply '\(answer.wireName)' has no such field; "
                    + "name a field of its payload or frame shape", at: each.location,
                notes: [.note("'\(answer.wireName)' is declared here", at: answer.location)])
            return
        }
        guard item.type.valueType == element.valueType, Self.namesItems(element) else {
            diagnostics.error(
                "\(owner) says each reply names its item at '\(key)', which is `\(item.type.spelling)` in the reply, but the "
                    + "request's items are `\(element.spelling)`; an item is named by an `Int` or a `String` of the same type",
                at: item.location)
            return
        }
    }

    /// Whether replies can name items of this type, to be put in the request's order.
    package static func namesItems(_ element: TypeRef) -> Bool {
        [.scalar(.int), .scalar(.string)].contains(element.valueType)
    }

    /// Where each reply of a request answered once per item names its item: the written key, or, for `each:` with
    /// one name, the reply's field of that name when it holds an item; `nil` when replies come in arrival order.
    package func eachItemKey(_ each: ReplyEach, of event: Event, answer: Event) -> String? {
        if let item = each.item { return item }
        guard let list = matchPath(each.list, of: event, isRequest: true, appGives: true)?.last,
            case .array(let element) = list.type.valueType, Self.namesItems(element),
            let field = matchPath(each.list, of: answer, isRequest: false)?.last,
            field.type.valueType == element.valueType
        else { return nil }
        return each.list
    }

    /// The field `key` of an event: a field of its frame shape or envelope, else of its payload object. A request's
    /// must be one its generated method can fill in: a shape's field, or a field of an inline payload. An event that
    /// is only read may carry it deeper: a key with dots is a path through nested objects (`meta.request_id`).
    /// `type:` on a reply or a subscription says what a shared event's `JSON` payload holds for one request; any other
    /// payload already has its type, which `type:` could only contradict.
    package static func checkNarrowing(
        _ type: TypeRef, of carrier: Event, what: String, owner: String, at location: SourceLocation,
        into diagnostics: inout DiagnosticBag
    ) {
        guard let payload = carrier.payload else {
            diagnostics.error(
                "\(owner) has `type: \(type.spelling)`, \(what), but '\(carrier.wireName)' has no payload; leave `type:` out",
                at: location, notes: [.note("'\(carrier.wireName)' is declared here", at: carrier.location)])
            return
        }
        guard payload.valueType == .scalar(.json) else {
            diagnostics.error(
                "\(owner) has `type: \(type.spelling)`, \(what), but the payload of '\(carrier.wireName)' is `\(payload.spelling)`, "
                    + "not `JSON`: `type:` narrows a payload shared by many requests; leave it out, or make the payload `JSON`",
                at: location, notes: [.note("'\(carrier.wireName)' is declared here", at: carrier.location)])
            return
        }
    }

    /// - Parameter appGives: for a request whose value the app gives (`ids: app`): the field may also be one of a named
    ///   payload type's, which the app passes whole (the client fills nothing in).
    package func matchField(_ key: String, of event: Event, isRequest: Bool, appGives: Bool = false) -> Field? {
        matchPath(key, of: event, isRequest: isRequest, appGives: appGives)?.last
    }

    /// Whether an answer may leave the correlation value at `key` out (or hold `null`): one without it answers no
    /// request, and goes to its listeners alone.
    package func answerMayOmit(_ key: String, of answer: Event) -> Bool {
        (matchPath(key, of: answer, isRequest: false) ?? []).contains { $0.type.isOptional || $0.type.isNullable }
    }

    /// The fields along `key`'s path, outermost first (one field for a key without dots).
    /// On the request's side a path is the app's to give (`ids: app`): the client fills in only a field of its own.
    package func matchPath(_ key: String, of event: Event, isRequest: Bool, appGives: Bool = false) -> [Field]? {
        func appField(_ name: String) -> Field? {
            guard isRequest, appGives else { return nil }
            return contract.objectFields(of: event.payload?.unwrapped ?? .scalar(.json))?.first { $0.wireName == name }
        }
        if let field = topLevelField(key, of: event, isRequest: isRequest) ?? appField(key) { return [field] }
        let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !isRequest || appGives, components.count > 1,
            let first = topLevelField(components[0], of: event, isRequest: isRequest) ?? appField(components[0])
        else { return nil }
        var path = [first]
        for component in components.dropFirst() {
            guard
                let next = contract.objectFields(of: path[path.count - 1].type.valueType)?.first(where: {
                    $0.wireName == component
                })
            else { return nil }
            path.append(next)
        }
        return path
    }

    private func topLevelField(_ key: String, of event: Event, isRequest: Bool) -> Field? {
        if let index = event.shapeIndex,
            let field = contract.framing.shapes?[index].fields.first(where: { $0.wireName == key })
        {
            return field
        }
        if let field = event.envelopeFields.first(where: { $0.wireName == key }), !isRequest { return field }
        if isRequest {
            switch event.payload {
            case .object(let object)?: return object.fields.first { $0.wireName == key }
            case .tuple(let tuple)?: return tuple.elements.first { $0.wireName == key }
            default: return nil
            }
        }
        return contract.objectFields(of: event.payload?.unwrapped ?? .scalar(.json))?.first { $0.wireName == key }
    }
}
