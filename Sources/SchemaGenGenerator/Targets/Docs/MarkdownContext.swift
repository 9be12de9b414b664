import SchemaGenContract
/// The template context for one Markdown reference: every cell already escaped for GitHub tables, every
/// link and anchor decided. Documented in docs/templates.md.
package struct MarkdownFileContext: KeyedTemplateContext {
    /// The contract file the output comes from (`zikr.yaml`).
    package var sourceFile: String
    /// The document title (the contract's `title`, else its name).
    package var title: String
    /// The contract's `version` as a code span (`` `2.1.0` ``); `nil` when it has none.
    package var version: String?
    /// Paragraph lines of the contract's description.
    package var description: [String]
    package var hasDescription: Bool
    /// The table of contents, in document order.
    package var contents: [MarkdownLink]
    /// Where the API lives (`servers:`), in contract order.
    package var servers: [MarkdownServerRow] = []
    package var hasServers: Bool = false
    /// Events outside channels.
    package var root: MarkdownScope
    package var channels: [MarkdownChannel]
    package var hasChannels: Bool
    package var types: [MarkdownType]
    package var hasTypes: Bool
    /// The events' examples (`examples:`), in contract order.
    package var examples: [MarkdownEventExamples] = []
    package var hasExamples: Bool = false
    /// Sequence diagrams of the requests, subscriptions and acknowledgements, then of the scenarios, in contract order.
    package var sequences: [MarkdownSequence] = []
    package var hasSequences: Bool = false
    package var wireFormat: MarkdownWireFormat
}

/// One conversation as a Mermaid sequence diagram: the event that opens it, and the diagram's lines.
package struct MarkdownSequence: KeyedTemplateContext {
    /// The heading: the event's wire name as a code span, after its channel's name when it has one.
    package var heading: String
    package var anchor: String
    /// `sequenceDiagram`, the participants `App` and `Server`, then the messages.
    package var diagram: [String]
}

/// One event's examples, under a heading of their own.
package struct MarkdownEventExamples: KeyedTemplateContext {
    /// The heading: the event's wire name as a code span, after its channel's name when it has one.
    package var heading: String
    package var anchor: String
    package var items: [MarkdownExample]
}

/// One example: its summary, and its JSON (or a frame's text) in a fenced block.
package struct MarkdownExample: KeyedTemplateContext {
    /// The example's `summary:` as prose, or `nil`.
    package var summary: String?
    /// Whether the block is the whole frame rather than the payload.
    package var isFrame: Bool
    /// The fence (three backticks, or more when the text holds three) and the block's language (`json`, or `text`
    /// for a frame that is not JSON as a whole, such as a Socket.IO packet).
    package var fence: String
    package var language: String
    package var code: String
}

package struct MarkdownLink: KeyedTemplateContext {
    package var title: String
    /// The anchor, without `#`.
    package var anchor: String
}

/// The two event tables of a scope.
package struct MarkdownScope: KeyedTemplateContext {
    package var clientEvents: [MarkdownEventRow]
    package var serverEvents: [MarkdownEventRow]
    package var hasClientEvents: Bool
    package var hasServerEvents: Bool
}

/// One row of an event table; every cell is Markdown, escaped for a table.
package struct MarkdownEventRow: KeyedTemplateContext {
    /// `` `join_group` ``, with a deprecation mark when deprecated.
    package var name: String
    /// `` `{ groupId: String }` ``, `None`, or `` `[`[`Notification`](#notification)`]` ``.
    package var payload: String
    package var description: String
}

package struct MarkdownChannel: KeyedTemplateContext {
    /// The heading text.
    package var heading: String
    package var anchor: String
    /// The address as a code span.
    package var address: String
    package var description: String
    package var hasDescription: Bool
    package var parameters: [MarkdownFieldRow]
    package var hasParameters: Bool
    package var scope: MarkdownScope
}

package struct MarkdownType: KeyedTemplateContext {
    package var name: String
    package var anchor: String
    package var description: String
    package var hasDescription: Bool
    package var isStruct: Bool
    package var fields: [MarkdownFieldRow]
    package var isEnum: Bool
    /// The sentence before the values' table, without its colon: "A string, one of", "A whole number of bit flags, …".
    package var valueKind: String
    package var values: [MarkdownFieldRow]
}

/// A row of a field, parameter or enum value table.
/// A row of the Servers table: every cell escaped for GitHub tables.
package struct MarkdownServerRow: KeyedTemplateContext {
    package var name: String
    package var url: String
    package var description: String
}

package struct MarkdownFieldRow: KeyedTemplateContext {
    package var name: String
    package var type: String
    package var description: String
}

package struct MarkdownWireFormat: KeyedTemplateContext {
    /// Sentences explaining the framing and the date encoding.
    package var explanation: [String]
    /// The event the example frame shows.
    package var exampleEvent: String
    /// One frame, exactly as on the wire.
    package var exampleFrame: String
    package var hasExample: Bool
    /// With several frame shapes: an example of each further shape.
    package var moreExamples: [MarkdownFrameExample] = []
}

/// One example frame of a reference's wire format.
package struct MarkdownFrameExample: KeyedTemplateContext {
    /// The event it shows, as Markdown.
    package var event: String
    /// The frame, exactly as on the wire.
    package var frame: String
}
