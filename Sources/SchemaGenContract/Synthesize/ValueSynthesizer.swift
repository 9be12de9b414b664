/// Values made from a contract's types, as a server would send them: every required field, a plausible value of
/// each type (`"text"`, `1`, `1.5`, the contract's date encoding), an enum's first case, a union's first member
/// with its tag, a field's constant. The reference's example frames, the round trip of `infer` and the values of
/// tests without a backend all come from here.
package struct ValueSynthesizer {
    /// Which of the values a contract allows.
    package struct Variant: Hashable, Sendable {
        /// Optional fields present (else left out, as a server leaves them out).
        package var includesOptionals: Bool
        /// Nullable values `null` (else a value).
        package var nullsNullables: Bool

        /// Every optional field with a value, nothing `null`: what a reference shows.
        package static let typical = Variant(includesOptionals: true, nullsNullables: false)
        /// Optional fields left out, nullable ones `null`: the least a server may send.
        package static let sparse = Variant(includesOptionals: false, nullsNullables: true)
        /// Optional fields present, nullable ones `null`: absent and `null` told apart.
        package static let nulls = Variant(includesOptionals: true, nullsNullables: true)
        package static let all = [typical, sparse, nulls]
    }

    package let contract: Contract
    package var variant = Variant.typical
    /// The contract's named types by name: looked up for every value of a named type, which `Contract.type(named:)`
    /// finds by a scan (quadratic in the number of types for a value of each).
    private let namedTypes: [String: NamedType]
    /// Past this depth optional fields are left out and arrays are empty, so recursive types end.
    package static let maximumDepth = 2

    package init(contract: Contract, variant: Variant = .typical) {
        self.contract = contract
        self.variant = variant
        namedTypes = Dictionary(contract.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A value of `type`; `name` is the field's, so a string reads like one (`group-1` for `groupId`).
    package func value(
        of type: TypeRef, depth: Int = 0, encoding: FieldEncoding? = nil, name: String = ""
    ) -> DocumentValue {
        switch type {
        case .scalar(let scalar): return value(of: scalar, encoding: encoding, name: name)
        case .named(let name):
            guard let named = namedTypes[name] else { return .null }
            switch named.kind {
            case .enumeration(let enumeration):
                let wire = enumeration.cases.first?.wireValue ?? ""
                return enumeration.rawType == .integer ? .integer(Int(wire) ?? 0) : .string(wire)
            case .object(let object): return value(of: object, depth: depth + 1)
            case .tuple(let tuple): return value(of: tuple, depth: depth + 1)
            case .flags(let flags):
                let bits = flags.flags.prefix(2).reduce(UInt64(0)) { $0 | 1 << UInt64($1.bit) }
                return encoding == .numberAsString ? .string(String(bits)) : .integer(Int(truncatingIfNeeded: bits))
            case .union(let union):
                guard let first = union.members.first else { return .null }
                var member = value(of: first.type, depth: depth + 1)
                if case .field(let key, let rawType) = union.selector, case .object(var members) = member,
                    let tag = first.tag
                {
                    members.removeAll { $0.key == key }
                    members.insert((key, rawType == .integer ? .integer(Int(tag) ?? 0) : .string(tag)), at: 0)
                    member = .object(members)
                }
                return member
            }
        case .array(let element):
            return .array(
                depth > Self.maximumDepth ? [] : [value(of: element, depth: depth + 1, encoding: encoding, name: name)])
        case .dictionary(let element):
            return .object(
                depth > Self.maximumDepth ? [] : [("key", value(of: element, depth: depth + 1, encoding: encoding))])
        case .nullable(let wrapped):
            return variant.nullsNullables || depth > Self.maximumDepth
                ? .null : value(of: wrapped, depth: depth, encoding: encoding, name: name)
        case .optional(let wrapped):
            return depth > Self.maximumDepth ? .null : value(of: wrapped, depth: depth, encoding: encoding, name: name)
        case .object(let object): return value(of: object, depth: depth + 1)
        case .tuple(let tuple): return value(of: tuple, depth: depth + 1)
        }
    }

    /// A field's value: its constant when it has one (a frame's `"op": 2` is always 2); `nil` when the variant
    /// leaves it out.
    package func value(of field: Field, depth: Int) -> DocumentValue? {
        switch field.constant {
        case .string(let text): return .string(text)
        case .int(let number): return .integer(number)
        case .bool(let flag): return .bool(flag)
        case nil: break
        }
        if field.type.isOptional, !variant.includesOptionals || depth > Self.maximumDepth { return nil }
        guard field.encoding == .jsonString else {
            return value(of: field.type, depth: depth, encoding: field.encoding, name: field.wireName)
        }
        // JSON inside a string: the inner value's JSON text.
        return .string(value(of: field.type.valueType, depth: depth).json)
    }

    private func value(of scalar: ScalarType, encoding: FieldEncoding?, name: String) -> DocumentValue {
        let number: DocumentValue? =
            switch scalar {
            case .int, .int64: .integer(1)
            // Beyond `Int64`, so every reader of a made-up value shows it keeps all the digits.
            case .uint64: .number("17293822569102704640")
            case .double: .number("1.5")
            case .decimal: .number("0.25")
            default: nil
            }
        if let number {
            guard encoding == .numberAsString else { return number }
            return .string(number.json)
        }
        switch scalar {
        case .string: return .string(Self.text(named: name))
        case .bool: return .bool(true)
        case .url: return .string("https://example.com")
        // "hi!": three bytes, four characters with no padding, which every base64 reader takes.
        case .bytes: return .string("aGkh")
        case .json: return .object([])
        case .date:
            if case .date(let own)? = encoding { return Self.date(own) }
            return Self.date(contract.dateEncoding)
        case .int, .int64, .uint64, .double, .decimal: return .null
        }
    }

    /// A string that reads like the field it fills: `group-1` for `groupId` or `group_id`, `ada@example.com` for an
    /// email, `Ada` for a name, a sentence for a message; `text` without a name.
    package static func text(named name: String) -> String {
        // Words at underscores, hyphens, dots and humps, read on bytes: every string field of every made-up value
        // passes here (a character-by-character split was a fifth of a debug build's generation of 500 events).
        var words: [String] = []
        var word: [UInt8] = []
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if !word.isEmpty, let last = word.last, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(last) {
                    words.append(String(decoding: word, as: UTF8.self))
                    word = []
                }
                word.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...:
                word.append(byte)
            default:
                if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
                word = []
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        guard let last = words.last else { return "text" }
        switch last {
        case "id", "ids", "uuid", "key", "ref":
            return (words.dropLast().last ?? "item") + "-1"
        case "email": return "ada@example.com"
        case "url", "uri", "link": return "https://example.com/" + (words.dropLast().last ?? "item")
        case "name", "login", "username", "nickname": return "Ada"
        case "title", "subject": return "A title"
        case "message", "text", "content", "body", "description", "note", "reason", "comment":
            return "A short message."
        default:
            return words.joined(separator: " ")
        }
    }

    /// 2025-01-31T09:30:00Z in each encoding.
    package static func date(_ encoding: DateEncoding) -> DocumentValue {
        switch encoding {
        case .iso8601: .string("2025-01-31T09:30:00Z")
        case .iso8601Fractional: .string("2025-01-31T09:30:00.000Z")
        case .unixSeconds: .integer(1_738_315_800)
        case .unixMilliseconds: .integer(1_738_315_800_000)
        case .unixMicroseconds: .integer(1_738_315_800_000_000)
        }
    }

    /// Every element; a variadic last one with one value, as a server sends it.
    private func value(of tuple: TupleType, depth: Int) -> DocumentValue {
        var elements: [DocumentValue] = []
        // An optional element left out before a required one is written `null`; after the last required one, the
        // array ends.
        let lastRequired = tuple.elements.lastIndex { !$0.type.isOptional } ?? -1
        for (index, element) in tuple.elements.enumerated() {
            if tuple.isVariadic, index == tuple.elements.count - 1, case .array(let each) = element.type {
                elements.append(value(of: each, depth: depth))
            } else if let value = value(of: element, depth: depth) {
                elements.append(value)
            } else if index < lastRequired {
                elements.append(.null)
            } else {
                break
            }
        }
        return .array(elements)
    }

    private func value(of object: ObjectType, depth: Int) -> DocumentValue {
        .object(
            object.fields.compactMap { field in
                // No member of a made-up value matches a key pattern.
                guard field.keyPattern == nil, let value = value(of: field, depth: depth) else { return nil }
                return (field.wireName, value)
            })
    }
}
