import SchemaGenContract
/// The client's side of requests: its request and subscription methods, and its answers to the server's requests.
extension RequestTranslator {
    /// A request's method: it fills the correlation field, sends, and returns the decoded reply.
    package func request(_ event: Event, contexts: [EventContext]) -> RequestContext? {
        guard let reply = event.reply, let own = index(of: event.wireName), let answer = index(of: reply.event),
            let call = reply.inOrder
                ? unmatchedCall(contexts[own]) : correlatedCall(event, contexts[own], key: reply.match, ids: reply.ids),
            let replyMatch = replyMatch(reply, contexts: contexts)
        else { return nil }
        // A reply with nothing in it (a `pong` answering in order): the method returns once it comes.
        let repliesNothing = contexts[answer].valueType == nil
        var replyType = contexts[answer].valueType ?? "Void"
        var replyDecoding = contexts[answer].payloadDecoding ?? .plain("()")
        if let type = reply.type {
            // This request's own type for a reply event shared by many: its payload alone, decoded as that.
            replyType = speller.spell(type)
            replyDecoding = EventTranslator.payloadDecoding(of: events[answer], as: replyType)
        }
        var items: String?
        if let each = reply.each {
            guard let list = argument(each.list, of: event, contexts[own]) else { return nil }
            items = eachItems(each, list: list, of: event, answer: events[answer])
        }
        var context = RequestContext(
            parameters: SwiftParameterList(call.parameters + [.timeout]),
            correlationGiven: call.given, fresh: call.fresh, correlationValue: call.correlation, value: call.value,
            replyMatch: replyMatch,
            replyType: replyType, returnType: replyType, replyDecoding: replyDecoding,
            rejection: rejection(reply, contexts: contexts),
            replyEventText: reply.event, matchText: reply.match,
            correlationOrigin: reply.ids == .app ? "given by the app" : "chosen here unless passed")
        if repliesNothing {
            context.decodesReply = context.rejection != nil
            context.returnsValue = false
            if context.rejection == nil { context.replyBinding = "_" }
        }
        if reply.inOrder {
            (context.inOrder, context.sendsValue) = (true, contexts[own].hasValue)
            context.correlationOrigin = "in the order requests were sent"
        }
        if let items, let each = reply.each {
            context.items = items
            context.returnType = "[\(replyType)]"
            context.eachText = each.list
            context.eachItemText = check.eachItemKey(each, of: event, answer: events[answer])
        }
        if let channels = event.channelRequest, let list = argument(channels.field, of: event, contexts[own]) {
            // A reply decoded whole (with its frame's fields) holds the list in its `payload`.
            let taken = reply.type == nil && contexts[answer].decodesWholeFrame ? "reply.payload" : "reply"
            context.channelsRecord = channelsRecord(channels, list: list, taken: taken, of: event)
        }
        if let name = reply.cancel, let cancel = index(of: name),
            let sending = cancelling(events[cancel], contexts[cancel], key: reply.cancelField ?? reply.match)
        {
            (context.cancel, context.hasCancel, context.cancelEventText) = (sending, true, name)
        }
        return context
    }

    /// What a request that names channels tells the core once answered: the channels it asked for (`list`, a Swift
    /// expression of the method's argument) and, when its reply is the list of those it took, that list.
    private func channelsRecord(
        _ channels: ChannelRequest, list: String, taken: String, of event: Event
    )
        -> SwiftStatement
    {
        let isList =
            check.matchField(channels.field, of: event, isRequest: true, appGives: true)?.type
            == .array(
                .scalar(.string))
        let requested = SwiftArgument(nil, .plain(isList ? list : "[\(list)]"))
        switch channels.role {
        case .subscribes:
            let taken = check.contract.repliesChannelsTaken(event) ? taken : "nil"
            return .expression(
                .call(.plain("core.channelsSubscribed"), [requested, SwiftArgument("taken", .plain(taken))]))
        case .unsubscribes:
            return .expression(.call(.plain("core.channelsUnsubscribed"), [requested]))
        }
    }

