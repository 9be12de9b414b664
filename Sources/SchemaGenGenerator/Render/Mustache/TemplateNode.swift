import SchemaGenContract
/// One piece of a parsed Mustache template. Parsing resolves everything that does not depend on the data
/// (delimiters, standalone lines, dotted names); the library compiles the tree into a ``CompiledTemplate`` for
/// rendering.
package enum TemplateNode: Sendable {
    /// Text copied to the output as it is, as UTF-8 (a template's text is most of what rendering writes: from a
    /// `String` each piece cost three times the copy).
    case text([UInt8])
    /// `{{name}}` (escaped when the content type is HTML) or `{{{name}}}` / `{{&name}}` (never escaped).
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when `inverted`.
    case section(TemplateName, body: [TemplateNode], inverted: Bool)
    /// `{{> name}}`; `indentation` is the white space before a partial tag that stands alone on its line,
    /// which every line of the partial gets.
    case partial(name: String, indentation: String, location: SourceLocation)
    /// `{{%CONTENT_TYPE:TEXT}}` or `{{%CONTENT_TYPE:HTML}}`: whether later variables are HTML-escaped.
    case contentType(TemplateContentType)
}

/// How a template's variables are escaped. HTML is Mustache's default.
package enum TemplateContentType: Sendable {
    case html
    case text
}

/// A tag's name: `.` (the current value), `name`, `a.b.c`, or `.name` (the current value only, without
/// looking in enclosing contexts).
package struct TemplateName: Sendable {
    /// The name as written, for matching a section's closing tag.
    package let text: String
    /// The dot-separated parts; empty for `.`.
    package let components: [TemplateKeyName]
    /// Whether the first part is looked up in the current value only (a leading dot).
    package let isAnchored: Bool
}
