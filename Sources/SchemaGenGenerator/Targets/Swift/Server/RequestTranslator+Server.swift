import SchemaGenContract
/// The generated server's side of requests: its answers to the app's requests, and its own requests.
extension RequestTranslator {
    /// The generated server's responder to the app's request: the request decoded as the server's listeners decode it,
    /// its correlation value read as the client reads its replies', and the handler's reply (or error event) sent back
    /// to the requesting connection with that value written where the answer carries it.
    package func serverResponder(_ event: Event, contexts: [EventContext]) -> ServerResponderContext? {
        guard let reply = event.reply, event.direction != .serverToClient, let answer = index(of: reply.event) else {
            return nil
        }
        // A reply with nothing in it (a `pong` answering in order): the handler returns when it may go.
        let replyType = contexts[answer].valueType ?? "Void"
        func send(_ answer: Int, at key: String) -> ServerAnswerContext {
            ServerAnswerContext(
                emitTarget: contexts[answer].emitTarget, emitValue: contexts[answer].emitValue,
                correlationPath: SwiftSyntax.stringLiteral(bodyPath(of: key, in: events[answer], contexts[answer])))
        }
        // A request answered once per item gets all its replies from the handler, sent in its order.
        let replies = reply.each == nil ? replyType : "[\(replyType)]"
        var answerType = replies
        var rejection: ServerAnswerContext?
        if let error = index(of: reply.error), let errorType = contexts[error].valueType {
            answerType = "\(speller.runtime("ServerAnswer"))<\(replies), \(errorType)>"
            rejection = send(error, at: reply.errorAnswerMatch)
        }
        let repliesNothing = contexts[answer].valueType == nil
        var context = ServerResponderContext(
            answerType: answerType, correlationSource: source(of: reply.match, in: event),
            reply: send(answer, at: reply.answerMatch),
            rejection: rejection, answersEach: reply.each != nil, answerEventText: reply.event, matchText: reply.match)
        context.repliesNothing = repliesNothing
        (context.echoText, context.echoNote) =
            reply.inOrder
            ? ("in the order the requests came", "")
            : ("with the request's `\(reply.match)` written into it", " (whatever the handler put there)")
        if let channels = event.channelRequest, let own = index(of: event.wireName) {
            let taken =
                check.contract.repliesChannelsTaken(event)
                ? (reply.type == nil && contexts[answer].decodesWholeFrame ? "payload.payload" : "payload") : nil
            context.channelsUpdate = channelsUpdate(channels, of: event, contexts[own], taken: taken)
        }
        return context
    }

    /// What the server does with the requesting connection for a request that names channels: subscribes it to each
    /// channel the request names (that the reply, `taken`, lists, when it lists them), or unsubscribes it.
    private func channelsUpdate(
        _ channels: ChannelRequest, of event: Event, _ context: EventContext, taken: String?
    )
        -> SwiftStatement?
    {
        guard let value = channelsNamed(by: channels, in: event, context) else { return nil }
        let each = taken.map { "\(value).filter(\($0).contains)" } ?? value
        let update: SwiftExpression =
            switch channels.role {
            case .subscribes:
                .call(
                    .plain("core.subscribe"),
                    [SwiftArgument(nil, .plain("connection")), SwiftArgument("to", .plain("channel"))])
            case .unsubscribes:
                .call(
                    .plain("core.unsubscribe"),
                    [SwiftArgument(nil, .plain("connection")), SwiftArgument("from", .plain("channel"))])
            }
        return .for("channel", in: .plain(each), [.expression(update)])
    }

    /// The generated server's method for its own request (a server-to-client event with `reply:`): it writes a fresh
    /// correlation value into the request where the request carries it, sends it to one connection, and returns the
    /// app's answer decoded as the server's listeners decode it.
    package func serverRequest(_ event: Event, contexts: [EventContext]) -> ServerRequestContext? {
        guard let reply = event.reply, event.direction == .serverToClient, let own = index(of: event.wireName),
            let answer = index(of: reply.event),
            let field = check.matchField(reply.match, of: event, isRequest: false),
            let valueType = contexts[own].valueType,
            let answerType = contexts[answer].valueType, let answerDecoding = contexts[answer].payloadDecoding
        else { return nil }
        let match =
            "\(speller.runtime("ReplyMatch"))(route: \(contexts[answer].route), channel: \(channelExpression), source: \(source(of: reply.answerMatch, in: events[answer])))"
        return ServerRequestContext(
            parameters: SwiftParameterList([
                SwiftParameter("_", "payload", type: valueType), speller.connectionParameter, .timeout,
            ]),
            answerType: answerType,
            emitTarget: contexts[own].emitTarget, emitValue: contexts[own].emitValue,
            // `ids: app` is refused for the server's own requests by the checker: their values are the server's to choose.
            correlation: FreshCorrelationContext(ids: reply.ids, isNumber: field.type.valueType == .scalar(.int)),
            correlationPath: SwiftSyntax.stringLiteral(bodyPath(of: reply.match, in: event, contexts[own])),
            answerMatch: match,
            answerDecoding: answerDecoding,
            answerEventText: reply.event, matchText: reply.match)
    }
}