    /// The `ReplyItems` of a request answered once per item of `list` (a Swift expression of the method's argument):
    /// named by each reply, where it names its item, else counted.
    private func eachItems(_ each: ReplyEach, list: String, of event: Event, answer: Event) -> String {
        let items = speller.runtime("ReplyItems")
        guard let key = check.eachItemKey(each, of: event, answer: answer),
            case .array(let element)? = check.matchField(each.list, of: event, isRequest: true, appGives: true)?.type
                .valueType
        else { return "\(items).count(\(list).count)" }
        let value =
            element.valueType == .scalar(.int) ? ".number(\(speller.runtime("JSONNumber"))($0))" : ".string($0)"
        return "\(items).named(\(list).map { \(value) }, by: \(source(of: key, in: answer)))"
    }

    /// The Swift expression of a request's field among its method's arguments: the argument of that name, or the
    /// member of the `payload` argument the method takes whole.
    private func argument(_ key: String, of event: Event, _ context: EventContext) -> String? {
        check.matchPath(key, of: event, isRequest: true, appGives: true).map { swiftPath($0, in: "", context) }
    }

    /// The responder to the server's request: the request decoded as its listeners decode it, the handler's answer
    /// sent in the answer event with the request's correlation value echoed.
    package func responder(_ event: Event, contexts: [EventContext]) -> ResponderContext? {
        guard let reply = event.reply, event.direction == .serverToClient, let answer = index(of: reply.event),
            let requestPath = check.matchPath(reply.match, of: event, isRequest: false),
            let answerField = check.matchField(reply.answerMatch, of: events[answer], isRequest: true),
            let answerType = contexts[answer].valueType, let structure = contexts[answer].declaration?.structure
        else { return nil }
        let echoed =
            "request."
            + requestPath.map { SwiftSyntax.identifier($0.swiftName).unescapedIdentifier }.joined(separator: ".")
        let matched = SwiftSyntax.identifier(answerField.swiftName)
        let others = structure.properties.filter { $0.name != matched }
        let handlerType: String
        let lines: [SwiftStatement]
        let handled = SwiftExpression.await(.call("handler", [SwiftArgument(nil, .plain("request"))]))
        switch others.count {
        case 0:
            handlerType = "Void"
            lines = [
                .expression(handled),
                .let("payload", .call(answerType, [SwiftArgument(matched.unescapedIdentifier, .plain(echoed))])),
            ]
        case 1:
            handlerType = qualified(others[0].type, in: structure, valueType: answerType)
            let arguments = structure.properties.map {
                SwiftArgument($0.name.unescapedIdentifier, .plain($0.name == matched ? echoed : "answer"))
            }
            lines = [.let("answer", handled), .let("payload", .call(answerType, arguments))]
        default:
            handlerType = answerType
            lines = [
                .var("payload", handled), .assign(.plain("payload.\(matched.unescapedIdentifier)"), .plain(echoed)),
            ]
        }
        return ResponderContext(
            answerType: handlerType, answerLines: lines, emitTarget: contexts[answer].emitTarget,
            emitValue: contexts[answer].emitValue, answerEventText: reply.event, matchText: reply.answerMatch)
    }

