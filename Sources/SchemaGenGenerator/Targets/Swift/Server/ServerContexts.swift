import SchemaGenContract
// The contexts only the server's templates read: its answers to the app's requests, and its own requests. A context's template keys are its stored properties (`KeyedTemplateContext`).

/// The generated server's answer to the app's request: `respondTo<Event>` on the `Server`, whose handler's value is
/// sent back to the requesting connection in the reply event (or the error event), the request's correlation value
/// echoed into it.
package struct ServerResponderContext: KeyedTemplateContext {
    /// What the handler returns: the reply event's value, or with an error event `ServerAnswer<Reply, Rejection>`.
    package var answerType: String
    /// Where the request carries its correlation value, a `ReplyMatch.Source` (`.payloadField("request_id")`): what
    /// the responder reads into `echoed`, as the client reads its replies'.
    package var correlationSource: String
    /// How the reply event is sent.
    package var reply: ServerAnswerContext
    /// How the error event is sent, when the request has one (the handler then returns a `ServerAnswer`).
    package var rejection: ServerAnswerContext?
    /// Whether the request is answered once per item (`each:`): the handler returns every reply, each sent in turn.
    package var answersEach: Bool
    /// Whether the reply has nothing in it (a `pong` answering in order): the handler returns `Void`, and the reply goes
    /// with no payload.
    package var repliesNothing = false
    /// For a request that subscribes or unsubscribes channels (`subscribes:`): the statement that subscribes the
    /// requesting connection to the channels it names (those the handler's `payload` lists, when it lists them), or
    /// unsubscribes it, before the reply goes; `nil` otherwise.
    package var channelsUpdate: SwiftStatement? = nil
    /// For documentation: the reply event's wire name and the echoed field.
    package var answerEventText: String
    package var matchText: String
    /// For documentation: how the reply finds its request (`with the request's `id` written into it`, or `in the
    /// order the requests came`), and what follows it when a value is written (` (whatever the handler put there)`).
    package var echoText: String = ""
    package var echoNote: String = ""
}

/// How the generated server sends one answer to a request: the event, and where the echoed correlation value goes.
package struct ServerAnswerContext: KeyedTemplateContext {
    /// The first argument of `core.emit` for the answer event, as ``EventContext/emitTarget``.
    package var emitTarget: String
    /// Its `payload:` argument, as ``EventContext/emitValue``.
    package var emitValue: String
    /// A Swift string literal of where the answer's value carries the correlation value (`"meta.request_id"`).
    package var correlationPath: String
}

/// The generated server's method for its own request: it sends the request to one connection with a fresh
/// correlation value and returns the app's answer.
package struct ServerRequestContext: KeyedTemplateContext {
    /// The method's parameters: the request's value, `to connection: ServerConnection`, `timeout:`.
    package var parameters: SwiftParameterList
    /// The answer event's Swift type, which the method returns.
    package var answerType: String
    /// The request's `core.request` target and `payload:` argument, as ``EventContext/emitTarget`` and
    /// ``EventContext/emitValue``.
    package var emitTarget: String
    package var emitValue: String
    /// The fresh correlation value the server writes into the request.
    package var correlation: FreshCorrelationContext
    /// A Swift string literal of where the request's value carries the correlation value.
    package var correlationPath: String
    /// A `ReplyMatch(...)` expression: the answer's route, channel and where it carries the value.
    package var answerMatch: String
    /// The expression decoding the answer from `frame` with `decoder`.
    package var answerDecoding: SwiftExpression
    /// For documentation: the answer event's wire name and the request's matching field.
    package var answerEventText: String
    package var matchText: String
}
