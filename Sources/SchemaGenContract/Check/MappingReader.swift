/// Reads one YAML mapping of a contract: reports keys that are not scalars, repeated keys (in the words
/// of the mapping's role: "duplicate event 'x' in channel 'y'") and, when the keys are a fixed set,
/// unknown keys with a "did you mean" suggestion.
package struct MappingReader {
    /// The mapping node itself.
    package let node: SyntaxNode
    /// The entries that passed: scalar keys, first occurrences only, in order.
    package let entries: [SyntaxNode.Entry]
    /// Where a missing key is reported: the key that names the owner (`ping:`), else the mapping itself.
    package let ownerLocation: SourceLocation

    /// Reads `node` as a mapping describing `owner` (e.g. "event 'join_group'").
    ///
    /// - Parameters:
    ///   - allowedKeys: the keys this mapping may hold, or `nil` when keys are names (events, fields…).
    ///   - entryKind: what one entry is, for duplicate messages ("event", "field", "key").
    /// - Returns: `nil` (after reporting) when `node` is not a mapping.
    package init?(
        _ node: SyntaxNode, owner: String, allowedKeys: [String]?, entryKind: String = "key",
        ownerLocation: SourceLocation? = nil, diagnostics: inout DiagnosticBag
    ) {
        guard let raw = node.entries else {
            diagnostics.error("expected a mapping for \(owner), found \(node.kindDescription)", at: node.location)
            return nil
        }
        self.node = node
        self.ownerLocation = ownerLocation ?? node.location
        var accepted: [SyntaxNode.Entry] = []
        for entry in raw {
            guard let key = entry.keyText else {
                diagnostics.error(
                    "a key in \(owner) must be a plain name, not \(entry.key.kindDescription)", at: entry.key.location)
                continue
            }
            if let first = entry.duplicateOf {
                diagnostics.error(
                    "duplicate \(entryKind) '\(key)' in \(owner); each may appear once, so remove or rename one",
                    at: entry.key.location, notes: [.note("'\(key)' is first defined here", at: first)])
                continue
            }
            if let allowedKeys, !allowedKeys.contains(key) {
                diagnostics.error(
                    "unknown key '\(key)' in \(owner)\(Suggestions.hint(for: key, in: allowedKeys))",
                    at: entry.key.location)
                continue
            }
            accepted.append(entry)
        }
        self.entries = accepted
    }

    package subscript(key: String) -> SyntaxNode? {
        entries.first { $0.keyText == key }?.value
    }

    /// The entry for `key`, whose key node locates the key itself.
    package func entry(_ key: String) -> SyntaxNode.Entry? {
        entries.first { $0.keyText == key }
    }

    /// The value of a key that must be present; reports its absence with `hint` saying what to write.
    package func required(
        _ key: String, in owner: String, hint: String, diagnostics: inout DiagnosticBag
    ) -> SyntaxNode? {
        if let value = self[key] { return value }
        diagnostics.error("missing `\(key):` in \(owner); \(hint)", at: ownerLocation)
        return nil
    }
}