    /// A subscription's method: it opens the subscription, sends the request, and returns the items.
    package func subscription(_ event: Event, contexts: [EventContext]) -> SubscriptionContext? {
        guard let subscription = event.subscription, let own = index(of: event.wireName),
            let item = index(of: subscription.event),
            var itemType = contexts[item].valueType, var itemDecoding = contexts[item].payloadDecoding
        else { return nil }
        if let type = subscription.type {
            itemType = speller.spell(type)
            itemDecoding = EventTranslator.payloadDecoding(of: events[item], as: itemType)
        }
        let key = event.reply?.match ?? subscription.match
        guard let call = correlatedCall(event, contexts[own], key: key, ids: event.reply?.ids ?? subscription.ids)
        else { return nil }
        var parts = [
            "route: \(contexts[item].route)", "channel: \(channelExpression)",
            "source: \(source(of: subscription.match, in: events[item]))",
        ]
        var summary = [
            "Sends the request and returns the subscription's `\(subscription.event)` events, matched by `\(subscription.match)`."
        ]
        if let end = index(of: subscription.end) {
            parts.append("endRoute: (\(contexts[end].route), \(source(of: subscription.match, in: events[end])))")
            summary.append("The stream finishes on `\(events[end].wireName)`.")
        }
        if let count = subscription.count {
            parts.append("countSource: \(source(of: count, in: events[item]))")
            summary.append("The stream finishes once as many items as their `\(count)` says have arrived.")
        }
        var failure: SwiftExpression?
        if let error = index(of: subscription.error) {
            parts.append("errorRoute: (\(contexts[error].route), \(source(of: subscription.match, in: events[error])))")
            failure =
                contexts[error].payloadDecoding.map {
                    .call(speller.runtime("RequestRejected"), [SwiftArgument(nil, $0)])
                }
                ?? .call(speller.runtime("SubscriptionEnded"), [])
            summary.append(
                "On `\(events[error].wireName)` it throws \(contexts[error].payloadDecoding == nil ? "`SubscriptionEnded`" : "`RequestRejected` with its value")."
            )
        }
        var arguments = speller.runtime("SubscriptionMatch") + "(" + parts.joined(separator: ", ") + ")"
        var parameters = call.parameters
        var rejecting: SwiftStatement?
        if let reply = event.reply, let replyMatch = replyMatch(reply, contexts: contexts) {
            // With `idFrom: request` the subscription is open under the request's own value before the request goes out.
            if subscription.idFromRequest { arguments += ", id: \(call.correlation)" }
            arguments += ", confirmation: (\(replyMatch), \(call.correlation), timeout)"
            if let key = subscription.idInReply { arguments += ", idInReply: \(SwiftSyntax.stringLiteral(key))" }
            parameters.append(.timeout)
            rejecting = rejection(reply, contexts: contexts)
            let origin = reply.ids == .app ? "given by the app" : "chosen here unless passed"
            if subscription.idFromRequest {
                summary.insert(
                    "Its id is the request's `\(reply.match)` (\(origin)), which the reply `\(reply.event)` confirms;",
                    at: 1)
            } else {
                let place = subscription.idInReply.map { "its `\($0)`" } ?? "its payload"
                summary.insert(
                    "The reply `\(reply.event)` (matched by `\(reply.match)`, \(origin)) confirms it with its id, \(place);",
                    at: 1)
            }
            summary.insert("the call returns then.", at: 2)
        } else {
            arguments += ", id: \(call.correlation)"
            summary.insert(
                subscription.ids == .app ? "Its id is given by the app." : "Its id is chosen here unless passed.", at: 1
            )
        }
        var cancel: CancelContext?
        if let name = subscription.cancel, let cancelIndex = index(of: name) {
            cancel = cancelling(
                events[cancelIndex], contexts[cancelIndex], key: subscription.cancelField ?? subscription.match)
            summary.append("When the loop leaves early, it sends `\(name)`.")
        }
        return SubscriptionContext(
            parameters: SwiftParameterList(parameters), correlationGiven: call.given, fresh: call.fresh,
            matchArguments: arguments,
            itemType: itemType, itemDecoding: itemDecoding, failure: failure, rejection: rejecting, cancel: cancel,
            hasCancel: cancel != nil,
            value: call.value, summary: summary)
    }

    /// The parts of a method whose replies come in order (`inOrder: true`): the plain emit method's parameters, and
    /// no correlation value.
    private func unmatchedCall(
        _ context: EventContext
    )
        -> (
            parameters: [SwiftParameter], given: String, fresh: FreshCorrelationContext?, correlation: String,
            value: String
        )?
    {
        guard context.hasValue else { return ([], "", nil, ".null", "") }
        if let parameters = context.emitParameters, let initializer = context.emitInitializer {
            return (parameters.parameters, "", nil, ".null", initializer)
        }
        guard let valueType = context.valueType else { return nil }
        return ([SwiftParameter("_", "payload", type: valueType)], "", nil, ".null", context.emitValue)
    }

