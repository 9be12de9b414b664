extension DocumentValue {
    /// The value as compact JSON, keys in the order written.
    package var json: String {
        switch self {
        case .string(let text): text.jsonStringLiteral
        case .integer(let number): String(number)
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array(let items): "[" + items.map(\.json).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { $0.key.jsonStringLiteral + ":" + $0.value.json }.joined(separator: ",") + "}"
        }
    }

    /// The value as JSON laid out for reading, two spaces per level, as API guides show payloads.
    package func prettyJSON(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + $0.prettyJSON(indent: inner) }.joined(separator: ",\n") + "\n" + indent
                + "]"
        case .object(let members) where !members.isEmpty:
            return "{\n"
                + members.map { inner + $0.key.jsonStringLiteral + ": " + $0.value.prettyJSON(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return json
        }
    }
}
