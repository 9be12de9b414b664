extension TypeRef {
    /// The type as a contract (and the API guides) write it: `String`, `[Notification]`, `[String: Int]?`,
    /// `{ groupId: String, error?: String }`.
    public var spelling: String {
        switch self {
        case .scalar(let scalar): scalar.rawValue
        case .named(let name): name
        case .array(let element): "[\(element.spelling)]"
        case .dictionary(let value): "[String: \(value.spelling)]"
        case .optional(let wrapped): wrapped.spelling + "?"
        case .object(let object): object.spelling
        }
    }
}

extension ObjectType {
    /// `{ groupId: String, error?: String }`: optional fields carry the `?` on their name, as the guides write them.
    public var spelling: String {
        guard !fields.isEmpty else { return "{}" }
        let members = fields.map { field in
            if case .optional(let wrapped) = field.type { "\(field.wireName)?: \(wrapped.spelling)" } else { "\(field.wireName): \(field.type.spelling)" }
        }
        return "{ " + members.joined(separator: ", ") + " }"
    }
}
