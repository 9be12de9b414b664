import SchemaGenContract
/// What schemagen writes for every contract: one file per target, in the target's own folder of the output.
///
/// Each target is a folder of `Targets/` (its translator, its template contexts) with its
/// templates in `templates/<kind>/` and its golden tests; adding one means that folder, a case here, and its line
/// in ``renderer(configuration:targets:)``.
public enum OutputTarget: String, Sendable, CaseIterable, Comparable {
    /// The typed Swift client, with the contract's types (`<output>/Swift/<contract>.swift`).
    case swiftClient = "swift-client"
    /// The typed Swift server (`<output>/Swift/<contract>.server.swift`), with the contract's types when the client
    /// is not generated beside it.
    case swiftServer = "swift-server"
    /// The Markdown reference (`<output>/Docs/<contract>.md`), and the marked sections of guides in `inject`.
    case docs
    /// TypeScript types for Node backends and web clients (`<output>/TypeScript/<contract>.ts`).
    case typescript
    /// An AsyncAPI 3.0 document (`<output>/AsyncAPI/<contract>.yaml`).
    case asyncapi

    /// What a configuration without `generate:` produces.
    public static let defaults: [OutputTarget] = [.swiftClient, .docs]

    /// The folder of the output this target writes into.
    public var folder: String {
        switch self {
        case .swiftClient, .swiftServer: "Swift"
        case .docs: "Docs"
        case .typescript: "TypeScript"
        case .asyncapi: "AsyncAPI"
        }
    }

    package var fileExtension: String {
        switch self {
        case .swiftClient: "swift"
        case .swiftServer: "server.swift"
        case .docs: "md"
        case .typescript: "ts"
        case .asyncapi: "yaml"
        }
    }

    /// This target's files in its folder: `<contract>.<fileExtension>`, and not another target's there whose
    /// extension ends the same (a client's `.swift` is not a server's `.server.swift`).
    package var ownedFiles: OutputWriter.OwnedFiles {
        let suffix = "." + fileExtension
        let others = Self.allCases.filter { $0 != self && $0.folder == folder && $0.fileExtension.hasSuffix(suffix) }
        return OutputWriter.OwnedFiles(folder: folder, suffix: suffix, except: others.map { "." + $0.fileExtension })
    }

    /// Translates and renders one checked contract into this target's file; `sourceFile` is the contract's file
    /// name, which the file's header names.
    package typealias Renderer = @Sendable (_ contract: Contract, _ sourceFile: String) -> String

    /// Loads this target's templates (the defaults, then the configuration's overrides) once, for every contract;
    /// `targets` are all the targets of the run.
    package func renderer(
        configuration: Configuration, targets: Set<OutputTarget>
    ) throws(TemplateRenderer.Failure) -> Renderer {
        switch self {
        case .swiftClient, .swiftServer:
            let templates = try TemplateRenderer(kind: .swift, overrides: configuration.templates)
            let translator = SwiftTranslator(accessLevel: configuration.accessLevel)
            // The types live in the client's file; a server file holds them only when it has no client beside it.
            let role: SwiftTranslator.FileRole =
                self == .swiftClient ? .client : .server(withTypes: !targets.contains(.swiftClient))
            return { templates.render(translator.translate($0, sourceFile: $1, role: role)) }
        case .docs:
            let templates = try TemplateRenderer(kind: .markdown, overrides: configuration.templates)
            return { templates.render(MarkdownTranslator().translate($0, sourceFile: $1)) }
        case .typescript:
            let templates = try TemplateRenderer(kind: .typescript, overrides: configuration.templates)
            return { templates.render(TypeScriptTranslator().translate($0, sourceFile: $1)) }
        case .asyncapi:
            // A document is data: built as a tree and written as YAML, so no template can make it invalid.
            return { AsyncAPITranslator().document($0, sourceFile: $1) }
        }
    }

    public static func < (lhs: OutputTarget, rhs: OutputTarget) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
