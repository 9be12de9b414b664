import SchemaGenContract
/// The code that reads and writes one property in a written-out `init(from:)` and `encode(to:)`: where a
/// field is `null` while present, or its wire form differs from its Swift type (a number in a string, a date
/// in its own encoding, JSON inside a string), it goes through the runtime's wrappers (`Nullable`,
/// `NumberString`, `CodedDate`, `EmbeddedJSON`) so the Swift property keeps its plain type.
package struct FieldCoding {
    package let speller: SwiftTypeSpeller

    /// A `keys:` field reads and writes the object's members that match its pattern, not a key of its own.
    package func patternDecoding(_ field: Field, pattern: String) -> SwiftExpression {
        guard case .dictionary(let value) = field.type else { return .plain("[:]") }
        return .try(
            .call(
                .plain(speller.runtime("PatternKeys")), "decode",
                [
                    SwiftArgument(nil, .metatype(speller.spell(value))), SwiftArgument("from", .plain("decoder")),
                    SwiftArgument("matching", .plain(SwiftSyntax.stringLiteral(pattern))),
                ]))
    }

    package func patternEncoding(_ value: SwiftExpression, pattern: String) -> SwiftStatement {
        .expression(
            .try(
                .call(
                    .plain(speller.runtime("PatternKeys")), "encode",
                    [
                        SwiftArgument(nil, value), SwiftArgument("to", .plain("encoder")),
                        SwiftArgument("matching", .plain(SwiftSyntax.stringLiteral(pattern))),
                    ])))
    }

    /// A value's wire type where it differs from its Swift type, and how to convert between them.
    private struct WireForm {
        var spelling: String
        /// From the wire type to the Swift value, given an expression of the wire type.
        var toSwift: (SwiftExpression) -> SwiftExpression
        /// From the Swift value to the wire type.
        var toWire: (SwiftExpression) -> SwiftExpression
    }

    /// The reader of a member in a generated `init(from:)`: `try fields.string("name")`, or through the runtime's
    /// wrappers where the wire form differs (`try fields.optionalValue("price", as: NumberString<Decimal>.self).map { $0.value }`).
    /// - Parameter key: the member's wire name as a Swift string literal.
    package func fieldDecoding(
        _ type: TypeRef, encoding: FieldEncoding?, key: String, inlineName: String
    )
        -> SwiftExpression
    {
        func form(_ inner: TypeRef) -> WireForm? { encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) } }
        func read(_ method: String, as type: String? = nil) -> SwiftExpression {
            .call(
                .plain("fields"), method,
                [SwiftArgument(nil, .plain(key))] + (type.map { [SwiftArgument("as", .metatype($0))] } ?? []))
        }
        func spelled(_ inner: TypeRef) -> String {
            form(inner)?.spelling ?? speller.spell(inner, inlineName: inlineName)
        }
        switch type {
        case .optional(.nullable(let inner)):
            // Absent is `nil`, `null` is `.null`.
            let call = read("nullable", as: spelled(inner))
            return .try(form(inner).map { form in .optionalChain(call).mapped(form.toSwift) } ?? call)
        case .optional(let inner):
            if form(inner) == nil, let method = Self.scalarMethod(inner) { return .try(read(method.optional)) }
            let call = read("optionalValue", as: spelled(inner))
            return .try(form(inner).map { call.mapped($0.toSwift) } ?? call)
        case .nullable(let inner):
            let call = read("value", as: spelled(inner) + "?")
            return .try(form(inner).map { call.mapped($0.toSwift) } ?? call)
        default:
            if form(type) == nil, let method = Self.scalarMethod(type) { return .try(read(method.plain)) }
            let call = read("value", as: spelled(type))
            return .try(form(type)?.toSwift(call) ?? call)
        }
    }

    /// The writer of a member in a generated `encode(to:)`, one link of the chain: `.string("name", name)`.
    /// - Parameter key: the member's wire name as a Swift string literal.
    package func fieldEncoding(
        _ type: TypeRef, encoding: FieldEncoding?, value: SwiftExpression, key: String, inlineName: String
    ) -> SwiftExpression {
        func form(_ inner: TypeRef) -> WireForm? { encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) } }
        func link(_ method: String, _ value: SwiftExpression) -> SwiftExpression {
            .call("." + method, [SwiftArgument(nil, .plain(key)), SwiftArgument(nil, value)])
        }
        switch type {
        case .optional(.nullable(let inner)):
            return link("optionalValue", form(inner).map { form in value.mapped { $0.mapped(form.toWire) } } ?? value)
        case .optional(let inner):
            if form(inner) == nil, let method = Self.scalarMethod(inner) { return link(method.optional, value) }
            return link("optionalValue", form(inner).map { value.mapped($0.toWire) } ?? value)
        case .nullable(let inner):
            return link("value", form(inner).map { value.mapped($0.toWire) } ?? value)
        default:
            if form(type) == nil, let method = Self.scalarMethod(type) { return link(method.plain, value) }
            return link("value", form(type)?.toWire(value) ?? value)
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
    package func elementDecoding(_ type: TypeRef, encoding: FieldEncoding?, inlineName: String) -> SwiftExpression {
        func decode(_ method: String, _ spelled: String) -> SwiftExpression {
            .call(.plain("container"), method, [SwiftArgument(nil, .metatype(spelled))])
        }
        func read(_ method: String, _ inner: TypeRef, spellingSuffix: String = "") -> SwiftExpression {
            let form = encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) }
            let call = decode(method, (form?.spelling ?? speller.spell(inner, inlineName: inlineName)) + spellingSuffix)
            return .try(
                form.map { form in
                    spellingSuffix.isEmpty && method == "decode" ? form.toSwift(call) : call.mapped(form.toSwift)
                } ?? call)
        }
        switch type {
        case .optional(.nullable(let inner)):
            let form = encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) }
            let spelled =
                "\(speller.runtime("Nullable"))<\(form?.spelling ?? speller.spell(inner, inlineName: inlineName))>"
            let call = decode("decode", spelled)
            return .ternary(
                .member(.plain("container"), "isAtEnd"), .plain("nil"),
                .try(form.map { call.mapped($0.toSwift) } ?? call))
        case .optional(let inner):
            return read("decodeIfPresent", inner)
        case .nullable(let inner):
            return read("decode", inner, spellingSuffix: "?")
        default:
            return read("decode", type)
        }
    }

    /// `try container.encode(value…)` of an element in an unkeyed container: every value is written, `nil` as `null`.
    package func elementEncoding(
        _ type: TypeRef, encoding: FieldEncoding?, value: SwiftExpression, inlineName: String
    )
        -> SwiftStatement
    {
        let written: SwiftExpression
        switch type {
        case .optional(.nullable(let inner)):
            let form = encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) }
            written = form.map { form in value.mapped { $0.mapped(form.toWire) } } ?? value
        case .optional(let inner), .nullable(let inner):
            let form = encoding.flatMap { wireForm(inner, $0, inlineName: inlineName) }
            written = form.map { value.mapped($0.toWire) } ?? value
        default:
            let form = encoding.flatMap { wireForm(type, $0, inlineName: inlineName) }
            written = form?.toWire(value) ?? value
        }
        return .expression(.try(.call(.plain("container"), "encode", [SwiftArgument(nil, written)])))
    }

    /// The wire form of a present, non-null value of `type` under `encoding`.
    private func wireForm(_ type: TypeRef, _ encoding: FieldEncoding, inlineName: String) -> WireForm? {
        if encoding == .jsonString {
            let spelling = "\(speller.runtime("EmbeddedJSON"))<\(speller.spell(type, inlineName: inlineName))>"
            return WireForm(
                spelling: spelling, toSwift: { .member($0, "value") },
                toWire: { .call(spelling, [SwiftArgument(nil, $0)]) })
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
            return WireForm(
                spelling: spelling, toSwift: { .member($0, "value") },
                toWire: { .call(spelling, [SwiftArgument(nil, $0)]) })
        case .array(let element):
            guard let inner = elementForm(element, encoding) else { return nil }
            return WireForm(
                spelling: "[\(inner.spelling)]", toSwift: { $0.mapped(inner.toSwift) },
                toWire: { $0.mapped(inner.toWire) })
        case .dictionary(let element):
            guard let inner = elementForm(element, encoding) else { return nil }
            return WireForm(
                spelling: "[\(speller.spell(.scalar(.string))): \(inner.spelling)]",
                toSwift: { $0.mapped(by: "mapValues", inner.toSwift) },
                toWire: { $0.mapped(by: "mapValues", inner.toWire) })
        case .optional(let element), .nullable(let element):
            guard let inner = elementForm(element, encoding) else { return nil }
            return WireForm(
                spelling: "\(inner.spelling)?", toSwift: { $0.mapped(inner.toSwift) },
                toWire: { $0.mapped(inner.toWire) })
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
