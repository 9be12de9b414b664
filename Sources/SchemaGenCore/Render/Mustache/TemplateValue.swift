/// A value a template reads: text to interpolate, a flag, a list to repeat a section over, or a context
/// whose keys the section's tags read. Typed, so rendering never casts.
public enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case context(any TemplateContext)

    /// The value of `key` when this is a context.
    func child(_ key: TemplateKeyName) -> TemplateValue? {
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
    /// The same, for a key name whose hash was computed when the template was parsed (what rendering asks).
    func templateValue(forKey key: TemplateKeyName) -> TemplateValue?
}

extension TemplateContext {
    public func templateValue(forKey key: TemplateKeyName) -> TemplateValue? {
        templateValue(forKey: key.text)
    }
}

/// A key's name with its hash, computed once: when a template is parsed, or a context's key table built.
/// Rendering looks up millions of keys for a large contract; hashing each name anew was a tenth of it.
public struct TemplateKeyName: Sendable {
    public let text: String
    let hash: UInt64

    public init(_ text: String) {
        self.text = text
        // FNV-1a: templates and key tables are the tool's own or the user's, never the network's, so a
        // simple, deterministic hash is enough.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        self.hash = hash
    }
}

/// A context type's keys, found by a name's precomputed hash (open addressing, linear probing).
struct TemplateKeyTable<Context>: ExpressibleByDictionaryLiteral, Sendable {
    // Names and keys in two arrays rather than one of optional tuples: probing reads only the names, a concrete
    // type, where a tuple with a generic member made each probe look up the tuple's metadata in debug builds
    // (the build plugin runs a debug `schemagen` in debug app builds).
    private var names: [TemplateKeyName?]
    private var keys: [TemplateKey<Context>?]
    private let mask: Int

    init(dictionaryLiteral elements: (String, TemplateKey<Context>)...) {
        var capacity = 4
        while capacity < 2 * elements.count { capacity *= 2 }
        names = Array(repeating: nil, count: capacity)
        keys = Array(repeating: nil, count: capacity)
        mask = capacity - 1
        for (text, key) in elements {
            let name = TemplateKeyName(text)
            var slot = Int(truncatingIfNeeded: name.hash) & mask
            while let existing = names[slot] {
                precondition(existing.text != text, "the key '\(text)' is listed twice")
                slot = (slot + 1) & mask
            }
            names[slot] = name
            keys[slot] = key
        }
    }

    subscript(name: TemplateKeyName) -> TemplateKey<Context>? {
        var slot = Int(truncatingIfNeeded: name.hash) & mask
        while let entry = names[slot] {
            if entry.hash == name.hash, entry.text == name.text { return keys[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }
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
    public var templateValue: TemplateValue? {
        // A closure rather than `\.templateValue`: a list is boxed on every lookup of it, and applying the key path
        // was a tenth of a debug build's generation (the build plugin's).
        .list(compactMap { $0.templateValue })
    }
}

extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    public var templateValue: TemplateValue? { self?.templateValue }
}

/// A context that answers lookups from a table of its keys.
protocol KeyedTemplateContext: TemplateContext, TemplateValueConvertible {
    static var templateKeys: TemplateKeyTable<Self> { get }
}

extension KeyedTemplateContext {
    public func templateValue(forKey key: String) -> TemplateValue? {
        Self.templateKeys[TemplateKeyName(key)]?.read(self)
    }

    public func templateValue(forKey key: TemplateKeyName) -> TemplateValue? {
        Self.templateKeys[key]?.read(self)
    }

    public var templateValue: TemplateValue? { .context(self) }
}

/// How one key of a context is read.
struct TemplateKey<Context>: Sendable {
    let read: @Sendable (Context) -> TemplateValue?

    /// The key reads the property at `path`.
    /// The key reads a property, written as a key path literal (`.property(\\.name)`), which the compiler turns
    /// into a plain accessor: applying a `KeyPath` object at run time cost a tenth of every lookup.
    static func property<Value: TemplateValueConvertible & Sendable>(_ read: @escaping @Sendable (Context) -> Value) -> Self {
        TemplateKey { read($0).templateValue }
    }
}