    /// The parts of a method that sends `event` with a correlation value in field `key`: the caller's, when it passes
    /// one (the field's name as an optional parameter), else one the client chooses.
    package func correlatedCall(
        _ event: Event, _ context: EventContext, key: String, ids: CorrelationIDs
    )
        -> (
            parameters: [SwiftParameter], given: String, fresh: FreshCorrelationContext?, correlation: String,
            value: String
        )?
    {
        guard let path = check.matchPath(key, of: event, isRequest: true, appGives: ids == .app),
            let field = path.last, let valueType = context.valueType
        else { return nil }
        let isNumber = field.type.valueType == .scalar(.int)
        let correlation = isNumber ? ".number(\(speller.runtime("JSONNumber"))(_correlation))" : ".string(_correlation)"
        if path.count > 1 {
            // A path through the objects the app gives (`ids: app`): the method takes the payload as it is, and reads
            // the value from it.
            var steps = path.map { SwiftSyntax.identifier($0.swiftName) }.joined(separator: ".")
            guard let structure = context.declaration?.structure else {
                return (
                    [SwiftParameter("_", "payload", type: valueType)], "payload." + steps, nil, correlation, "payload"
                )
            }
            // An event whose value is its whole frame holds the payload's objects under `payload`.
            if !structure.properties.contains(where: { $0.name == SwiftSyntax.identifier(path[0].swiftName) }) {
                steps = "payload." + steps
            }
            let parameter = property(steps, in: structure, valueType: valueType)
            let arguments = structure.properties.map { "\($0.name.unescapedIdentifier): \($0.name)" }
            return (
                structure.properties.map(parameter), steps, nil, correlation,
                "\(valueType)(" + arguments.joined(separator: ", ") + ")"
            )
        }
        guard let structure = context.declaration?.structure else {
            // A named payload the app passes whole (`ids: app`): the value is its field.
            guard ids == .app else { return nil }
            return (
                [SwiftParameter("_", "payload", type: valueType)], "payload.\(SwiftSyntax.identifier(field.swiftName))",
                nil, correlation,
                "payload"
            )
        }
        var matched = SwiftSyntax.identifier(field.swiftName)
        if ids == .app, !structure.properties.contains(where: { $0.name == matched }) {
            // The field is in the event's named payload, beside the shape's fields: the app gives it there.
            matched = "payload." + matched
        }
        let parameter = property(matched, in: structure, valueType: valueType)
        // A value the app gives stays where its payload declares it, required; one the client chooses is an optional last argument.
        // The app's value is required even where the field is optional (a shape's `id: Int?` other frames leave out):
        // a request always carries it.
        let required = SwiftParameter(matched, type: speller.spell(field.type.valueType))
        let parameters =
            ids == .app
            ? structure.properties.map { $0.name == matched ? required : parameter($0) }
            : structure.properties.filter { $0.name != matched }.map(parameter) + [
                .optional(matched, type: speller.spell(field.type.valueType) + "?")
            ]
        // A value the client chooses for a field of the payload (an event whose value also holds its shape's fields):
        // the caller's payload, rebuilt with the value in that field, so the frame carries what the call waits for.
        let nestedPayload = structure.nestedTypes.first { $0.name == "Payload" }?.structure
        let inPayload =
            ids != .app && !structure.properties.contains { $0.name == matched }
            && nestedPayload?.properties.contains { $0.name == matched } == true
        let arguments = structure.properties.map { property in
            let label = property.name.unescapedIdentifier
            if inPayload, label == "payload", let nestedPayload {
                let inner = nestedPayload.properties.map {
                    "\($0.name.unescapedIdentifier): \($0.name == matched ? "_correlation" : "payload.\($0.name)")"
                }
                return "payload: \(valueType).Payload(" + inner.joined(separator: ", ") + ")"
            }
            return "\(label): \(property.name == matched ? "_correlation" : property.name)"
        }
        let fresh = ids == .app ? nil : FreshCorrelationContext(ids: ids, isNumber: isNumber)
        return (parameters, matched, fresh, correlation, "\(valueType)(" + arguments.joined(separator: ", ") + ")")
    }

