/// A type as a contract writes it: `String`, `[Notification]`, `[String: Int]?`, an inline object…
public indirect enum TypeRef: Hashable, Sendable {
    case scalar(ScalarType)
    /// A type declared under `types:`.
    case named(String)
    case array(TypeRef)
    /// A JSON object with arbitrary keys: `[String: T]`.
    case dictionary(TypeRef)
    /// May be absent or `null` on the wire.
    case optional(TypeRef)
    /// An object declared in place, with its own fields.
    case object(ObjectType)
    /// A fixed-length JSON array whose elements are named (`[price, quantity]`), declared in place.
    case tuple(TupleType)

    /// The type with any optional layer removed.
    public var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}

/// The built-in types a contract can name.
public enum ScalarType: String, Hashable, Sendable, CaseIterable {
    case string = "String"
    case int = "Int"
    case double = "Double"
    case bool = "Bool"
    case date = "Date"
    case url = "URL"
    /// Any JSON value, for parts of a payload the API leaves open.
    case json = "JSON"
}

/// A JSON object with a fixed set of fields.
public struct ObjectType: Hashable, Sendable {
    public var fields: [Field]
}

/// A JSON array of named elements, in order: `["OK", id, true, ""]` after its verb, `[price, quantity]`. Swift
/// sees a struct with a property per element.
public struct TupleType: Hashable, Sendable {
    /// The elements, in order. Optional elements after the last required one may be left out of the array
    /// (and are, when they and all after them are nil); other optional elements are written `null`.
    public var elements: [Field]
    /// Whether the last element takes every remaining element of the array (`filters: Filter...`).
    public var isVariadic: Bool

    public init(elements: [Field], isVariadic: Bool) {
        self.elements = elements
        self.isVariadic = isVariadic
    }
}

/// One field of an object.
public struct Field: Hashable, Sendable {
    /// The key on the wire, exactly (`order_id`).
    public var wireName: String
    /// The Swift property name (`orderId`), derived or given with `swiftName`.
    public var swiftName: String
    public var type: TypeRef
    /// When set, the field always holds this value for this event (`status: "uploading"`).
    public var constant: ConstantValue?
    public var description: String?
    public var deprecation: Deprecation?
    public var location: SourceLocation
}

/// A fixed value of a field.
public enum ConstantValue: Hashable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)

    /// The built-in type the value has.
    public var type: ScalarType {
        switch self {
        case .string: .string
        case .int: .int
        case .bool: .bool
        }
    }
}

/// A type declared under `types:`: a struct or a string enum.
public struct NamedType: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case object(ObjectType)
        case enumeration(EnumType)
        case tuple(TupleType)
    }

    /// The name, which is also its Swift name.
    public var name: String
    public var kind: Kind
    public var description: String?
    public var deprecation: Deprecation?
    public var location: SourceLocation
}

/// A string or integer enum. Generated code adds a case for values the contract does not list.
public struct EnumType: Hashable, Sendable {
    /// What an enum's values are on the wire: all strings, or all whole numbers.
    public enum RawType: String, Hashable, Sendable {
        case string
        case integer
    }

    public var rawType: RawType
    public var cases: [EnumCase]

    public init(rawType: RawType = .string, cases: [EnumCase]) {
        self.rawType = rawType
        self.cases = cases
    }
}

public struct EnumCase: Hashable, Sendable {
    /// The value on the wire (`previews_ready`); for integer enums, the number in decimal (`3`, `-1`).
    public var wireValue: String
    /// The Swift case name (`previewsReady`).
    public var swiftName: String
    public var description: String?
    public var deprecation: Deprecation?
    public var location: SourceLocation
}
