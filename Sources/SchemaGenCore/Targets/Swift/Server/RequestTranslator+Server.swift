/// The generated server's side of requests: its answers to the app's requests, and its own requests.
extension RequestTranslator {
    /// The generated server's responder to the app's request: the request decoded as the server's listeners decode it,
    /// its correlation value read as the client reads its replies', and the handler's reply (or error event) sent back
    /// to the requesting connection with that value written where the answer carries it.
    func serverResponder(_ event: Event, contexts: [EventContext]) -> ServerResponderContext? {
        guard let reply = event.reply, event.direction != .serverToClient, let answer = index(of: reply.event),
              let replyType = contexts[answer].valueType else { return nil }
        // The statements that send `payload` as `answer`, the correlation value echoed.
        func send(_ answer: Int) -> String {
            "try await core.emit(\(contexts[answer].emitTarget), channel: \(channelExpression), payload: \(contexts[answer].emitValue), echoing: echoed, "
                + "at: \(SwiftSyntax.stringLiteral(bodyPath(of: reply.answerMatch, in: events[answer], contexts[answer]))), to: connection)"
        }
        var lines: [String]
        var answerType = replyType
        if let error = index(of: reply.error), let errorType = contexts[error].valueType {
            answerType = "\(speller.runtime("ServerAnswer"))<\(replyType), \(errorType)>"
            lines = ["switch await handler(connection, request) {", "case .reply(let payload):", "    " + send(answer),
                     "case .rejection(let payload):", "    " + send(error), "}"]
        } else {
            lines = ["let payload = await handler(connection, request)", send(answer)]
        }
        return ServerResponderContext(answerType: answerType, correlationRead: "let echoed = core.correlationValue(in: frame, at: \(source(of: reply.match, in: event)))",
                                      answerLines: lines, answerEventText: reply.event, matchText: reply.match)
    }

    /// The generated server's method for its own request (a server-to-client event with `reply:`): it writes a fresh
    /// correlation value into the request where the request carries it, sends it to one connection, and returns the
    /// app's answer decoded as the server's listeners decode it.
    func serverRequest(_ event: Event, contexts: [EventContext]) -> ServerRequestContext? {
        guard let reply = event.reply, event.direction == .serverToClient, let own = index(of: event.wireName), let answer = index(of: reply.event),
              let field = check.matchField(reply.match, of: event, isRequest: false), let valueType = contexts[own].valueType,
              let answerType = contexts[answer].valueType, let answerDecoding = contexts[answer].payloadDecoding else { return nil }
        let correlation = switch (reply.ids, field.type.valueType == .scalar(.int)) {
        case (.uuid, _): ".string(UUID().uuidString.lowercased())"
        // Refused by the checker: the server's own requests have values it chooses.
        case (.app, _): ".string(UUID().uuidString.lowercased())"
        case (.counter, true): ".number(\(speller.runtime("JSONNumber"))(core.nextCorrelationNumber()))"
        case (.counter, false): ".string(String(core.nextCorrelationNumber()))"
        }
        let match = "\(speller.runtime("ReplyMatch"))(route: \(contexts[answer].route), channel: \(channelExpression), source: \(source(of: reply.answerMatch, in: events[answer])))"
        let path = SwiftSyntax.stringLiteral(bodyPath(of: reply.match, in: event, contexts[own]))
        return ServerRequestContext(
            parameters: "_ payload: \(valueType), to connection: \(speller.runtime("ServerConnection")), timeout: Duration? = nil", answerType: answerType,
            lines: ["let frame = try await core.request(\(contexts[own].emitTarget), channel: \(channelExpression), payload: \(contexts[own].emitValue), "
                        + "correlation: \(correlation), at: \(path), expecting: \(match), from: connection, timeout: timeout)",
                    "let decoder = core.payloadDecoder", "return \(answerDecoding)"],
            answerEventText: reply.event, matchText: reply.match)
    }
}
