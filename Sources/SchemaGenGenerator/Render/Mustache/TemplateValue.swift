import Foundation
import SchemaGenContract

/// A value a template reads: text to interpolate, a flag, a list to repeat a section over, or a context
/// whose keys the section's tags read. Typed, so rendering never casts.
package enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    case list(TemplateList)
    /// A context, as the level a section over it pushes (made with ``context(_:)``). A reference rather than the
    /// context itself: a section pushes it as it is, and a value is copied as one reference (with the context
    /// inline, an existential of any size, every copy and release of a value went through its type's metadata).
    case contextLevel(StackLevel)

    /// A context's value.
    package static func context(_ context: some TemplateContext) -> TemplateValue {
        // A keyed context's level reads its values once; a lookup on any other asks the context itself.
        if let keyed = context as? any KeyedTemplateContext { return .contextLevel(keyed.stackLevel) }
        return .contextLevel(ContextLevel(context))
    }

    /// The value of `key` when this is a context.
    package func child(_ key: TemplateKeyName) -> TemplateValue? {
        guard case .contextLevel(let level) = self else { return nil }
        return level.templateValue(forKey: key)
    }

    /// Whether an inverted section over this value renders: `false` and empty lists are falsy.
    package var isFalsy: Bool {
        switch self {
        case .flag(let flag): !flag
        case .list(let items): items.isEmpty
        case .text, .contextLevel: false
        }
    }

    /// The text `{{name}}` writes: text as it is, flags as `true`/`false`; lists and contexts write nothing.
    package var interpolated: String {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag ? "true" : "false"
        case .list, .contextLevel: ""
        }
    }
}

/// The items a section repeats over, each made when the section reaches it: a list's items are read once per
/// rendering of the section, so making them all at every lookup of the list (contexts boxed, lists copied) cost
/// time and memory for nothing.
package struct TemplateList: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    package var startIndex: Int { 0 }
    package let endIndex: Int
    /// The rendering's stack level for an item: for contexts of one type, made without boxing the item first.
    package let level: @Sendable (Int) -> StackLevel

    /// `count` items, the item at an index made by `item`; an item read twice is made twice.
    package init(count: Int, item: @escaping @Sendable (Int) -> TemplateValue) {
        self.init(count: count, level: { StackLevel.holding(item($0)) })
    }

    package init(count: Int, level: @escaping @Sendable (Int) -> StackLevel) {
        endIndex = count
        self.level = level
    }

    /// The items of `values`.
    package init(_ values: [TemplateValue]) {
        self.init(count: values.count) { values[$0] }
    }

    package init(arrayLiteral elements: TemplateValue...) {
        self = elements.isEmpty ? Self.empty : Self(elements)
    }

    /// The empty list, shared.
    private static let empty = TemplateList(count: 0) { _ in ValueLevel(.text("")) }

    package subscript(position: Int) -> TemplateValue { level(position).value }
}

/// A value that has keys templates read.
package protocol TemplateContext: Sendable {
    /// The value of `key`, or `nil` for an unknown key or an empty optional; then a lookup goes on to the
    /// enclosing contexts, as Mustache does for missing keys.
    func templateValue(forKey key: String) -> TemplateValue?
    /// The same, for a key name whose hash was computed when the template was parsed (what rendering asks).
    func templateValue(forKey key: TemplateKeyName) -> TemplateValue?
}

extension TemplateContext {
    package func templateValue(forKey key: TemplateKeyName) -> TemplateValue? {
        templateValue(forKey: key.text)
    }
}

/// A key's name as its number, given when a template is parsed or a context type's layout read: the same name
/// always has the same number, so finding a key in a table is reading one slot, and passing a name copies an
/// integer (rendering looks up millions of keys for a large contract; hashing and comparing names, and retaining
/// them, was a tenth of it).
package struct TemplateKeyName: Sendable, Hashable {
    /// The name's number (``KeyNumbers``): small, dense, one per distinct name any template or table uses.
    package let number: Int

    package init(_ text: String) {
        number = KeyNumbers.shared.number(for: text)
    }

    /// The name numbered `number` (a compiled template's).
    package init(number: Int) {
        self.number = number
    }

    /// The name as written (for contexts that keep their keys by text).
    package var text: String { KeyNumbers.shared.text(of: number) }
}

/// The numbers of key names, given in the order names are first seen; only templates and context types (the tool's
/// own or the user's, never the network's) give names numbers, so there are a few hundred.
package final class KeyNumbers: @unchecked Sendable {
    package static let shared = KeyNumbers()
    // `@unchecked Sendable`: `numbers` and `texts` are only read or written under `lock`.
    private let lock = NSLock()
    private var numbers: [String: Int] = [:]
    private var texts: [String] = []

    /// `text`'s number, given now if it has none yet.
    package func number(for text: String) -> Int {
        lock.withLock {
            if let number = numbers[text] { return number }
            let number = texts.count
            numbers[text] = number
            texts.append(text)
            return number
        }
    }

    /// `text`'s number if it has one (a name no template or table uses is in no table).
    package func existingNumber(for text: String) -> Int? {
        lock.withLock { numbers[text] }
    }

    /// The name numbered `number`.
    package func text(of number: Int) -> String {
        lock.withLock { texts[number] }
    }
}

/// A type that templates can read as a value.
package protocol TemplateValueConvertible: Sendable {
    /// The value; `nil` when absent (an empty optional).
    var templateValue: TemplateValue? { get }
    /// The stack level a section over this value, an item of a list, pushes.
    var stackLevel: StackLevel { get }
}

extension TemplateValueConvertible {
    /// An empty optional in a list renders its item with nothing to read, as Mustache renders `null`.
    package var stackLevel: StackLevel { StackLevel.holding(templateValue ?? .text("")) }
}

extension String: TemplateValueConvertible {
    package var templateValue: TemplateValue? { .text(self) }
}

extension Bool: TemplateValueConvertible {
    package var templateValue: TemplateValue? { .flag(self) }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    package var templateValue: TemplateValue? {
        // Each item's level is made when a section first reaches it, not all items at every lookup of the list, and
        // kept: a context's level reads all its values when made, and templates walk a list of events a dozen
        // times. Most lists a template asks about (documentation lines, constants) are empty, and need no closure.
        guard !isEmpty else { return .list([]) }
        let levels = ItemLevels(count: count)
        return .list(TemplateList(count: count) { [self] index in levels.level(at: index) { self[index].stackLevel } })
    }
}

/// The levels of a list's items, made once each. A list value belongs to the level that read it, and a level to one
/// rendering, so one thread reads and writes these.
private final class ItemLevels: @unchecked Sendable {
    @exclusivity(unchecked) private var levels: [StackLevel?]

    init(count: Int) { levels = Array<StackLevel?>(repeating: nil, count: count) }

    func level(at index: Int, make: () -> StackLevel) -> StackLevel {
        if let level = levels[index] { return level }
        let level = make()
        levels[index] = level
        return level
    }
}

extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    package var templateValue: TemplateValue? { self?.templateValue }
}
