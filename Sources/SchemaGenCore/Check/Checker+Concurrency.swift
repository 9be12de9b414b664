extension Checker {
    /// Entries per chunk when a long mapping (a contract's types or events) is read on all cores.
    static let concurrentEntries = 256

    /// `read` applied to every entry, in order, long mappings on all cores: each chunk reads with its own copy
    /// of the checker (what later entries need from earlier ones is settled before: declared type names,
    /// framing), and the chunks' diagnostics are joined in entry order, so the report is the same as one
    /// entry after another.
    mutating func readEntries<Value: Sendable>(_ entries: [SyntaxNode.Entry],
                                                _ read: @escaping @Sendable (inout Checker, SyntaxNode.Entry) -> Value?) -> [Value] {
        guard entries.count >= 2 * Self.concurrentEntries else {
            return entries.compactMap { read(&self, $0) }
        }
        let chunkStarts = Array(stride(from: 0, to: entries.count, by: Self.concurrentEntries))
        var start = self
        start.diagnostics = DiagnosticBag()
        let chunks = chunkStarts.concurrentMap { [start] first in
            var checker = start
            let values = entries[first..<min(first + Self.concurrentEntries, entries.count)].compactMap { read(&checker, $0) }
            return (values: values, diagnostics: checker.diagnostics.diagnostics)
        }
        for chunk in chunks { diagnostics.append(contentsOf: chunk.diagnostics) }
        return chunks.flatMap(\.values)
    }
}
