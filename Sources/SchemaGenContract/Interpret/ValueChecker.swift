import Foundation
import SchemaGenRuntime

/// Checks a JSON value against a type of the contract, as generated code reads it. Scalars are read by the runtime's
/// own `WireDecoder` (the number, date and string rules of docs/decoding.md), so a value this accepts is one a
/// generated type accepts; the structure (fields, enums, unions, tuples) is walked here from the contract.
package struct ValueChecker {
    package let contract: Contract
    /// The contract's date encoding, which dates without their own `encoding:` use.
    package let dates: WireDateEncoding
    package private(set) var findings: [FrameFinding] = []

    package init(contract: Contract) {
        self.contract = contract
        dates = WireDateEncoding(rawValue: contract.dateEncoding.rawValue) ?? .iso8601
    }

    /// Checks `value` (`nil`: absent) against `type` at `path`; `location` is the contract line that declares it.
    package mutating func check(
        _ value: JSONValue?, against type: TypeRef, at path: String, declaredAt location: SourceLocation?,
        encoding: FieldEncoding? = nil
    ) {
        switch type {
        case .optional(let wrapped):
            // `T?` may be absent or `null` (docs/contract-format.md); `(T | null)?` tells them apart only in Swift.
            guard let value, value != .null else { return }
            check(value, against: wrapped, at: path, declaredAt: location, encoding: encoding)
        case .nullable(let wrapped):
            guard let value else {
                return mismatch(path, "missing: the contract has it always, `null` when empty", location)
            }
            if case .null = value { return }
            check(value, against: wrapped, at: path, declaredAt: location, encoding: encoding)
        default:
            guard let value else { return mismatch(path, "missing", location) }
            checkPresent(value, against: type, at: path, declaredAt: location, encoding: encoding)
        }
    }

    private mutating func checkPresent(
        _ value: JSONValue, against type: TypeRef, at path: String,
        declaredAt location: SourceLocation?, encoding: FieldEncoding?
    ) {
        switch type {
        case .optional(let wrapped), .nullable(let wrapped):
            check(value, against: wrapped, at: path, declaredAt: location, encoding: encoding)
        case .scalar(let scalar):
            checkScalar(value, scalar, at: path, declaredAt: location, encoding: encoding)
        case .named(let name):
            guard let named = contract.type(named: name) else {
                return mismatch(path, "the contract has no type `\(name)`", location)
            }
            checkNamed(value, named, at: path)
        case .array(let element):
            guard case .array(let items) = value else {
                return mismatch(path, "expected an array, found \(Self.kind(of: value))", location)
            }
            for (index, item) in items.enumerated() {
                check(item, against: element, at: "\(path)[\(index)]", declaredAt: location)
            }
        case .dictionary(let element):
            guard case .object(let members) = value else {
                return mismatch(path, "expected an object, found \(Self.kind(of: value))", location)
            }
            for key in members.keys.sorted() {
                check(members[key], against: element, at: Self.path(path, key), declaredAt: location)
            }
        case .object(let object):
            checkObject(value, fields: object.fields, at: path, declaredAt: location)
        case .tuple(let tuple):
            checkTuple(value, tuple, at: path, declaredAt: location)
        }
    }

    // MARK: Scalars

    private mutating func checkScalar(
        _ value: JSONValue, _ scalar: ScalarType, at path: String,
        declaredAt location: SourceLocation?, encoding: FieldEncoding?
    ) {
        var decoder = dates.makeDecoder()
        if case .date(let own) = encoding, let wire = WireDateEncoding(rawValue: own.rawValue) {
            decoder = wire.makeDecoder()
        }
        let bytes: Data
        switch (encoding, value) {
        case (.numberAsString?, .string(let text)):
            // The string must hold exactly a JSON number of the field's type.
            bytes = Data(text.utf8)
            guard JSONNumber(text: text) != nil else {
                return mismatch(path, "expected a number in a string, found \(Self.quoted(text))", location)
            }
        case (.numberAsString?, _):
            return mismatch(path, "expected a number in a string, found \(Self.kind(of: value))", location)
        case (.jsonString?, .string(let text)):
            guard let embedded = try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: Data(text.utf8)) else {
                return mismatch(path, "expected JSON in a string, found text that is not JSON", location)
            }
            return checkScalar(embedded, scalar, at: path, declaredAt: location, encoding: nil)
        case (.jsonString?, _):
            return mismatch(path, "expected JSON in a string, found \(Self.kind(of: value))", location)
        default:
            // Numbers as written: re-encoding would round them (`1e-400` to 0) and hide what the decoder refuses.
            bytes = Data(Self.json(value).utf8)
        }
        do {
            switch scalar {
            case .string: _ = try decoder.decode(String.self, from: bytes)
            case .int: _ = try decoder.decode(Int.self, from: bytes)
            case .int64: _ = try decoder.decode(Int64.self, from: bytes)
            case .uint64: _ = try decoder.decode(UInt64.self, from: bytes)
            case .double: _ = try decoder.decode(Double.self, from: bytes)
            case .decimal: _ = try decoder.decode(Decimal.self, from: bytes)
            case .bool: _ = try decoder.decode(Bool.self, from: bytes)
            case .date: _ = try decoder.decode(Date.self, from: bytes)
            case .url: _ = try decoder.decode(URL.self, from: bytes)
            case .bytes: _ = try decoder.decode(Data.self, from: bytes)
            // Any JSON, but a number no `Double` holds is refused inside it, as generated code's `JSONValue` does.
            case .json: _ = try decoder.decode(JSONValue.self, from: bytes)
            }
        } catch {
            mismatch(
                path, "expected \(Self.article(scalar)), found \(Self.describe(value))" + Self.range(scalar, value),
                location)
        }
    }

    /// For a whole number too large for the field's type: that it is out of range, and which type holds it.
    private static func range(_ scalar: ScalarType, _ value: JSONValue) -> String {
        guard [.int, .int64, .uint64].contains(scalar), case .number(let number) = value,
            number.text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") })
        else { return "" }
        if number.text.hasPrefix("-") {
            return scalar == .uint64 ? ", which is negative: `UInt64` holds 0 and up; declare the field `Int64`" : ""
        }
        let limit = scalar == .uint64 ? "UInt64's" : "Int64's"
        let holder =
            UInt64(number.text) != nil ? "`UInt64` (up to 18446744073709551615)" : "`Decimal`, which keeps every digit"
        return ", a whole number past \(limit) range: declare the field \(holder)"
    }

    // MARK: Named types

    private mutating func checkNamed(_ value: JSONValue, _ named: NamedType, at path: String) {
        switch named.kind {
        case .object(let object):
            checkObject(value, fields: object.fields, at: path, declaredAt: named.location)
        case .tuple(let tuple):
            checkTuple(value, tuple, at: path, declaredAt: named.location)
        case .enumeration(let enumeration):
            checkEnum(value, enumeration, named: named.name, at: path, declaredAt: named.location)
        case .union(let union):
            checkUnion(value, union, named: named.name, at: path, declaredAt: named.location)
        case .flags:
            checkScalar(value, .int, at: path, declaredAt: named.location, encoding: nil)
        }
    }

    /// An object's fields: each present as its type says; keys the contract does not have are a notice (generated
    /// code skips them).
    package mutating func checkObject(
        _ value: JSONValue, fields: [Field], at path: String, declaredAt location: SourceLocation?
    ) {
        guard case .object(let members) = value else {
            return mismatch(path, "expected an object, found \(Self.kind(of: value))", location)
        }
        for field in fields {
            if field.keyPattern != nil {
                // The field is every member whose key matches its pattern (none makes it empty), each a value of
                // its dictionary.
                let each = if case .dictionary(let value) = field.type.valueType { value } else { field.type }
                for key in members.keys.sorted() where Self.matches(key, field.keyPattern) {
                    check(
                        members[key], against: each, at: Self.path(path, key), declaredAt: field.location,
                        encoding: field.encoding)
                }
                continue
            }
            let member = members[field.wireName]
            if let constant = field.constant {
                checkConstant(member, constant, at: Self.path(path, field.wireName), declaredAt: field.location)
                continue
            }
            check(
                member, against: field.type, at: Self.path(path, field.wireName), declaredAt: field.location,
                encoding: field.encoding)
        }
        let known = Set(fields.map(\.wireName))
        for key in members.keys.sorted()
        where !known.contains(key) && !fields.contains(where: { Self.matches(key, $0.keyPattern) }) {
            notice(Self.path(path, key), Self.unknownKey, location)
        }
    }

    private mutating func checkConstant(
        _ value: JSONValue?, _ constant: ConstantValue, at path: String, declaredAt location: SourceLocation
    ) {
        let expected: JSONValue =
            switch constant {
            case .string(let text): .string(text)
            case .int(let number): .number(JSONNumber(number))
            case .bool(let flag): .bool(flag)
            }
        guard let value else { return mismatch(path, "missing: the contract says it is always \(expected)", location) }
        if value != expected { mismatch(path, "expected always \(expected), found \(Self.describe(value))", location) }
    }

    private mutating func checkTuple(
        _ value: JSONValue, _ tuple: TupleType, at path: String, declaredAt location: SourceLocation?
    ) {
        guard case .array(let items) = value else {
            return mismatch(path, "expected an array, found \(Self.kind(of: value))", location)
        }
        let fixed = tuple.isVariadic ? tuple.elements.count - 1 : tuple.elements.count
        for (index, element) in tuple.elements.prefix(fixed).enumerated() {
            // Spelled `Optional`: `JSONValue` is `ExpressibleByNilLiteral`, so a bare `nil` here was `.null`, and a
            // missing `T | null` element passed as if it were written `null`.
            let item: JSONValue? = index < items.count ? .some(items[index]) : .none
            check(
                item, against: element.type, at: "\(path)[\(index)]",
                declaredAt: element.location,
                encoding: element.encoding)
        }
        if tuple.isVariadic, let rest = tuple.elements.last {
            // The model types the rest as the list it becomes in Swift; each element is one of the list's.
            let each = if case .array(let element) = rest.type { element } else { rest.type }
            for index in fixed..<max(fixed, items.count) {
                check(
                    items[index], against: each, at: "\(path)[\(index)]", declaredAt: rest.location,
                    encoding: rest.encoding)
            }
        } else if items.count > fixed {
            notice(
                "\(path)[\(fixed)]",
                "\(items.count - fixed) more element(s) than the contract's \(fixed) (generated code skips them)",
                location)
        }
    }

    private mutating func checkEnum(
        _ value: JSONValue, _ enumeration: EnumType, named name: String, at path: String,
        declaredAt location: SourceLocation
    ) {
        let raw: String
        switch (enumeration.rawType, value) {
        case (.string, .string(let text)): raw = text
        case (.integer, .number(let number)) where number.int64 != nil: raw = number.description
        default:
            let expected = enumeration.rawType == .string ? "a string" : "a whole number"
            return mismatch(path, "expected \(expected) of `\(name)`, found \(Self.describe(value))", location)
        }
        if !enumeration.cases.contains(where: { $0.wireValue == raw }) {
            notice(
                path, "\(Self.quoted(raw)) is not a value `\(name)` lists (generated code keeps it as unknown)",
                location)
        }
    }

    private mutating func checkUnion(
        _ value: JSONValue, _ union: UnionType, named name: String, at path: String,
        declaredAt location: SourceLocation
    ) {
        switch union.selector {
        case .kind:
            let first: JSONKind? =
                if case .array(let items) = value, let item = items.first { Self.jsonKind(of: item) } else { nil }
            guard let member = union.member(kind: Self.jsonKind(of: value), firstElement: first) else {
                guard case .array(let items) = value, union.members.contains(where: { $0.elementKind != nil }) else {
                    return mismatch(path, "\(Self.kind(of: value)) is none of `\(name)`'s members' kinds", location)
                }
                let found = items.isEmpty ? "an empty array" : "an array of \(first?.plural ?? "")"
                let expected = union.members.filter { $0.kind == .array }.map(\.kindText).joined(separator: " or ")
                return mismatch(path, "\(found) is none of `\(name)`'s array members (\(expected))", location)
            }
            check(value, against: member.type, at: path, declaredAt: location)
        case .field(let key, let rawType):
            guard case .object(let members) = value, let tag = members[key] else {
                return mismatch(Self.path(path, key), "missing: `\(name)` is told apart by it", location)
            }
            let tagPath = Self.path(path, key)
            // Generated code reads the tag as its declared kind before choosing a member, fallback or `unknown`: a tag
            // of another kind (`null`, a number for text tags) is refused, never kept as unknown.
            let text: String
            switch (rawType, tag) {
            case (.string, .string(let string)): text = string
            case (.integer, .number(let number)) where Int(number.description) != nil: text = number.description
            default:
                return mismatch(
                    tagPath,
                    "expected \(rawType == .string ? "a string" : "a whole number") as `\(name)`'s tag, found "
                        + Self.describe(tag), location)
            }
            let before = findings.count
            if let member = union.members.first(where: { $0.tag == text }) {
                check(value, against: member.type, at: path, declaredAt: location)
            } else if let fallback = union.fallback {
                check(value, against: fallback.type, at: path, declaredAt: location)
            } else {
                notice(
                    tagPath,
                    "\(Self.describe(tag)) is not a tag `\(name)` lists (generated code keeps the value as unknown)",
                    location)
            }
            // The tag is the union's, not a key its member's type left out.
            let added = findings[before...].filter { !($0.path == tagPath && $0.message == Self.unknownKey) }
            findings.removeSubrange(before...)
            findings += added
        }
    }

    // MARK: Findings

    package mutating func mismatch(_ path: String, _ message: String, _ location: SourceLocation?) {
        findings.append(FrameFinding(severity: .mismatch, path: path, message: message, contractLocation: location))
    }

    package mutating func notice(_ path: String, _ message: String, _ location: SourceLocation?) {
        findings.append(FrameFinding(severity: .notice, path: path, message: message, contractLocation: location))
    }

    // MARK: Words

    package static let unknownKey = "a key the contract does not have (generated code skips it)"

    /// `value` as JSON text, each number as it was written.
    package static func json(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.text
        case .string(let text): text.jsonStringLiteral
        case .array(let items): "[" + items.map(json).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { $0.key.jsonStringLiteral + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// `$.payload.user`, or `$.payload["a key"]` for a key that is not an identifier.
    package static func path(_ base: String, _ key: String) -> String {
        let plain =
            !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !(key.first?.isNumber ?? true)
        return plain ? "\(base).\(key)" : "\(base)[\(quoted(key))]"
    }

    package static func quoted(_ text: String) -> String {
        text.jsonStringLiteral
    }

    package static func matches(_ key: String, _ pattern: String?) -> Bool {
        guard let pattern, let regex = try? Regex(pattern) else { return false }
        return (try? regex.wholeMatch(in: key)) != nil
    }

    package static func kind(of value: JSONValue) -> String { jsonKind(of: value).article }

    package static func jsonKind(of value: JSONValue) -> JSONKind {
        switch value {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// A value in a message: short ones as JSON, others by kind.
    package static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text) where text.count <= 40: quoted(text)
        case .number(let number): number.description
        case .bool(let flag): String(flag)
        default: kind(of: value)
        }
    }

    package static func article(_ scalar: ScalarType) -> String {
        switch scalar {
        case .string: "a string"
        case .int, .int64: "a whole number"
        case .uint64: "a whole number from 0"
        case .double, .decimal: "a number"
        case .bool: "a boolean"
        case .date: "a date"
        case .url: "a URL"
        case .bytes: "bytes in base64"
        case .json: "JSON"
        }
    }
}
