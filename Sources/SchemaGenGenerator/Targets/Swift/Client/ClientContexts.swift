import SchemaGenContract
// The contexts only the client's templates read: its requests and subscriptions, and its answers to the server's
// requests. A context's template keys are its stored properties (`KeyedTemplateContext`).

/// A request's method: it fills the correlation field, sends, and returns the decoded reply.
package struct RequestContext: KeyedTemplateContext {
    /// The method's parameter list: the event's values but the correlation field, then `timeout: Duration? = nil`.
    package var parameters: SwiftParameterList
    /// The correlation value the app gives: the optional parameter (`requestId`) when the client chooses one
    /// otherwise, the required one or its payload's field (`payload.id`) under `ids: app`.
    package var correlationGiven: String
    /// How the client chooses the value when the app gives none; `nil` under `ids: app`.
    package var fresh: FreshCorrelationContext?
    /// The correlation value as a `JSONValue` expression.
    package var correlationValue: String
    /// The `payload:` argument of `core.emit`: the event's value with the correlation value filled in.
    package var value: String
    /// A `ReplyMatch(...)` expression: the reply's route, channel and where it carries the correlation value.
    package var replyMatch: String
    /// The reply's Swift type.
    package var replyType: String
    /// Whether replies answer requests in the order they were sent (`inOrder: true`): no correlation value is chosen.
    package var inOrder = false
    /// Whether the request has a value to send (`payload:` of `core.emit`); a request matched by order may have none.
    package var sendsValue = true
    /// What the method returns: the reply's type, or for a request answered once per item, an array of it.
    package var returnType: String
    /// For a request answered once per item (`each:`): the `ReplyItems` expression, and the list and where each reply
    /// names its item, for documentation; `nil` otherwise.
    package var items: String? = nil
    package var eachText: String? = nil
    package var eachItemText: String? = nil
    /// The expression decoding the reply from `frame` with `decoder`; `()` for a reply with nothing in it.
    package var replyDecoding: SwiftExpression
    /// What the awaited reply is bound to: `frame` (`frames` with `items`), or `_` for a reply with nothing in it that
    /// no error event shares; and whether the method reads it with `decoder`.
    package var replyBinding = "frame"
    package var decodesReply = true
    /// Whether the method returns a value (`@discardableResult`): not for a reply with nothing in it.
    package var returnsValue = true
    /// For a request with an error reply: the statement that throws `RequestRejected` with the error event's value
    /// when `frame` is that event; `nil` otherwise.
    package var rejection: SwiftStatement?
    /// For a request that subscribes or unsubscribes channels (`subscribes:`): the statement telling the core which,
    /// once `reply` is decoded (`core.channelsSubscribed(payload.channels, taken: reply)`); `nil` otherwise.
    package var channelsRecord: SwiftStatement? = nil
    /// The reply event's wire name and the matching field, for documentation.
    package var replyEventText: String
    package var matchText: String
    /// Where the correlation value comes from, for documentation: `chosen here unless passed` or `given by the app`.
    package var correlationOrigin: String
    /// The `onCancel` closure (its parameter `id` is the correlation value), which sends the cancel event; `nil`
    /// without one.
    package var cancel: CancelContext? = nil
    package var hasCancel: Bool = false
    /// The cancel event's wire name, for documentation.
    package var cancelEventText: String? = nil
}

/// What a request's or subscription's cancellation sends: the cancel event, with the id read from `id` (a
/// `JSONValue`) as its field's type.
package struct CancelContext: KeyedTemplateContext {
    /// The statement reading `id` as the cancel event's field type (`guard case .string(let id) = id else { return }`).
    package var read: SwiftStatement
    /// When the cancel event is itself a request: the call of its method (whose reply is awaited for nothing else);
    /// `nil` when it is a plain event, sent with `emitTarget` and `value`.
    package var requestCall: SwiftStatement?
    /// The cancel event's `core.emit` target, and its value with the id filled in.
    package var emitTarget: String
    package var value: String
}

/// A subscription's method: it sends the request and returns the subscription's items as an `AsyncThrowingStream`.
package struct SubscriptionContext: KeyedTemplateContext {
    /// The method's parameter list (the request's values but a client-chosen id; `timeout:` when a reply confirms it).
    package var parameters: SwiftParameterList
    /// The request's correlation value as the app gives it, and how the client chooses one otherwise (as in
    /// ``RequestContext``).
    package var correlationGiven: String
    package var fresh: FreshCorrelationContext?
    /// The `core.subscribe` arguments before the item decoder: the `SubscriptionMatch`, then the id or confirmation.
    package var matchArguments: String
    /// The items' Swift type and how an item decodes from `frame` with `decoder`.
    package var itemType: String
    package var itemDecoding: SwiftExpression
    /// The expression making the error an error event means, or `nil` without an error event.
    package var failure: SwiftExpression?
    /// For a confirming reply with an error event: the statement throwing `RequestRejected` for it.
    package var rejection: SwiftStatement?
    /// The cancel closure (its parameter is `id`, a `JSONValue`); `nil` without a cancel event.
    package var cancel: CancelContext?
    package var hasCancel: Bool
    /// The `payload:` argument of `core.emit`: the request's value with its id filled in.
    package var value: String
    /// Documentation of what the method does, one line each.
    package var summary: [String]
}

/// The app's answer to the server's request: `respondTo<Event>`, whose handler's value is sent back in the answer
/// event, the request's correlation field echoed.
package struct ResponderContext: KeyedTemplateContext {
    /// What the handler returns: the answer event's one value besides the echoed field, `Void` when it has none, or
    /// the answer event's whole value (the echoed field is then overwritten).
    package var answerType: String
    /// The statements that make `payload`, the answer event's value, from `request` and the handler.
    package var answerLines: [SwiftStatement]
    /// The answer event's `core.emit` target and `payload:` argument.
    package var emitTarget: String
    package var emitValue: String
    /// For documentation: the answer event's wire name and the echoed field.
    package var answerEventText: String
    package var matchText: String
}
