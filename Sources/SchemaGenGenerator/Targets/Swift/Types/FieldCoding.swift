import SchemaGenContract
/// The code that reads and writes one property in a written-out `init(from:)` and `encode(to:)`: where a
/// field is `null` while present, or its wire form differs from its Swift type (a number in a string, a date
/// in its own encoding, JSON inside a string), it goes through the runtime's wrappers (`Nullable`,
/// `NumberString`, `CodedDate`, `EmbeddedJSON`) so the Swift property keeps its plain type.
package struct FieldCoding {
    package let speller: SwiftTypeSpeller

    /// A `keys:` field reads and writes the object's members that match its pattern, not a key of its own.
    package func patternDecoding(_ field: Field, pattern: String) -> String {
        guard case .dictionary(let value) = field.type else { return "[:]" }
        return
            "try \(speller.runtime("PatternKeys")).decode(\(speller.spell(value)).self, from: decoder, matching: \(SwiftSyntax.stringLiteral(pattern)))"
    }

    package func patternEncoding(_ value: String, pattern: String) -> String {
        "try \(speller.runtime("PatternKeys")).encode(\(value), to: encoder, matching: \(SwiftSyntax.stringLiteral(pattern)))"
    }

    /// A value's wire type where it differs from its Swift type, and how to convert between them.
    private struct WireForm {
        var spelling: String
        /// From the wire type to the Swift value, given an expression of the wire type.
        var toSwift: (String) -> String
        /// From the Swift value to the wire type.
        var toWire: (String) -> String
    }

    /// The reader of a member in a generated `init(from:)`: `try fields.string("name")`, or through the runtime's
    /// wrappers where the wire form differs (`try fields.optionalValue("price", as: NumberString<Decimal>.self).map { $0.value }`).
    /// - Parameter key: the member's wire name as a Swift string literal.
    package func fieldDecoding(_ type: TypeRef, encoding: FieldEncoding?, key: String, inlineName: String) -> String {
        func form(_ inner: TypeRef) -> WireForm? { encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) } }
        func spelled(_ inner: TypeRef) -> String {
            form(inner)?.spelling ?? speller.spell(inner, inlineName: inlineName)
        }
        switch type {
        case .optional(.nullable(let inner)):
            // Absent is `nil`, `null` is `.null`.
            let call = "try fields.nullable(\(key), as: \(spelled(inner)).self)"
            return call + (form(inner).map { "?.map { \($0.toSwift("$0")) }" } ?? "")
        case .optional(let inner):
            if form(inner) == nil, let method = Self.scalarMethod(inner) {
                return String(joining: ["try fields.", method.optional, "(", key, ")"])
            }
            return "try fields.optionalValue(\(key), as: \(spelled(inner)).self)"
                + (form(inner).map { ".map { \($0.toSwift("$0")) }" } ?? "")
        case .nullable(let inner):
            return "try fields.value(\(key), as: \(spelled(inner))?.self)"
                + (form(inner).map { ".map { \($0.toSwift("$0")) }" } ?? "")
        default:
            if form(type) == nil, let method = Self.scalarMethod(type) {
                return String(joining: ["try fields.", method.plain, "(", key, ")"])
            }
            let call = "try fields.value(\(key), as: \(spelled(type)).self)"
            return form(type)?.toSwift(call) ?? call
        }
    }

    /// The writer of a member in a generated `encode(to:)`, one link of the chain: `.string("name", name)`.
    /// - Parameter key: the member's wire name as a Swift string literal.
    package func fieldEncoding(
        _ type: TypeRef, encoding: FieldEncoding?, value: String, key: String, inlineName: String
    ) -> String {
        func form(_ inner: TypeRef) -> WireForm? { encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) } }
        switch type {
        case .optional(.nullable(let inner)):
            return
                ".optionalValue(\(key), \(value)\(form(inner).map { ".map { $0.map { \($0.toWire("$0")) } }" } ?? ""))"
        case .optional(let inner):
            if form(inner) == nil, let method = Self.scalarMethod(inner) {
                return String(joining: [".", method.optional, "(", key, ", ", value, ")"])
            }
            return ".optionalValue(\(key), \(value)\(form(inner).map { ".map { \($0.toWire("$0")) }" } ?? ""))"
        case .nullable(let inner):
            return ".value(\(key), \(value)\(form(inner).map { ".map { \($0.toWire("$0")) }" } ?? ""))"
        default:
            if form(type) == nil, let method = Self.scalarMethod(type) {
                return String(joining: [".", method.plain, "(", key, ", ", value, ")"])
            }
            return ".value(\(key), \(form(type)?.toWire(value) ?? value))"
        }
    }

    /// The `WireFields`/`WireFieldWriter` method named after a scalar that has its own (one candidate per call
    /// keeps type checking cheap); `nil` for every other type, read with `value(_:as:)`.
    private static func scalarMethod(_ type: TypeRef) -> (plain: String, optional: String)? {
        guard case .scalar(let scalar) = type else { return nil }
        return switch scalar {
        case .string: ("string", "optionalString")
        case .int: ("int", "optionalInt")
        case .double: ("double", "optionalDouble")
        case .bool: ("bool", "optionalBool")
        case .date: ("date", "optionalDate")
        default: nil
        }
    }

    /// `container.decode…` of an element in an unkeyed container (a tuple's).
    package func elementDecoding(_ type: TypeRef, encoding: FieldEncoding?, inlineName: String) -> String {
        func read(_ method: String, _ inner: TypeRef, spellingSuffix: String = "") -> String {
            let form = encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) }
            let spelled = form?.spelling ?? speller.spell(inner, inlineName: inlineName)
            let call = "try container.\(method)(\(spelled)\(spellingSuffix).self)"
            return form.map { form in
                spellingSuffix.isEmpty && method == "decode"
                    ? form.toSwift(call) : "\(call).map { \(form.toSwift("$0")) }"
            } ?? call
        }
        switch type {
        case .optional(.nullable(let inner)):
            let form = encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) }
            let spelled =
                "\(speller.runtime("Nullable"))<\(form?.spelling ?? speller.spell(inner, inlineName: inlineName))>"
            let call = "try container.decode(\(spelled).self)" + (form.map { ".map { \($0.toSwift("$0")) }" } ?? "")
            return "container.isAtEnd ? nil : \(call)"
        case .optional(let inner):
            return read("decodeIfPresent", inner)
        case .nullable(let inner):
            return read("decode", inner, spellingSuffix: "?")
        default:
            return read("decode", type)
        }
    }

    /// `try container.encode(value…)` of an element in an unkeyed container: every value is written, `nil` as `null`.
    package func elementEncoding(_ type: TypeRef, encoding: FieldEncoding?, value: String, inlineName: String) -> String
    {
        switch type {
        case .optional(.nullable(let inner)):
            let form = encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) }
            return "try container.encode(\(value)\(form.map { ".map { $0.map { \($0.toWire("$0")) } }" } ?? ""))"
        case .optional(let inner), .nullable(let inner):
            let form = encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) }
            return "try container.encode(\(value)\(form.map { ".map { \($0.toWire("$0")) }" } ?? ""))"
        default:
            let form = encoding.flatMap { wireForm(type, $0, inlineName: inlineName) }
            return "try container.encode(\(form?.toWire(value) ?? value))"
        }
    }

    /// The wire form of a present, non-null value of `type` under `encoding`.
    private func wireForm(_ type: TypeRef, _ encoding: FieldEncoding, inlineName: String) -> WireForm? {
        if encoding == .jsonString {
            let spelling = "\(speller.runtime("EmbeddedJSON"))<\(speller.spell(type, inlineName: inlineName))>"
            return WireForm(spelling: spelling, toSwift: { "\($0).value" }, toWire: { "\(spelling)(\($0))" })
        }
        return elementForm(type, encoding)
    }

    /// Numbers in strings and dates apply to every number or date inside arrays, dictionaries and optionals.
    private func elementForm(_ type: TypeRef, _ encoding: FieldEncoding) -> WireForm? {
        switch type {
        case .scalar, .named:
            let spelled = speller.spell(type)
            let spelling: String
            switch encoding {
            case .numberAsString: spelling = "\(speller.runtime("NumberString"))<\(spelled)>"
            case .date(let dates):
                spelling =
                    "\(speller.runtime("CodedDate"))<\(speller.runtime("WireDateEncoding")).\(Self.formatName(dates))>"
            case .jsonString: return nil
            }
            return WireForm(spelling: spelling, toSwift: { "\($0).value" }, toWire: { "\(spelling)(\($0))" })
        case .array(let element):
            guard let inner = elementForm(element, encoding) else { return nil }
            return WireForm(
                spelling: "[\(inner.spelling)]", toSwift: { "\($0).map { \(inner.toSwift("$0")) }" },
                toWire: { "\($0).map { \(inner.toWire("$0")) }" })
        case .dictionary(let element):
            guard let inner = elementForm(element, encoding) else { return nil }
            return WireForm(
                spelling: "[\(speller.spell(.scalar(.string))): \(inner.spelling)]",
                toSwift: { "\($0).mapValues { \(inner.toSwift("$0")) }" },
                toWire: { "\($0).mapValues { \(inner.toWire("$0")) }" })
        case .optional(let element), .nullable(let element):
            guard let inner = elementForm(element, encoding) else { return nil }
            return WireForm(
                spelling: "\(inner.spelling)?", toSwift: { "\($0).map { \(inner.toSwift("$0")) }" },
                toWire: { "\($0).map { \(inner.toWire("$0")) }" })
        case .object, .tuple:
            return nil
        }
    }

    /// The runtime's type for a date encoding (`WireDateEncoding.UnixMilliseconds`).
    package static func formatName(_ encoding: DateEncoding) -> String {
        switch encoding {
        case .iso8601: "ISO8601"
        case .iso8601Fractional: "ISO8601Fractional"
        case .unixSeconds: "UnixSeconds"
        case .unixMilliseconds: "UnixMilliseconds"
        case .unixMicroseconds: "UnixMicroseconds"
        }
    }
}
