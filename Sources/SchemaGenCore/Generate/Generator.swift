import Foundation

/// The whole pipeline for a set of contracts: load, check, translate, render; then write.
public struct Generator: Sendable {
    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The folder, inside the output folder, that holds generated Swift.
    public static let swiftFolder = "Swift"

    /// What generation produced in memory.
    public struct Result: Sendable {
        /// Every contract, loaded and checked, in file order.
        public var contracts: [ContractLoader.Loaded]
        /// The files to write; empty when any contract has errors.
        public var files: [OutputFile]
        /// Problems outside contracts (templates, inputs).
        public var diagnostics: [Diagnostic]

        public var hasErrors: Bool {
            contracts.contains(where: \.hasErrors) || diagnostics.contains { $0.severity == .error }
        }
    }

    /// Loads, checks and renders everything in memory. Nothing is written.
    public func generate() -> Result {
        let paths: [String]
        do {
            paths = try ContractFiles.resolve(configuration.inputs)
        } catch {
            return Result(contracts: [], files: [], diagnostics: [.error(error.description, at: nil)])
        }
        let contracts = paths.map { ContractLoader().load(path: $0) }
        guard !contracts.contains(where: \.hasErrors) else { return Result(contracts: contracts, files: [], diagnostics: []) }
        let renderer: TemplateRenderer
        do {
            renderer = try TemplateRenderer(kind: .swift, overrides: configuration.templates)
        } catch {
            return Result(contracts: contracts, files: [], diagnostics: [error.diagnostic])
        }
        let translator = SwiftTranslator(accessLevel: configuration.accessLevel)
        var files: [OutputFile] = []
        var seen: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for loaded in contracts {
            guard let contract = loaded.contract else { continue }
            let fileName = Self.outputName(forContractAt: loaded.path)
            if let other = seen[fileName] {
                diagnostics.append(.error("'\(loaded.path)' and '\(other)' would both generate \(Self.swiftFolder)/\(fileName); rename one of the contract files",
                                          at: contract.location))
                continue
            }
            seen[fileName] = loaded.path
            let context = translator.translate(contract, sourceFile: (loaded.path as NSString).lastPathComponent)
            files.append(OutputFile(relativePath: "\(Self.swiftFolder)/\(fileName)", contents: renderer.render(context)))
        }
        return Result(contracts: contracts, files: diagnostics.isEmpty ? files : [], diagnostics: diagnostics)
    }

    /// `schemas/order-status.yaml` → `order-status.swift`: output names follow input names, so a build
    /// plugin can declare them before running.
    public static func outputName(forContractAt path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension + ".swift"
    }

    /// Writes the result of ``generate()`` into the output folder.
    public func write(_ result: Result) throws -> OutputWriter.Report {
        try OutputWriter(directory: URL(fileURLWithPath: configuration.output)).write(result.files, ownedFolders: [Self.swiftFolder])
    }
}
