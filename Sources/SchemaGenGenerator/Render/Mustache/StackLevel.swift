import SchemaGenContract
/// A level of the rendering's context stack: the value a section pushed, and its keys.
///
/// A context's level is a subclass generic over the context's type, so a lookup calls the context's own
/// `templateValue(forKey:)` directly: taking it out of a `TemplateValue` as an existential copied it at every level
/// of every lookup, about a fifth of rendering. An item of a list is made into its level directly, without being
/// boxed as a `TemplateValue` first. A context's `TemplateValue` is its level, so a section over it pushes that.
// `@unchecked Sendable` (here and in the subclasses): every stored property is a `let` of a `Sendable` type; a
// class that is subclassed cannot be checked for it.
package class StackLevel: @unchecked Sendable {
    /// The value itself, what `{{.}}` reads.
    package var value: TemplateValue { .text("") }

    /// The context this level holds, if it holds one.
    package var context: (any TemplateContext)? { nil }

    package func templateValue(forKey key: TemplateKeyName) -> TemplateValue? { nil }

    /// The level for `value`: a context's own, or one for text, flags and lists, which have no keys.
    package static func holding(_ value: TemplateValue) -> StackLevel {
        guard case .contextLevel(let level) = value else { return ValueLevel(value) }
        return level
    }
}

/// The level of text, a flag or a list.
package final class ValueLevel: StackLevel, @unchecked Sendable {
    package let held: TemplateValue

    package init(_ value: TemplateValue) { held = value }

    package override var value: TemplateValue { held }
}

/// The level of one context.
package final class ContextLevel<Context: TemplateContext>: StackLevel, @unchecked Sendable {
    package let held: Context

    package init(_ context: Context) { held = context }

    package override var value: TemplateValue { .contextLevel(self) }

    package override var context: (any TemplateContext)? { held }

    package override func templateValue(forKey key: TemplateKeyName) -> TemplateValue? {
        held.templateValue(forKey: key)
    }
}
