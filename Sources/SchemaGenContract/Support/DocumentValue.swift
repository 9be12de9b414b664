/// A JSON-shaped document whose objects keep their keys in the order they were written, for output that is data
/// rather than code (the AsyncAPI target, and the contracts `schemagen import` writes): built as a tree, then written
/// as YAML by ``YAMLWriter``.
package indirect enum DocumentValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    /// A number as written in JSON (`2.5`, `1e-3`), for values that are not whole numbers of `Int`'s range.
    case number(String)
    case bool(Bool)
    case null
    case array([DocumentValue])
    case object([(key: String, value: DocumentValue)])

    package static func == (lhs: DocumentValue, rhs: DocumentValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(l), .string(r)): l == r
        case let (.integer(l), .integer(r)): l == r
        case let (.number(l), .number(r)): l == r
        case let (.bool(l), .bool(r)): l == r
        case (.null, .null): true
        case let (.array(l), .array(r)): l == r
        case let (.object(l), .object(r)):
            l.count == r.count && zip(l, r).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text): hasher.combine(text)
        case .integer(let number): hasher.combine(number)
        case .number(let text): hasher.combine(text)
        case .bool(let flag): hasher.combine(flag)
        case .null: hasher.combine(0)
        case .array(let items): hasher.combine(items)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// An object from members, leaving out those whose value is `nil`.
    package static func members(_ members: [(String, DocumentValue?)]) -> DocumentValue {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The value at `key` of an object.
    package subscript(key: String) -> DocumentValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value at `path` (keys of nested objects), or `nil` where the path leaves the objects.
    package subscript(path path: some Collection<String>) -> DocumentValue? {
        guard let key = path.first else { return self }
        return self[key]?[path: path.dropFirst()]
    }

    /// This value with `value` at `path`, keeping the order of members: the member replaced where it is, added last
    /// where it is not, and objects made on the way where the path leads through none (a `null` is one).
    package func setting(_ value: DocumentValue, at path: some Collection<String>) -> DocumentValue {
        guard let key = path.first else { return value }
        var members: [(key: String, value: DocumentValue)] = []
        if case .object(let existing) = self { members = existing }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = members[index].value.setting(value, at: path.dropFirst())
        } else {
            members.append((key, DocumentValue.null.setting(value, at: path.dropFirst())))
        }
        return .object(members)
    }
}
