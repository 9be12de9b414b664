import Foundation

/// The members of an object whose keys follow a pattern, beside the object's fixed fields: Nostr's `"#e"`/`"#p"`
/// tag filters, `"x-<name>"` extension keys. Generated code reads and writes a `keys:` field through it.
@_spi(Generated) public enum PatternKeys {
    /// Every member of the object `decoder` reads whose key matches `pattern`, decoded as `Value`. As in JSON
    /// Schema's `patternProperties`, the pattern is searched for in the key: anchor it (`^x-`, `^#[a-z]$`) to say more.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from decoder: any Decoder, matching pattern: String
    ) throws -> [String: Value] {
        let container = try decoder.container(keyedBy: WireCodingKey.self)
        let expression = try regularExpression(pattern)
        var values: [String: Value] = [:]
        for key in container.allKeys where matches(key.stringValue, expression) && values[key.stringValue] == nil {
            values[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        return values
    }

    /// Writes each member of `values` into the object `encoder` writes; a key that does not match `pattern` is
    /// an `EncodingError`, since the receiver would not read it.
    public static func encode<Value: Encodable>(
        _ values: [String: Value], to encoder: any Encoder, matching pattern: String
    ) throws {
        var container = encoder.container(keyedBy: WireCodingKey.self)
        let expression = try regularExpression(pattern)
        for key in values.keys.sorted() {
            guard matches(key, expression) else {
                throw EncodingError.invalidValue(
                    values,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "the key '\(key)' does not match the pattern \(pattern)"))
            }
            try container.encode(values[key], forKey: WireCodingKey(stringValue: key))
        }
    }

    /// Whether `pattern` (a regular expression) is found in `key`; `false` when `pattern` is not one.
    public static func matches(_ key: String, pattern: String) -> Bool {
        guard let expression = try? regularExpression(pattern) else { return false }
        return matches(key, expression)
    }

    static func matches(_ key: String, _ expression: NSRegularExpression) -> Bool {
        expression.firstMatch(in: key, range: NSRange(key.startIndex..., in: key)) != nil
    }

    /// Compiled patterns, by their text: a contract has a handful, read on every frame.
    private nonisolated(unsafe) static var compiled: [String: NSRegularExpression] = [:]
    private static let lock = NSLock()

    static func regularExpression(_ pattern: String) throws -> NSRegularExpression {
        try lock.withLock {
            if let expression = compiled[pattern] { return expression }
            let expression = try NSRegularExpression(pattern: pattern)
            compiled[pattern] = expression
            return expression
        }
    }
}
