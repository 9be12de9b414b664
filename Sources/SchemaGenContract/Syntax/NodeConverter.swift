import Yams

/// Turns Yams' node tree into a ``SyntaxNode`` tree, located and with duplicate keys marked.
///
/// Yams expands aliases by sharing nodes, so a small file can stand for a huge tree ("billion laughs").
/// The node budget stops that long before memory runs out: without aliases a file cannot hold more
/// nodes than twice its bytes.
package struct NodeConverter {
    package let source: SourceText
    package let duplicates: [SourceLocation: DuplicateKey]
    package var budget: Int

    /// The converted tree, or `nil` when the budget ran out.
    package mutating func convert(_ node: Node) -> SyntaxNode? {
        guard budget > 0 else { return nil }
        budget -= 1
        let location = self.location(of: node.mark)
        switch node {
        case .scalar(let scalar):
            return SyntaxNode(
                kind: .scalar(.init(text: scalar.string, style: Self.style(of: scalar.style))), location: location)
        case .alias:
            // Yams resolves aliases while composing; an unresolved one cannot reach here, but must not crash.
            return SyntaxNode(kind: .scalar(.init(text: "", style: .plain)), location: location)
        case .sequence(let sequence):
            var elements: [SyntaxNode] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence {
                guard let converted = convert(element) else { return nil }
                elements.append(converted)
            }
            return SyntaxNode(kind: .sequence(elements), location: location)
        case .mapping(let mapping):
            var entries: [SyntaxNode.Entry] = []
            entries.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                guard var convertedKey = convert(key), let convertedValue = convert(value) else { return nil }
                let duplicate = duplicates[convertedKey.location]
                if let duplicate, case .scalar(var scalar) = convertedKey.kind {
                    scalar.text = duplicate.text
                    convertedKey.kind = .scalar(scalar)
                }
                entries.append(.init(key: convertedKey, value: convertedValue, duplicateOf: duplicate?.first))
            }
            return SyntaxNode(kind: .mapping(entries), location: location)
        }
    }

    private func location(of mark: Mark?) -> SourceLocation {
        source.location(line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    private static func style(of style: Node.Scalar.Style) -> SyntaxNode.ScalarStyle {
        switch style {
        case .singleQuoted, .doubleQuoted: .quoted
        case .literal, .folded: .block
        case .any, .plain: .plain
        }
    }
}
