// The contexts only the server's templates read: its answers to the app's requests, and its own requests. Each
// context's key table follows it: templates read those keys and nothing else, and `TemplateKeysTests` checks every
// table against the stored properties it must cover.

/// The generated server's answer to the app's request: `respondTo<Event>` on the `Server`, whose handler's value is
/// sent back to the requesting connection in the reply event (or the error event), the request's correlation value
/// echoed into it.
public struct ServerResponderContext: Sendable {
    /// What the handler returns: the reply event's value, or with an error event `ServerAnswer<Reply, Rejection>`.
    public var answerType: String
    /// The statement reading the request's correlation value from `frame` into `echoed`, a `JSONValue?`.
    public var correlationRead: String
    /// The statements that send the answer, from `request`, `echoed`, `connection` and the handler.
    public var answerLines: [String]
    /// For documentation: the reply event's wire name and the echoed field.
    public var answerEventText: String
    public var matchText: String
}

extension ServerResponderContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "answerType": .property(\.answerType),
        "correlationRead": .property(\.correlationRead),
        "answerLines": .property(\.answerLines),
        "answerEventText": .property(\.answerEventText),
        "matchText": .property(\.matchText),
    ]
}

/// The generated server's method for its own request: it sends the request to one connection with a fresh
/// correlation value and returns the app's answer.
public struct ServerRequestContext: Sendable {
    /// The method's parameters: the request's value, `to connection: ServerConnection`, `timeout:`.
    public var parameters: String
    /// The answer event's Swift type, which the method returns.
    public var answerType: String
    /// The method's statements.
    public var lines: [String]
    /// For documentation: the answer event's wire name and the request's matching field.
    public var answerEventText: String
    public var matchText: String
}

extension ServerRequestContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "parameters": .property(\.parameters),
        "answerType": .property(\.answerType),
        "lines": .property(\.lines),
        "answerEventText": .property(\.answerEventText),
        "matchText": .property(\.matchText),
    ]
}
