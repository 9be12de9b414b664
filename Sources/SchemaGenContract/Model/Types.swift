import SchemaGenRuntime

/// A type as a contract writes it: `String`, `[Notification]`, `[String: Int]?`, an inline object…
package indirect enum TypeRef: Hashable, Sendable {
    case scalar(ScalarType)
    /// A type declared under `types:`.
    case named(String)
    case array(TypeRef)
    /// A JSON object with arbitrary keys: `[String: T]`.
    case dictionary(TypeRef)
    /// May be absent or `null` on the wire (`T?`); `nil` is left out when sending. Around `.nullable`
    /// (`(T | null)?`): absent and `null` are told apart.
    case optional(TypeRef)
    /// Always present on the wire, but may be `null` (`T | null`); `nil` is sent as `null`.
    case nullable(TypeRef)
    /// An object declared in place, with its own fields.
    case object(ObjectType)
    /// A fixed-length JSON array whose elements are named (`[price, quantity]`), declared in place.
    case tuple(TupleType)

    /// The type without its optional layer (`T` of `T?`; `T | null` of `(T | null)?`).
    package var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The type with its optional and nullable layers removed: what a present, non-null value is.
    package var valueType: TypeRef {
        switch self {
        case .optional(let wrapped), .nullable(let wrapped): wrapped.valueType
        default: self
        }
    }

    /// Whether the value may be absent from the wire (`T?`, `(T | null)?`).
    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Whether the value may be `null` while present (`T | null`, `(T | null)?`).
    package var isNullable: Bool {
        switch self {
        case .nullable: true
        case .optional(let wrapped): wrapped.isNullable
        default: false
        }
    }

    /// Whether Swift holds the value in an optional: it may be absent or `null`.
    package var isSwiftOptional: Bool { isOptional || isNullable }
}

/// The built-in types a contract can name.
package enum ScalarType: String, Hashable, Sendable, CaseIterable {
    case string = "String"
    case int = "Int"
    case double = "Double"
    case bool = "Bool"
    case date = "Date"
    case url = "URL"
    /// A whole number that is 64 bits on every platform (Swift's `Int` is 32 bits on watchOS).
    case int64 = "Int64"
    /// A whole number from 0 to 18446744073709551615: 64-bit unsigned ids (Discord's snowflakes as numbers, Nostr's
    /// and Telegram's large ids) that `Int64` cannot hold and a `Double` rounds.
    case uint64 = "UInt64"
    /// A decimal number read without rounding (`0.1` stays `0.1`): amounts, prices.
    case decimal = "Decimal"
    /// Any JSON value, for parts of a payload the API leaves open.
    case json = "JSON"
    /// Bytes: a base64 string inside JSON (RFC 4648's standard alphabet, padded, as `JSONEncoder` and JavaScript's
    /// `btoa` write it), `Data` in Swift: an image thumbnail, a file chunk, a Supabase raw-byte broadcast.
    case bytes = "Bytes"
}

/// A JSON object with a fixed set of fields.
package struct ObjectType: Hashable, Sendable {
    package var fields: [Field]

    package init(fields: [Field]) {
        self.fields = fields
    }
}

/// A JSON array of named elements, in order: `["OK", id, true, ""]` after its verb, `[price, quantity]`. Swift
/// sees a struct with a property per element.
package struct TupleType: Hashable, Sendable {
    /// The elements, in order. Optional elements after the last required one may be left out of the array
    /// (and are, when they and all after them are nil); other optional elements are written `null`.
    package var elements: [Field]
    /// Whether the last element takes every remaining element of the array (`filters: Filter...`).
    package var isVariadic: Bool

    package init(elements: [Field], isVariadic: Bool) {
        self.elements = elements
        self.isVariadic = isVariadic
    }
}

/// One field of an object.
package struct Field: Hashable, Sendable {
    /// The key on the wire, exactly (`order_id`).
    package var wireName: String
    /// The Swift property name (`orderId`), derived or given with `swiftName`.
    package var swiftName: String
    package var type: TypeRef
    /// When set, the field always holds this value for this event (`status: "uploading"`).
    package var constant: ConstantValue?
    package var description: String?
    package var deprecation: Deprecation?
    package var location: SourceLocation
    /// How the value is written on the wire when not as its type usually is: a number in a string, a date
    /// in its own encoding, JSON inside a string.
    package var encoding: FieldEncoding? = nil
    /// For a field that collects an object's other members: the regular expression found in their keys, as in
    /// JSON Schema's `patternProperties` (`^x-`, `^#[a-zA-Z]$`). The field is then `[String: T]`, and its own name is
    /// not on the wire.
    package var keyPattern: String? = nil

    package init(
        wireName: String, swiftName: String, type: TypeRef, constant: ConstantValue? = nil, description: String? = nil,
        deprecation: Deprecation? = nil, location: SourceLocation, encoding: FieldEncoding? = nil,
        keyPattern: String? = nil
    ) {
        self.wireName = wireName
        self.swiftName = swiftName
        self.type = type
        self.constant = constant
        self.description = description
        self.deprecation = deprecation
        self.location = location
        self.encoding = encoding
        self.keyPattern = keyPattern
    }
}

