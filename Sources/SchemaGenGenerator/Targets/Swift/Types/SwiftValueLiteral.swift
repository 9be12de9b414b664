import Foundation
import SchemaGenContract
@_spi(Generated) import SchemaGenRuntime

/// A contract example's value as a Swift expression of its generated type: `Zikr.BookPora(poraId: "p-17", groupId:
/// "g-1")`, nested structs by their initializers, enums by their cases, dates as `Date(timeIntervalSince1970:)`. The
/// examples are code, so a field renamed in the contract is a compile error in a test or preview that uses them, not a
/// stale fixture.
package struct SwiftValueLiteral {
    package let contract: Contract
    package let speller: SwiftTypeSpeller
    /// The contract's named types by name (`Contract.type(named:)` scans them, for every value of a named type).
    private let namedTypes: [String: NamedType]

    package init(contract: Contract, speller: SwiftTypeSpeller) {
        self.contract = contract
        self.speller = speller
        namedTypes = Dictionary(contract.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Why a value has no spelling (an enum value or union tag the contract does not list, which generated code keeps
    /// as `unknown`).
    package struct Unspellable: Error {
        package var reason: String
    }

    /// `value` as an expression of `type`; `inlineName` is the Swift type of an inline object or tuple (`payload`'s
    /// own struct, `Zikr.Send.Target`).
    package func expression(
        _ value: DocumentValue, as type: TypeRef, inlineName: String, encoding: FieldEncoding? = nil
    )
        throws(Unspellable) -> String
    {
        switch type {
        case .optional(.nullable(let wrapped)):
            if value == .null { return ".null" }
            return ".value(\(try expression(value, as: wrapped, inlineName: inlineName, encoding: encoding)))"
        case .optional(let wrapped), .nullable(let wrapped):
            if value == .null { return "nil" }
            return try expression(value, as: wrapped, inlineName: inlineName, encoding: encoding)
        case .scalar(let scalar):
            return try self.scalar(value, scalar, encoding: encoding)
        case .array(let element):
            guard case .array(let items) = value else { throw Unspellable(reason: "not an array") }
            var elements: [String] = []
            for item in items {
                elements.append(try expression(item, as: element, inlineName: inlineName, encoding: encoding))
            }
            return "[" + elements.joined(separator: ", ") + "]"
        case .dictionary(let element):
            guard case .object(let members) = value else { throw Unspellable(reason: "not an object") }
            guard !members.isEmpty else { return "[:]" }
            var entries: [String] = []
            for (key, member) in members {
                let valueExpression = try expression(member, as: element, inlineName: inlineName, encoding: encoding)
                entries.append("\(SwiftSyntax.stringLiteral(key)): \(valueExpression)")
            }
            return "[" + entries.joined(separator: ", ") + "]"
        case .object(let object):
            return try initializer(inlineName, fields: object.fields, value: value)
        case .tuple(let tuple):
            return try tupleInitializer(inlineName, tuple, value: value)
        case .named(let name):
            return try named(name, value)
        }
    }

    /// `Owner(label: value, ...)`: every field but constants, optional ones left out when the value has no key for
    /// them, a pattern-keyed field as the dictionary of the keys that match.
    package func initializer(_ owner: String, fields: [Field], value: DocumentValue) throws(Unspellable) -> String {
        guard case .object(let members) = value else { throw Unspellable(reason: "not an object") }
        var arguments: [String] = []
        for field in fields where field.constant == nil {
            let label = SwiftSyntax.argumentLabel(field.swiftName)
            let nested = "\(owner).\(SwiftName.typeName(forMember: field.swiftName))"
            if field.keyPattern != nil {
                let matching = members.filter { ValueChecker.matches($0.key, field.keyPattern) }
                guard !matching.isEmpty else { continue }
                let dictionary = try expression(
                    .object(matching), as: field.type.valueType, inlineName: nested, encoding: field.encoding)
                arguments.append("\(label): \(dictionary)")
                continue
            }
            guard let member = members.first(where: { $0.key == field.wireName })?.value else {
                if field.type.isOptional { continue }
                throw Unspellable(reason: "`\(field.wireName)` is missing")
            }
            let argument = try expression(member, as: field.type, inlineName: nested, encoding: field.encoding)
            arguments.append("\(label): \(argument)")
        }
        return "\(owner)(\(arguments.joined(separator: ", ")))"
    }

    private func tupleInitializer(
        _ owner: String, _ tuple: TupleType, value: DocumentValue
    ) throws(Unspellable)
        -> String
    {
        guard case .array(let items) = value else { throw Unspellable(reason: "not an array") }
        var arguments: [String] = []
        let fixed = tuple.isVariadic ? tuple.elements.count - 1 : tuple.elements.count
        for (index, element) in tuple.elements.enumerated() {
            let label = SwiftSyntax.argumentLabel(element.swiftName)
            if tuple.isVariadic, index == tuple.elements.count - 1 {
                let rest = DocumentValue.array(Array(items.dropFirst(fixed)))
                arguments.append("\(label): \(try expression(rest, as: element.type, inlineName: owner))")
            } else if index < items.count {
                let argument = try expression(
                    items[index], as: element.type, inlineName: owner, encoding: element.encoding)
                arguments.append("\(label): \(argument)")
            } else if !element.type.isOptional {
                throw Unspellable(reason: "element \(index + 1) is missing")
            }
        }
        return "\(owner)(\(arguments.joined(separator: ", ")))"
    }

    private func named(_ name: String, _ value: DocumentValue) throws(Unspellable) -> String {
        guard let declaration = namedTypes[name] else { throw Unspellable(reason: "no type \(name)") }
        let typeName = speller.spell(.named(name))
        switch declaration.kind {
        case .object(let object):
            return try initializer(typeName, fields: object.fields, value: value)
        case .tuple(let tuple):
            return try tupleInitializer(typeName, tuple, value: value)
        case .enumeration(let enumeration):
            let text: String? =
                switch value {
                case .string(let string): string
                case .integer(let number): String(number)
                default: nil
                }
            guard let text, let match = enumeration.cases.first(where: { $0.wireValue == text }) else {
                throw Unspellable(reason: "\(value.json) is not a value `\(name)` lists")
            }
            return "\(typeName).\(SwiftSyntax.identifier(match.swiftName))"
        case .flags:
            guard case .integer(let bits) = value else { throw Unspellable(reason: "not a number") }
            return "\(typeName)(rawValue: \(bits))"
        case .union(let union):
            let member: UnionMember?
            switch union.selector {
            case .kind:
                let first: JSONKind? =
                    if case .array(let items) = value, let item = items.first { Self.kind(of: item) } else { nil }
                member = union.member(kind: Self.kind(of: value), firstElement: first)
            case .field(let key, _):
                let tag: String? =
                    switch value[key] {
                    case .string(let string)?: string
                    case .integer(let number)?: String(number)
                    default: nil
                    }
                member = union.members.first { $0.tag != nil && $0.tag == tag }
            }
            guard let member else { throw Unspellable(reason: "no member of `\(name)` reads \(value.json)") }
            let inner = try expression(value, as: member.type, inlineName: typeName)
            return "\(typeName).\(SwiftSyntax.identifier(member.swiftName))(\(inner))"
        }
    }

    private static func kind(of value: DocumentValue) -> JSONKind {
        switch value {
        case .string: .string
        case .integer, .number: .number
        case .bool: .bool
        case .null: .null
        case .array: .array
        case .object: .object
        }
    }

    private func scalar(
        _ value: DocumentValue, _ scalar: ScalarType, encoding: FieldEncoding?
    ) throws(Unspellable)
        -> String
    {
        var value = value
        if encoding == .numberAsString, case .string(let text) = value {
            guard let number = try? DocumentValue(parsingJSON: Array(text.utf8)) else {
                throw Unspellable(reason: "not a number in a string")
            }
            value = number
        }
        if encoding == .jsonString, case .string(let text) = value {
            guard let inner = try? DocumentValue(parsingJSON: Array(text.utf8)) else {
                throw Unspellable(reason: "not JSON in a string")
            }
            value = inner
        }
        switch (scalar, value) {
        case (.string, .string(let text)): return SwiftSyntax.stringLiteral(text)
        case (.bool, .bool(let flag)): return flag ? "true" : "false"
        case (.int, .integer(let number)), (.int64, .integer(let number)): return String(number)
        case (.uint64, .integer(let number)) where number >= 0: return String(number)
        // Past `Int`, the number keeps its text: a literal of every digit.
        case (.uint64, .number(let text)) where UInt64(text) != nil: return text
        case (.double, .integer(let number)): return String(number)
        case (.double, .number(let text)): return text
        case (.decimal, .integer(let number)): return "\(speller.spell(.decimal))(\(number))"
        case (.decimal, .number(let text)):
            return "\(speller.spell(.decimal))(string: \(SwiftSyntax.stringLiteral(text)))!"
        case (.url, .string(let text)): return "\(speller.spell(.url))(string: \(SwiftSyntax.stringLiteral(text)))!"
        case (.bytes, .string(let text)):
            // The bytes themselves: no force unwrap in generated code, and what the example holds is plain to read.
            guard let bytes = Data(base64Encoded: text) else {
                throw Unspellable(reason: "\(value.json) is not base64")
            }
            return "\(speller.spell(.bytes))([\(bytes.map(String.init).joined(separator: ", "))])"
        case (.date, _):
            var dates = contract.dateEncoding
            if case .date(let own)? = encoding { dates = own }
            guard let wire = WireDateEncoding(rawValue: dates.rawValue),
                let date = try? wire.makeDecoder().decode(Date.self, from: Data(value.json.utf8))
            else { throw Unspellable(reason: "\(value.json) is not a date") }
            return "\(speller.spell(.date))(timeIntervalSince1970: \(date.timeIntervalSince1970))"
        case (.json, _): return Self.jsonLiteral(value)
        default: throw Unspellable(reason: "\(value.json) is not \(scalar.rawValue)")
        }
    }

    /// Any JSON as `JSONValue` literals (it is expressible by every literal).
    package static func jsonLiteral(_ value: DocumentValue) -> String {
        switch value {
        case .null: "nil"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        // A whole number past `Int` (a `UInt64` id) is no integer literal a `JSONValue` takes: its text, as the number.
        case .number(let text) where Int(text) == nil && text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }):
            ".number(\(RuntimeNames.prefix)JSONNumber(text: \(SwiftSyntax.stringLiteral(text)))!)"
        case .number(let text): text
        case .string(let text): SwiftSyntax.stringLiteral(text)
        case .array(let items): "[" + items.map(jsonLiteral).joined(separator: ", ") + "]"
        case .object(let members) where members.isEmpty: "[:]"
        case .object(let members):
            "["
                + members.map { "\(SwiftSyntax.stringLiteral($0.key)): \(jsonLiteral($0.value))" }
                .joined(separator: ", ") + "]"
        }
    }
}
