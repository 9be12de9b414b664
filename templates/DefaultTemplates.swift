import Foundation

/// The default templates, shipped with schemagen as resources of this target so the tool finds them
/// wherever it runs (the command line, the build plugin, tests).
public enum DefaultTemplates {
    /// The folder holding `swift/` (and later `markdown/`) templates.
    public static var directory: URL? {
        Bundle.module.resourceURL
    }
}
