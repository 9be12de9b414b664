import SchemaGenContract
/// The template context for one Markdown reference: every cell already escaped for GitHub tables, every
/// link and anchor decided. Documented in docs/templates.md.
public struct MarkdownFileContext: Sendable {
    /// The contract file the output comes from (`zikr.yaml`).
    public var sourceFile: String
    /// The document title (the contract's `title`, else its name).
    public var title: String
    /// The contract's `version` as a code span (`` `2.1.0` ``); `nil` when it has none.
    public var version: String?
    /// Paragraph lines of the contract's description.
    public var description: [String]
    public var hasDescription: Bool
    /// The table of contents, in document order.
    public var contents: [MarkdownLink]
    /// Where the API lives (`servers:`), in contract order.
    public var servers: [MarkdownServerRow] = []
    public var hasServers: Bool = false
    /// Events outside channels.
    public var root: MarkdownScope
    public var channels: [MarkdownChannel]
    public var hasChannels: Bool
    public var types: [MarkdownType]
    public var hasTypes: Bool
    /// The events' examples (`examples:`), in contract order.
    public var examples: [MarkdownEventExamples] = []
    public var hasExamples: Bool = false
    /// Sequence diagrams of the requests, subscriptions and acknowledgements, then of the scenarios, in contract order.
    public var sequences: [MarkdownSequence] = []
    public var hasSequences: Bool = false
    public var wireFormat: MarkdownWireFormat
}

/// One conversation as a Mermaid sequence diagram: the event that opens it, and the diagram's lines.
public struct MarkdownSequence: Sendable {
    /// The heading: the event's wire name as a code span, after its channel's name when it has one.
    public var heading: String
    public var anchor: String
    /// `sequenceDiagram`, the participants `App` and `Server`, then the messages.
    public var diagram: [String]
}

/// One event's examples, under a heading of their own.
public struct MarkdownEventExamples: Sendable {
    /// The heading: the event's wire name as a code span, after its channel's name when it has one.
    public var heading: String
    public var anchor: String
    public var items: [MarkdownExample]
}

/// One example: its summary, and its JSON (or a frame's text) in a fenced block.
public struct MarkdownExample: Sendable {
    /// The example's `summary:` as prose, or `nil`.
    public var summary: String?
    /// Whether the block is the whole frame rather than the payload.
    public var isFrame: Bool
    /// The fence (three backticks, or more when the text holds three) and the block's language (`json`, or `text`
    /// for a frame that is not JSON as a whole, such as a Socket.IO packet).
    public var fence: String
    public var language: String
    public var code: String
}

public struct MarkdownLink: Sendable {
    public var title: String
    /// The anchor, without `#`.
    public var anchor: String
}

/// The two event tables of a scope.
public struct MarkdownScope: Sendable {
    public var clientEvents: [MarkdownEventRow]
    public var serverEvents: [MarkdownEventRow]
    public var hasClientEvents: Bool
    public var hasServerEvents: Bool
}

/// One row of an event table; every cell is Markdown, escaped for a table.
public struct MarkdownEventRow: Sendable {
    /// `` `join_group` ``, with a deprecation mark when deprecated.
    public var name: String
    /// `` `{ groupId: String }` ``, `None`, or `` `[`[`Notification`](#notification)`]` ``.
    public var payload: String
    public var description: String
}

public struct MarkdownChannel: Sendable {
    /// The heading text.
    public var heading: String
    public var anchor: String
    /// The address as a code span.
    public var address: String
    public var description: String
    public var hasDescription: Bool
    public var parameters: [MarkdownFieldRow]
    public var hasParameters: Bool
    public var scope: MarkdownScope
}

public struct MarkdownType: Sendable {
    public var name: String
    public var anchor: String
    public var description: String
    public var hasDescription: Bool
    public var isStruct: Bool
    public var fields: [MarkdownFieldRow]
    public var isEnum: Bool
    /// The sentence before the values' table, without its colon: "A string, one of", "A whole number of bit flags, …".
    public var valueKind: String
    public var values: [MarkdownFieldRow]
}

/// A row of a field, parameter or enum value table.
/// A row of the Servers table: every cell escaped for GitHub tables.
public struct MarkdownServerRow: Sendable {
    public var name: String
    public var url: String
    public var description: String
}

public struct MarkdownFieldRow: Sendable {
    public var name: String
    public var type: String
    public var description: String
}

public struct MarkdownWireFormat: Sendable {
    /// Sentences explaining the framing and the date encoding.
    public var explanation: [String]
    /// The event the example frame shows.
    public var exampleEvent: String
    /// One frame, exactly as on the wire.
    public var exampleFrame: String
    public var hasExample: Bool
    /// With several frame shapes: an example of each further shape.
    public var moreExamples: [MarkdownFrameExample] = []
}

/// One example frame of a reference's wire format.
public struct MarkdownFrameExample: Sendable {
    /// The event it shows, as Markdown.
    public var event: String
    /// The frame, exactly as on the wire.
    public var frame: String
}
