/// The six kinds of JSON value. Generated unions whose members differ in kind (`String | [String]`) read the
/// kind first, then decode only the member of that kind, so its own errors are the ones reported.
public enum JSONKind: String, Hashable, Sendable {
    case null, bool, number, string, array, object

    /// The kind of the value `decoder` reads: at once from `WireDecoder`, by trying containers with any
    /// other decoder.
    public init(of decoder: any Decoder) throws {
        if let wire = WireValueDecoder.unwrapping(decoder) {
            self = wire.kind
            return
        }
        if (try? decoder.unkeyedContainer()) != nil {
            self = .array
        } else if (try? decoder.container(keyedBy: WireCodingKey.self)) != nil {
            self = .object
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if (try? container.decode(Bool.self)) != nil {
                self = .bool
            } else if (try? container.decode(String.self)) != nil {
                self = .string
            } else {
                self = .number
            }
        }
    }

    /// The kind of the first element of the array `decoder` reads, or `nil` when it is empty: what tells apart a
    /// generated union's members that are all arrays (`[Level]` and `Level`, a list of rows and one row).
    public static func ofFirstElement(in decoder: any Decoder) throws -> JSONKind? {
        var elements = try decoder.unkeyedContainer()
        guard !elements.isAtEnd else { return nil }
        return try JSONKind(of: elements.superDecoder())
    }

    /// The kind in the plural, for messages about an array's elements (`numbers`).
    public var plural: String {
        switch self {
        case .null: "nulls"
        case .bool: "booleans"
        case .number: "numbers"
        case .string: "strings"
        case .array: "arrays"
        case .object: "objects"
        }
    }

    /// How `JSONDecoder`'s messages name a value of this kind.
    public var article: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension WireValueDecoder {
    var kind: JSONKind {
        switch document.kind(token) {
        case .null: .null
        case .true, .false: .bool
        case .integer, .number: .number
        case .string, .escapedString: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The number at this value, exactly as written.
    func number() throws -> JSONNumber {
        switch document.kind(token) {
        case .integer, .number:
            do throws(WireValueFailure) {
                _ = try document.double(at: token)
            } catch {
                throw error.decodingError(at: path)
            }
            return JSONNumber(validated: document.numberText(token))
        default:
            throw document.mismatch(Double.self, token).decodingError(at: path)
        }
    }
}
