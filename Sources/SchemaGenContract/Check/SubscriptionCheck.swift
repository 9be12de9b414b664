/// Requests that open subscriptions (`subscription:`): the item, end and error events exist in the request's scope
/// and reach the app carrying the subscription's id; the request carries the id when the client chooses it; the
/// cancel event is one the app sends, with the id in a field its generated code can fill in and nothing else it
/// must be given.
package struct SubscriptionCheck {
    package let contract: Contract

    package func run(into diagnostics: inout DiagnosticBag) {
        let replies = ReplyCheck(contract: contract)
        for scope in [contract.events] + contract.channels.map(\.events) {
            for event in scope {
                guard let subscription = event.subscription else { continue }
                let owner = "the subscription of event '\(event.wireName)'"
                guard event.direction.isEmittedByClient else {
                    diagnostics.error(
                        "event '\(event.wireName)' opens a subscription but the app never sends it; a subscription is opened by a "
                            + "client-to-server request", at: subscription.location)
                    continue
                }
                for (name, role) in [
                    (subscription.event, "`event`"), (subscription.end, "`end`"), (subscription.error, "`error`"),
                ] {
                    guard let name,
                        let carrier = find(
                            name, role: role, receivedByClient: true, in: scope, owner: owner,
                            at: subscription.location, diagnostics: &diagnostics)
                    else { continue }
                    if name == subscription.event, let type = subscription.type {
                        ReplyCheck.checkNarrowing(
                            type, of: carrier, what: "what its items '\(name)' hold", owner: owner,
                            at: subscription.location,
                            into: &diagnostics)
                    }
                    if name == subscription.event, carrier.payload == nil, carrier.envelopeFields.isEmpty,
                        carrier.shapeIndex == nil
                    {
                        diagnostics.error(
                            "\(owner) yields '\(name)' events, which carry nothing; give '\(name)' a payload",
                            at: subscription.location,
                            notes: [.note("'\(name)' is declared here", at: carrier.location)])
                        continue
                    }
                    checkCorrelation(
                        subscription.match, of: carrier, isRequest: false, owner: owner, role: "its \(role) '\(name)'",
                        ids: .counter, replies: replies, at: subscription.location, diagnostics: &diagnostics)
                    if name == subscription.event, let key = subscription.count {
                        let field = replies.matchField(key, of: carrier, isRequest: false)
                        if field?.type.valueType != .scalar(.int) || field?.type.isSwiftOptional == true {
                            diagnostics.error(
                                "\(owner) ends after `count: \(key)` items, but its items '\(name)' have \(field.map { "'\(key)' as `\($0.type.spelling)`" } ?? "no field '\(key)'"); "
                                    + "name the `Int` field every item carries with how many items there are in all (`count: chunk_count`)",
                                at: subscription.location,
                                notes: [.note("'\(name)' is declared here", at: carrier.location)])
                        }
                    }
                }
                if let reply = event.reply, let answer = scope.first(where: { $0.wireName == reply.event }) {
                    checkIDInReply(
                        subscription, of: event, reply: reply, answer: answer, scope: scope, owner: owner,
                        diagnostics: &diagnostics)
                }
                if let key = subscription.idInReply {
                    if event.reply == nil {
                        diagnostics.error(
                            "\(owner) takes its id from '\(key)' of the reply, but '\(event.wireName)' has no `reply:`; without one the "
                                + "client chooses the id: leave `id:` out", at: subscription.location)
                    }
                }
                if event.reply == nil {
                    checkCorrelation(
                        subscription.match, of: event, isRequest: true, owner: owner,
                        role: "the request '\(event.wireName)' (it has no "
                            + "`reply:`, so the client chooses the id)", ids: subscription.ids, replies: replies,
                        at: subscription.location,
                        diagnostics: &diagnostics)
                }
                if let name = subscription.cancel {
                    // Items carry the id in `match`: whatever chose it, that is its type.
                    let idType = scope.first { $0.wireName == subscription.event }
                        .flatMap { replies.matchField(subscription.match, of: $0, isRequest: false)?.type.valueType }
                    checkCancel(
                        name, field: subscription.cancelField ?? subscription.match, what: "the subscription's id",
                        owner: owner, in: scope,
                        idType: idType, at: subscription.location, diagnostics: &diagnostics)
                }
            }
        }
    }

    /// Where a confirmed subscription's id comes from can give one: the reply's payload is an id (an `Int` or a
    /// `String`), or its field `id:` is; with `idFrom: request`, the items carry the request's correlation value, of
    /// the same type. Anything else would open a subscription whose items never match it.
    private func checkIDInReply(
        _ subscription: SubscriptionDeclaration, of event: Event, reply: ReplyDeclaration, answer: Event,
        scope: [Event],
        owner: String, diagnostics: inout DiagnosticBag
    ) {
        let ids: [TypeRef] = [.scalar(.int), .scalar(.string)]
        let declared = [Diagnostic.note("'\(answer.wireName)' is declared here", at: answer.location)]
        let replies = ReplyCheck(contract: contract)
        // What the items carry the id in: an id of the other type would never match one (`5` is not `"5"`).
        let carried = scope.first(where: { $0.wireName == subscription.event })
            .flatMap { replies.matchField(subscription.match, of: $0, isRequest: false) }
            .flatMap { ids.contains($0.type.valueType) ? $0 : nil }
        func refuseOtherType(_ source: String, _ type: TypeRef, declared location: SourceLocation) {
            guard let carried, ids.contains(type), type != carried.type.valueType else { return }
            diagnostics.error(
                "\(owner) takes its id from \(source), which is `\(type.spelling)`, but its items carry '\(subscription.match)' as "
                    + "`\(carried.type.valueType.spelling)`, so no item would ever match; give both the same type",
                at: subscription.location,
                notes: [
                    .note("the id's source is declared here", at: location),
                    .note("'\(subscription.match)' is declared here", at: carried.location),
                ])
        }
        if subscription.idFromRequest {
            if let own = replies.matchField(reply.match, of: event, isRequest: true) {
                refuseOtherType(
                    "the request's '\(reply.match)' (`idFrom: request`)", own.type.valueType, declared: own.location)
            }
            return
        }
        if let key = subscription.idInReply {
            guard
                let field = contract.objectFields(of: answer.payload?.unwrapped ?? .scalar(.json))?.first(where: {
                    $0.wireName == key
                })
            else {
                diagnostics.error(
                    "\(owner) takes its id from '\(key)' of the reply '\(answer.wireName)', whose payload has no such field; "
                        + "name a field of its payload, or write `idFrom: request` when the items carry the request's own "
                        + "'\(reply.match)'", at: subscription.location, notes: declared)
                return
            }
            if !ids.contains(field.type.valueType) {
                diagnostics.error(
                    "\(owner) takes its id from '\(key)' of the reply '\(answer.wireName)', which is `\(field.type.spelling)`; an id is an "
                        + "`Int` or a `String`", at: subscription.location,
                    notes: [.note("'\(key)' is declared here", at: field.location)])
            }
            refuseOtherType(
                "'\(key)' of the reply '\(answer.wireName)'", field.type.valueType, declared: field.location)
            return
        }
        guard let payload = answer.payload else {
            diagnostics.error(
                "\(owner) is confirmed by '\(answer.wireName)', which has no payload to carry the subscription's id; when the items "
                    + "carry the request's own '\(reply.match)', write `idFrom: request`", at: subscription.location,
                notes: declared)
            return
        }
        guard !canBeAnID(payload.valueType) else {
            refuseOtherType(
                "the payload of the reply '\(answer.wireName)'", payload.valueType, declared: answer.location)
            return
        }
        let fields =
            contract.objectFields(of: payload.valueType)?.filter { ids.contains($0.type.valueType) }.map {
                "`id: \($0.wireName)`"
            } ?? []
        let named = fields.isEmpty ? "" : " (\(fields.joined(separator: ", ")))"
        diagnostics.error(
            "\(owner) takes the payload of the reply '\(answer.wireName)' as its id, but that payload is `\(payload.spelling)`, not an "
                + "`Int` or a `String`; name the field of the reply that holds the id with `id:`\(named), or write `idFrom: request` "
                + "when the items carry the request's own '\(reply.match)'", at: subscription.location, notes: declared)
    }

    /// Whether a reply's payload may hold an id (a string or a number): `Int`, `String`, `JSON`, an enum, or a union
    /// with such a member (JSON-RPC's `result`, a subscription id or a flag). The runtime refuses any other value.
    private func canBeAnID(_ type: TypeRef) -> Bool {
        switch type {
        case .scalar(let scalar): return [.int, .string, .json].contains(scalar)
        case .named(let name):
            switch contract.type(named: name)?.kind {
            case .enumeration?: return true
            case .union(let union)?: return union.members.contains { canBeAnID($0.type.valueType) }
            default: return false
            }
        default: return false
        }
    }

    /// A cancel event (of a subscription or a request): one the app sends, with the id in a field its generated code
    /// fills in, and nothing else it must be given.
    /// - Parameter idType: the id's type (`Int` or `String`) where it is known: a cancel field of the other type could
    ///   never be filled in, and the cancel would never be sent.
    package func checkCancel(
        _ name: String, field key: String, what: String, owner: String, in scope: [Event], idType: TypeRef?,
        at location: SourceLocation,
        diagnostics: inout DiagnosticBag
    ) {
        guard
            let cancel = find(
                name, role: "`cancel`", receivedByClient: false, in: scope, owner: owner, at: location,
                diagnostics: &diagnostics)
        else { return }
        let replies = ReplyCheck(contract: contract)
        checkCorrelation(
            key, of: cancel, isRequest: true, owner: owner, role: "its `cancel` '\(name)'", ids: .counter,
            replies: replies, at: location, diagnostics: &diagnostics)
        if let idType, let field = replies.matchField(key, of: cancel, isRequest: true),
            [TypeRef.scalar(.int), .scalar(.string)].contains(field.type.valueType),
            field.type.valueType != idType
        {
            diagnostics.error(
                "\(owner) cancels with '\(name)', whose '\(key)' is `\(field.type.valueType.spelling)`, but \(what) is `\(idType.spelling)`; "
                    + "give both the same type, or the cancel could never be sent", at: location,
                notes: [.note("'\(key)' is declared here", at: field.location)])
        }
        // The fields the client fills in are the ones the keys resolve to: a payload field named like a shape field
        // the key resolves to is one more value to give, not the id.
        let filled =
            [replies.matchField(key, of: cancel, isRequest: true)]
            + [cancel.reply.flatMap { replies.matchField($0.match, of: cancel, isRequest: true) }]
        for field in valuesToFill(cancel) where !filled.contains(field) && !field.type.isSwiftOptional {
            if field.wireName == key {
                diagnostics.error(
                    "\(owner) cancels with '\(name)', whose payload field '\(key)' is required, but '\(key)' names the "
                        + "frame shape's field, the only one the client fills in with \(what): make the payload's '\(key)' "
                        + "optional, rename it, or cancel with another event",
                    at: location, notes: [.note("the payload's '\(key)' is declared here", at: field.location)])
                continue
            }
            diagnostics.error(
                "\(owner) cancels with '\(name)', whose '\(field.wireName)' is required; the client can only fill in \(what) "
                    + "('\(key)'): make '\(field.wireName)' optional or cancel with another event",
                at: location, notes: [.note("'\(field.wireName)' is declared here", at: field.location)])
        }
    }

    private func find(
        _ name: String, role: String, receivedByClient: Bool, in scope: [Event], owner: String,
        at location: SourceLocation,
        diagnostics: inout DiagnosticBag
    ) -> Event? {
        guard let event = scope.first(where: { $0.wireName == name }) else {
            let names = scope.filter {
                receivedByClient ? $0.direction.isReceivedByClient : $0.direction.isEmittedByClient
            }.map(\.wireName)
            diagnostics.error(
                "\(owner) names \(role) '\(name)', which this scope does not have\(Suggestions.hint(for: name, in: names))",
                at: location)
            return nil
        }
        let fits = receivedByClient ? event.direction.isReceivedByClient : event.direction.isEmittedByClient
        guard fits else {
            let need =
                receivedByClient
                ? "the server never sends it; name a server-to-client event"
                : "the app never sends it; name a client-to-server event"
            diagnostics.error(
                "\(owner) names \(role) '\(name)', but \(need)", at: location,
                notes: [.note("'\(name)' is declared here", at: event.location)])
            return nil
        }
        return event
    }

    private func checkCorrelation(
        _ key: String, of carrier: Event, isRequest: Bool, owner: String, role: String, ids: CorrelationIDs,
        replies: ReplyCheck, at location: SourceLocation, diagnostics: inout DiagnosticBag
    ) {
        guard let field = replies.matchField(key, of: carrier, isRequest: isRequest, appGives: ids == .app) else {
            let place =
                isRequest
                ? "its frame shape or of its inline payload (the client fills it in)"
                : "its frame shape or of its payload object"
            diagnostics.error(
                "\(owner) matches by '\(key)', but \(role) has no such field; name a field of \(place)", at: location,
                notes: [.note("'\(carrier.wireName)' is declared here", at: carrier.location)])
            return
        }
        guard [.scalar(.int), .scalar(.string)].contains(field.type.valueType) else {
            diagnostics.error(
                "\(owner) matches by '\(key)', which is `\(field.type.spelling)` in \(role); an id is an `Int` or a `String`",
                at: field.location)
            return
        }
        if ids == .uuid, field.type.valueType != .scalar(.string) {
            diagnostics.error(
                "\(owner) has `ids: uuid`, but '\(key)' is `\(field.type.spelling)` in \(role); a UUID is sent as a `String`",
                at: field.location)
        }
    }

    /// The values the app gives when it sends `event`: its frame shape's fields and its inline payload's.
    private func valuesToFill(_ event: Event) -> [Field] {
        let shapeFields = event.shapeIndex.flatMap { contract.framing.shapes?[$0].fields } ?? []
        let payloadFields: [Field] =
            switch event.payload {
            case .object(let object)?: object.fields
            case .tuple(let tuple)?: tuple.elements
            default: []
            }
        return shapeFields + payloadFields
    }
}
