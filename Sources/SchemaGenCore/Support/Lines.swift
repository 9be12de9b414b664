extension StringProtocol {
    /// The text's lines, split at every line feed. A carriage return before it stays at the end of its line.
    ///
    /// Splits Unicode scalars, not Characters: Swift reads `"\r\n"` as one Character, so splitting at the
    /// Character `"\n"` would leave Windows files as a single line.
    public var linesSplitAtLineFeeds: [String] {
        unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
    }
}
