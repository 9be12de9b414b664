/// A value a template reads: text to interpolate, a flag, a list to repeat a section over, or a context
/// whose keys the section's tags read. Typed, so rendering never casts.
public enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case context(any TemplateContext)

    /// The value of `key` when this is a context.
    func child(_ key: String) -> TemplateValue? {
        guard case .context(let context) = self else { return nil }
        return context.templateValue(forKey: key)
    }

    /// Whether an inverted section over this value renders: `false` and empty lists are falsy.
    var isFalsy: Bool {
        switch self {
        case .flag(let flag): !flag
        case .list(let items): items.isEmpty
        case .text, .context: false
        }
    }

    /// The text `{{name}}` writes: text as it is, flags as `true`/`false`; lists and contexts write nothing.
    var interpolated: String {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag ? "true" : "false"
        case .list, .context: ""
        }
    }
}

/// A value that has keys templates read.
public protocol TemplateContext: Sendable {
    /// The value of `key`, or `nil` for an unknown key or an empty optional; then a lookup goes on to the
    /// enclosing contexts, as Mustache does for missing keys.
    func templateValue(forKey key: String) -> TemplateValue?
}

/// A type that templates can read as a value.
public protocol TemplateValueConvertible {
    /// The value; `nil` when absent (an empty optional).
    var templateValue: TemplateValue? { get }
}

extension String: TemplateValueConvertible {
    public var templateValue: TemplateValue? { .text(self) }
}

extension Bool: TemplateValueConvertible {
    public var templateValue: TemplateValue? { .flag(self) }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    public var templateValue: TemplateValue? { .list(compactMap(\.templateValue)) }
}

extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    public var templateValue: TemplateValue? { self?.templateValue }
}

/// A context that answers lookups from a table of its keys.
protocol KeyedTemplateContext: TemplateContext, TemplateValueConvertible {
    static var templateKeys: [String: TemplateKey<Self>] { get }
}

extension KeyedTemplateContext {
    public func templateValue(forKey key: String) -> TemplateValue? {
        Self.templateKeys[key]?.read(self)
    }

    public var templateValue: TemplateValue? { .context(self) }
}

/// How one key of a context is read.
struct TemplateKey<Context>: Sendable {
    let read: @Sendable (Context) -> TemplateValue?

    /// The key reads the property at `path`.
    static func property<Value: TemplateValueConvertible & Sendable>(_ path: KeyPath<Context, Value> & Sendable) -> Self {
        TemplateKey { $0[keyPath: path].templateValue }
    }
}
