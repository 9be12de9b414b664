extension SyntaxNode {
    /// The value of `key` when this is a mapping that has it.
    package subscript(key: String) -> SyntaxNode? {
        entries?.first { $0.keyText == key }?.value
    }

    /// The text of a scalar that is not null.
    package var text: String? {
        guard let scalar, !isNull else { return nil }
        return scalar.text
    }

    /// This node as a value of an output document (scalars typed as YAML's core schema reads them).
    package var documentValue: DocumentValue {
        switch kind {
        case .scalar(let scalar):
            if isNull { return .null }
            if let bool { return .bool(bool) }
            if let number = int { return .integer(number) }
            if scalar.style == .plain,
                scalar.text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/) != nil
            {
                return .number(scalar.text)
            }
            return .string(scalar.text)
        case .sequence(let elements): return .array(elements.map(\.documentValue))
        case .mapping(let entries):
            return .object(entries.compactMap { entry in entry.keyText.map { ($0, entry.value.documentValue) } })
        }
    }
}
