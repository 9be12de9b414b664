extension StringProtocol {
    /// The text's lines, split at every line feed. A carriage return before it stays at the end of its line.
    ///
    /// Splits UTF-8 bytes, not Characters: Swift reads `"\r\n"` as one Character, so splitting at the
    /// Character `"\n"` would leave Windows files as a single line. (Bytes are also much faster.)
    public var linesSplitAtLineFeeds: [String] {
        utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}