/// A field's own wire form, overriding its type's (`encoding:` in a contract).
package enum FieldEncoding: Hashable, Sendable {
    /// A number (or bit flags) written as a JSON string: `"0.0010"`, `"80351110224678912"`.
    case numberAsString
    /// The field's JSON written as text inside a JSON string: `"{\"a\":1}"`.
    case jsonString
    /// A date in this encoding, whatever the contract's `dates:` says.
    case date(DateEncoding)

    /// The spelling in a contract.
    package var spelling: String {
        switch self {
        case .numberAsString: "string"
        case .jsonString: "json-string"
        case .date(let encoding): encoding.rawValue
        }
    }
}

/// A fixed value of a field.
package enum ConstantValue: Hashable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)

    /// The built-in type the value has.
    package var type: ScalarType {
        switch self {
        case .string: .string
        case .int: .int
        case .bool: .bool
        }
    }
}

/// A type declared under `types:`: a struct or a string enum.
package struct NamedType: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case object(ObjectType)
        case enumeration(EnumType)
        case tuple(TupleType)
        case union(UnionType)
        case flags(FlagsType)
    }

    /// The name, which is also its Swift name.
    package var name: String
    package var kind: Kind
    package var description: String?
    package var deprecation: Deprecation?
    package var location: SourceLocation
}

/// A string or integer enum. Generated code adds a case for values the contract does not list.
package struct EnumType: Hashable, Sendable {
    /// What an enum's values are on the wire: all strings, or all whole numbers.
    package enum RawType: String, Hashable, Sendable {
        case string
        case integer
    }

    package var rawType: RawType
    package var cases: [EnumCase]

    package init(rawType: RawType = .string, cases: [EnumCase]) {
        self.rawType = rawType
        self.cases = cases
    }
}

package struct EnumCase: Hashable, Sendable {
    /// The value on the wire (`previews_ready`); for integer enums, the number in decimal (`3`, `-1`).
    package var wireValue: String
    /// The Swift case name (`previewsReady`).
    package var swiftName: String
    package var description: String?
    package var deprecation: Deprecation?
    package var location: SourceLocation
}

/// A value that is one of several types: told apart by the JSON kind of the value (`String | [String]`), or,
/// for objects, by the value of one of their fields (`status: ok` or `status: error`). Swift sees an enum with
/// an associated value per member.
package struct UnionType: Hashable, Sendable {
    package enum Selector: Hashable, Sendable {
        /// Each member has its own JSON kind (string, number, boolean, array, object).
        case kind
        /// Every member is an object whose field `key` holds the member's `tag`; values of any other tag decode
        /// as `unknown`.
        case field(key: String, rawType: EnumType.RawType)
    }

    package var selector: Selector
    package var members: [UnionMember]
    /// For a union told apart by a field: the member values of any other tag decode as (`fallback:`), a struct whose
    /// field holds the tag as it came; without one they are kept whole as `unknown`.
    package var fallback: UnionMember? = nil

    package init(selector: Selector, members: [UnionMember], fallback: UnionMember? = nil) {
        self.selector = selector
        self.members = members
        self.fallback = fallback
    }

    /// For a union by kind: the member that reads a value of `kind`. For arrays, when several members are arrays,
    /// `firstElement` is the kind of the array's first element, `nil` when it is empty.
    package func member(kind: JSONKind, firstElement: JSONKind?) -> UnionMember? {
        members.first { member in
            guard member.kind == kind else { return false }
            guard kind == .array, member.elementKind != nil else { return true }
            return firstElement.map { $0 == member.elementKind } ?? member.takesEmptyArray
        }
    }
}

package struct UnionMember: Hashable, Sendable {
    /// The enum case's Swift name (`ok`, `string`, `orderItem`).
    package var swiftName: String
    package var type: TypeRef
    /// For a union told apart by a field: the field's value for this member, as enum values are written
    /// (integers in decimal).
    package var tag: String?
    /// The JSON kind of the member's values (an object for unions told apart by a field).
    package var kind: JSONKind
    /// For one of several array members of a union by kind: the kind of the first element of its arrays (a list's
    /// elements, a tuple's first), which tells it apart from the others; `nil` otherwise.
    package var elementKind: JSONKind? = nil
    /// For one of several array members: whether the empty array is this member's (a list, or a tuple made only of
    /// a rest); at most one member takes it.
    package var takesEmptyArray = false
    package var description: String?
    package var location: SourceLocation

    /// What a union by kind tells the member apart by, in short: `string`, or `array of numbers` for one of several
    /// arrays.
    package var kindKey: String {
        elementKind.map { "array of \($0.plural)" } ?? kind.rawValue
    }

    /// The values the member reads, in words: `a string`, or `an array of numbers` for one of several arrays.
    package var kindText: String {
        guard let elementKind else { return kind.article }
        return "an array of \(elementKind.plural)" + (takesEmptyArray ? " (or empty)" : "")
    }
}

/// Bit flags: a whole number whose bits each mean something (permissions, intents). Swift sees an
/// `OptionSet`; bits the contract does not name are kept.
package struct FlagsType: Hashable, Sendable {
    package var flags: [FlagBit]

    package init(flags: [FlagBit]) {
        self.flags = flags
    }
}

package struct FlagBit: Hashable, Sendable {
    /// The flag's name in the contract (`guild_members`).
    package var wireName: String
    /// The Swift name of its static member (`guildMembers`).
    package var swiftName: String
    /// The bit's position: the flag's value is `1 << bit`.
    package var bit: Int
    package var description: String?
    package var deprecation: Deprecation?
    package var location: SourceLocation
}

extension ConstantValue {
    /// The constant as a contract writes it: a string quoted, a number or a flag as it is.
    package var text: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .int(let number): String(number)
        case .bool(let flag): String(flag)
        }
    }
}
