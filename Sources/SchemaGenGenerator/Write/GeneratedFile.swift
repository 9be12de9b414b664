import SchemaGenContract
/// One file a run produces, as a value: where it goes and what it holds. The write stage compares it whole with the
/// file it would replace.
public struct GeneratedFile: Hashable, Sendable {
    /// The path, relative to the output folder (`Swift/zikr.swift`), or for a guide as configured.
    public var relativePath: String
    /// The file's whole text, as written.
    public var contents: String

    public init(relativePath: String, contents: String) {
        self.relativePath = relativePath
        self.contents = contents
    }
}
