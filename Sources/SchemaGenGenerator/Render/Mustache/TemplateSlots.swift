import Foundation
import SchemaGenContract

// A context's template keys are its stored properties, listed by the compiler for `Encodable`: a context type
// declares its properties once and templates read every one by name, with no table kept beside it by hand.
//
// Encoding walks the properties in declaration order, every one of them every time (an optional through
// `encodeIfPresent`, which this encoder implements, so a nil one still takes its place). A type's layout (which key
// sits at which place) is therefore read once, from its first value, and a value's keys are read in one walk into an
// array in that order: a lookup is two array reads.

/// A context whose template keys are its stored properties.
package protocol KeyedTemplateContext: TemplateContext, TemplateValueConvertible, Encodable {}

extension KeyedTemplateContext {
    package func templateValue(forKey key: String) -> TemplateValue? {
        // The slots first: reading the type's layout numbers its keys.
        let slots = TemplateSlots(self)
        return KeyNumbers.shared.existingNumber(for: key).flatMap { slots[TemplateKeyName(number: $0)] }
    }

    package func templateValue(forKey key: TemplateKeyName) -> TemplateValue? {
        TemplateSlots(self)[key]
    }

    package var templateValue: TemplateValue? { .contextLevel(KeyedContextLevel(self)) }

    package var stackLevel: StackLevel { KeyedContextLevel(self) }
}

/// The level of one keyed context: its keys' values, read in one walk at the first lookup (a context's value made
/// while reading another's is not read until a template asks for it). A level belongs to one rendering, whose one
/// thread reads and writes `slots`.
package final class KeyedContextLevel<Context: KeyedTemplateContext>: StackLevel, @unchecked Sendable {
    package let held: Context
    @exclusivity(unchecked) private var slots: TemplateSlots?

    package init(_ context: Context) {
        held = context
    }

    package override var value: TemplateValue { .contextLevel(self) }

    package override var context: (any TemplateContext)? { held }

    package override func templateValue(forKey key: TemplateKeyName) -> TemplateValue? {
        if let slots { return slots[key] }
        let read = TemplateSlots(held)
        slots = read
        return read[key]
    }
}

/// The values of one context's keys, in its type's layout.
struct TemplateSlots {
    private let layout: TemplateKeyLayout
    private let values: [TemplateValue?]

    init<Context: KeyedTemplateContext>(_ context: Context) {
        layout = TemplateKeyLayout.of(context)
        let encoder = SlotEncoder(layout: layout)
        // A context's properties are strings, flags, optionals, lists and contexts: encoding them cannot throw.
        try? context.encode(to: encoder)
        values = encoder.values
    }

    subscript(key: TemplateKeyName) -> TemplateValue? {
        let place = layout.place(of: key.number)
        return place < values.count ? values[place] : nil
    }
}

/// Which key of a context type sits at which place of its encoding.
final class TemplateKeyLayout: Sendable {
    /// The place of each key number (`Int.max` for a key the type lacks).
    private let places: [Int]
    let count: Int
    /// How the value at each place becomes a template value: its type's conformance, looked up once per type rather
    /// than at every read (a conformance lookup per property of every context was a fifth of reading them).
    let converters: [(any TemplateValueConvertible.Type)?]

    private init(names: [String], converters: [(any TemplateValueConvertible.Type)?]) {
        self.converters = converters
        var places: [Int] = []
        for (place, name) in names.enumerated() {
            let number = TemplateKeyName(name).number
            if places.count <= number {
                places.append(contentsOf: repeatElement(Int.max, count: number + 1 - places.count))
            }
            places[number] = place
        }
        self.places = places
        count = names.count
    }

    func place(of number: Int) -> Int {
        number < places.count ? places[number] : Int.max
    }

    private static let lock = NSLock()
    // `nonisolated(unsafe)`: read and written only under `lock`.
    nonisolated(unsafe) private static var layouts: [ObjectIdentifier: TemplateKeyLayout] = [:]

    /// `context`'s type's layout, read from `context` the first time the type is seen.
    static func of<Context: KeyedTemplateContext>(_ context: Context) -> TemplateKeyLayout {
        let type = ObjectIdentifier(Context.self)
        if let layout = lock.withLock({ layouts[type] }) { return layout }
        let encoder = SlotEncoder(layout: nil)
        try? context.encode(to: encoder)
        let layout = TemplateKeyLayout(names: encoder.names, converters: encoder.converters)
        lock.withLock { layouts[type] = layout }
        return layout
    }
}

/// Reads a context's stored properties, in order, as template values.
private final class SlotEncoder: Encoder {
    @exclusivity(unchecked) var values: [TemplateValue?] = []
    /// Without a layout, the encoder reads one: each place's name and conversion.
    let layout: TemplateKeyLayout?
    var names: [String] = []
    var converters: [(any TemplateValueConvertible.Type)?] = []

    init(layout: TemplateKeyLayout?) {
        self.layout = layout
        values.reserveCapacity(layout?.count ?? 16)
    }

    /// The template value of `value`, the property at the next place.
    func templateValue<T>(of value: T) -> TemplateValue? {
        let converter: (any TemplateValueConvertible.Type)?
        if let layout {
            let place = values.count
            converter = place < layout.converters.count ? layout.converters[place] : nil
        } else {
            converter = T.self as? any TemplateValueConvertible.Type
            converters.append(converter)
        }
        guard let converter else { return nil }
        return withUnsafePointer(to: value) { converter.templateValue(at: UnsafeRawPointer($0)) }
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(SlotContainer<Key>(encoder: self))
    }

    // A context is a keyed container of properties; nothing here asks for the other two kinds.
    func unkeyedContainer() -> any UnkeyedEncodingContainer { IgnoredContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { IgnoredContainer() }

    func take(_ value: TemplateValue?, _ key: some CodingKey) {
        if layout == nil {
            names.append(key.stringValue)
            // A place taken by a string or a flag has no conversion of its own.
            if converters.count < names.count { converters.append(nil) }
        }
        values.append(value)
    }
}

private struct SlotContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: SlotEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encode(_ value: String, forKey key: Key) throws { encoder.take(.text(value), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.take(.flag(value), key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        encoder.take(value.map { .text($0) }, key)
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        encoder.take(value.map { .flag($0) }, key)
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.take(encoder.templateValue(of: value), key)
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        // The conversion is looked up for the place's type even when the value is absent, so the place keeps it.
        guard let value else {
            if encoder.layout == nil { encoder.converters.append(T.self as? any TemplateValueConvertible.Type) }
            return encoder.take(nil, key)
        }
        encoder.take(encoder.templateValue(of: value), key)
    }

    mutating func encodeNil(forKey key: Key) throws { encoder.take(nil, key) }

    // Numbers are no context's property; spelled as text should one become one.
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.take(.text(String(value)), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { encoder.take(.text(String(value)), key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    )
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(SlotContainer<NestedKey>(encoder: SlotEncoder(layout: nil)))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { IgnoredContainer() }
    mutating func superEncoder() -> any Encoder { SlotEncoder(layout: nil) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { SlotEncoder(layout: nil) }
}

/// A container whose values go nowhere: what a context's encoding never asks for.
private struct IgnoredContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    )
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(SlotContainer<NestedKey>(encoder: SlotEncoder(layout: nil)))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { SlotEncoder(layout: nil) }
}

extension TemplateValueConvertible {
    /// The template value of the `Self` at `pointer`.
    fileprivate static func templateValue(at pointer: UnsafeRawPointer) -> TemplateValue? {
        pointer.assumingMemoryBound(to: Self.self).pointee.templateValue
    }
}