    /// A method parameter for one of the payload's properties (`name: Type`, `= nil` when optional).
    package func property(
        _ matched: String, in structure: StructContext, valueType: String
    ) -> (PropertyContext) -> SwiftParameter {
        { property in
            SwiftParameter(
                property.name, type: qualified(property.type, in: structure, valueType: valueType),
                default: property.isOptional ? .plain("nil") : nil)
        }
    }

    /// Types nested in the event's struct (its `Payload`) are written qualified outside it.
    package func qualified(_ type: String, in structure: StructContext, valueType: String) -> String {
        structure.nestedTypes.map(\.name).reduce(type) { type, name in
            type.replacing(try! Regex("\\b\(name)\\b"), with: "\(valueType).\(name)")
        }
    }

    /// The statement that throws `RequestRejected` with the error event's value when `frame` is that event.
    package func rejection(_ reply: ReplyDeclaration, contexts: [EventContext]) -> SwiftStatement? {
        guard let error = index(of: reply.error), let decoding = contexts[error].payloadDecoding else { return nil }
        return .if(
            [.test(.binary(.plain("frame.route"), "==", .plain(contexts[error].route)))],
            [.throw(.call(speller.runtime("RequestRejected"), [SwiftArgument(nil, decoding)]))])
    }

    /// The cancel closure: `id` (a `JSONValue`) read as the field's type, then the cancel event sent
    /// with it, through its own request method when it is a request (its reply is not awaited for anything else).
    package func cancelling(_ cancel: Event, _ context: EventContext, key: String) -> CancelContext? {
        guard let field = check.matchField(key, of: cancel, isRequest: true), let valueType = context.valueType,
            let structure = context.declaration?.structure
        else { return nil }
        let read: SwiftStatement =
            field.type.valueType == .scalar(.int)
            ? .guard(
                [
                    .enumCase("number", binding: "number", .plain("id")),
                    .bind("id", .plain("number.int64.flatMap({ Int(exactly: $0) })")),
                ], else: [.return(nil)])
            : .guard([.enumCase("string", binding: "id", .plain("id"))], else: [.return(nil)])
        let name = SwiftSyntax.identifier(field.swiftName)
        let ownCorrelation = cancel.reply.flatMap { check.matchField($0.match, of: cancel, isRequest: true) }.map {
            SwiftSyntax.identifier($0.swiftName)
        }
        // The id is one of the event's own values, or one of its payload's when the event has no value of that
        // name (a shape field is the one the key names, as in the checker's `matchField`). Every other value is
        // optional (the checker refuses a cancel that needs more), so nil; a payload that is not optional itself is
        // built from nils.
        let isOwnValue = structure.properties.contains { $0.name == name }
        func argument(_ property: PropertyContext) -> String {
            if property.name == name { return "id" }
            guard
                let nested = structure.nestedTypes.first(where: {
                    "\(valueType).\($0.name)" == qualified(property.unwrappedType, in: structure, valueType: valueType)
                }),
                let inner = nested.structure
            else { return "nil" }
            let holdsID = !isOwnValue && inner.properties.contains { $0.name == name }
            guard holdsID || !property.isOptional else { return "nil" }
            let values = inner.properties.map {
                "\($0.name.unescapedIdentifier): \(holdsID && $0.name == name ? "id" : "nil")"
            }
            return "\(valueType).\(nested.name)(" + values.joined(separator: ", ") + ")"
        }
        var requestCall: SwiftStatement?
        if let request = cancel.reply, ownCorrelation != nil, request.event.isEmpty == false {
            let arguments = structure.properties.filter { $0.name != ownCorrelation }.map {
                SwiftArgument($0.name.unescapedIdentifier, .plain(argument($0)))
            }
            requestCall = .discard(.try(.await(.call(.plain("self"), context.memberName, arguments))))
        }
        let arguments = structure.properties.map { "\($0.name.unescapedIdentifier): \(argument($0))" }
        return CancelContext(
            read: read, requestCall: requestCall, emitTarget: context.emitTarget,
            value: "\(valueType)(" + arguments.joined(separator: ", ") + ")")
    }
}
