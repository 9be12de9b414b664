import Foundation
import SchemaGenContract

/// What `schemagen generate` works on: from `schemagen.yaml`, command-line flags, or the defaults.
public struct Configuration: Hashable, Sendable {
    /// Contract files and folders.
    public var inputs: [String]
    /// The output folder; generated Swift goes to `<output>/Swift/`.
    public var output: String
    /// The access level of the generated declarations (`accessLevel:`).
    public var accessLevel: AccessLevel
    /// A folder whose templates replace the default ones of the same name.
    public var templates: String?
    /// Hand-written guides whose `<!-- schemagen:begin … -->` sections are kept up to date.
    public var inject: [String]
    /// What to generate for every contract (`generate:`); ``OutputTarget/defaults`` when not configured.
    public var targets: [OutputTarget]

    /// The configuration file's name.
    public static let fileName = "schemagen.yaml"
    package static let keys = ["inputs", "output", "generate", "accessLevel", "templates", "inject", "diff"]

    public init(
        inputs: [String] = ["schemas"], output: String = "Generated", accessLevel: AccessLevel = .public,
        templates: String? = nil, inject: [String] = [], targets: [OutputTarget] = OutputTarget.defaults
    ) {
        self.inputs = inputs
        self.output = output
        self.accessLevel = accessLevel
        self.templates = templates
        self.inject = inject
        self.targets = targets
    }

    /// Reads a configuration file. Relative paths in it are relative to the file's folder. `sections` read the
    /// sections of the file that tools above the generator own (`diff:`), with the same checker, so their mistakes are
    /// reported with the generator's; a section nobody reads is still allowed.
    public static func load(path: String) -> (configuration: Configuration?, diagnostics: [Diagnostic]) {
        load(path: path, sections: [:])
    }

    /// ``load(path:)``, with `sections` read as they come.
    package static func load(
        path: String, sections: [String: (SyntaxNode, inout Checker) -> Void]
    ) -> (configuration: Configuration?, diagnostics: [Diagnostic]) {
        let loaded = YAMLLoader().load(path: path)
        guard let root = loaded.root else { return (nil, loaded.diagnostics) }
        var checker = Checker()
        guard
            let reader = MappingReader(
                root, owner: "the configuration", allowedKeys: keys, diagnostics: &checker.diagnostics)
        else {
            return (nil, checker.diagnostics.sorted)
        }
        let base = (path as NSString).deletingLastPathComponent
        func resolve(_ relative: String) -> String {
            relative.hasPrefix("/") || base.isEmpty ? relative : (base as NSString).appendingPathComponent(relative)
        }
        /// A list of paths, or a single path, resolved against the configuration's folder.
        func paths(_ key: String, what: String) -> [String]? {
            reader[key].map { node in
                (node.elements ?? [node]).compactMap { checker.readText($0, what: what) }.map(resolve)
            }
        }
        var configuration = Configuration()
        configuration.inputs = paths("inputs", what: "an input") ?? [resolve("schemas")]
        configuration.output = resolve(
            reader["output"].flatMap { checker.readText($0, what: "`output`") } ?? "Generated")
        if let node = reader["accessLevel"], let text = checker.readText(node, what: "`accessLevel`") {
            if let level = AccessLevel(rawValue: text) {
                configuration.accessLevel = level
            } else {
                checker.diagnostics.error(
                    "unknown access level '\(text)'\(Suggestions.hint(for: text, in: AccessLevel.allCases.map(\.rawValue)))",
                    at: node.location)
            }
        }
        if let node = reader["generate"] {
            configuration.targets = readTargets(node, checker: &checker)
        }
        configuration.templates = reader["templates"].flatMap { checker.readText($0, what: "`templates`") }.map(resolve)
        configuration.inject = paths("inject", what: "a guide in `inject`") ?? []
        for (key, read) in sections.sorted(by: { $0.key < $1.key }) {
            if let node = reader[key] { read(node, &checker) }
        }
        let diagnostics = checker.diagnostics.sorted
        return (checker.diagnostics.hasErrors ? nil : configuration, diagnostics)
    }

    /// `generate: [swift-client, docs, typescript]`: known targets, each once, at least one.
    private static func readTargets(_ node: SyntaxNode, checker: inout Checker) -> [OutputTarget] {
        let names = OutputTarget.allCases.map(\.rawValue)
        guard let elements = node.elements, !elements.isEmpty else {
            checker.diagnostics.error(
                "`generate` lists what to generate, e.g. `generate: [swift-client, docs]`; the targets are \(names.joined(separator: ", "))",
                at: node.location)
            return OutputTarget.defaults
        }
        var targets: [OutputTarget] = []
        for element in elements {
            guard let text = checker.readText(element, what: "a target in `generate`") else { continue }
            guard let target = OutputTarget(rawValue: text) else {
                checker.diagnostics.error(
                    "unknown target '\(text)' in `generate`\(Suggestions.hint(for: text, in: names))",
                    at: element.location)
                continue
            }
            if targets.contains(target) {
                checker.diagnostics.error("'\(text)' is listed twice in `generate`; remove one", at: element.location)
            } else {
                targets.append(target)
            }
        }
        return targets
    }
}
