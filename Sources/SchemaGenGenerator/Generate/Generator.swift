import Foundation
import SchemaGenContract

/// The whole pipeline for a set of contracts, a value handed from stage to stage:
///
///     find → load and check (each contract) → (contract × target) → translate → render → lay out
///     → GeneratedFile (path, contents) → write (``write(_:waiting:)``) or compare with the disk (``drift(of:)``)
///
/// Files render in one parallel loop over the output files; everything before is per contract and sequential.
public struct Generator: Sendable {
    /// What to generate, from where, to where.
    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The folders, inside the output folder, that hold generated Swift and Markdown.
    package static let swiftFolder = OutputTarget.swiftClient.folder
    package static let docsFolder = OutputTarget.docs.folder

    /// What generation produced in memory.
    public struct Result: Sendable {
        /// Every contract, loaded and checked, in file order.
        public var contracts: [ContractLoader.Loaded]
        /// Files for the output folder (paths relative to it); empty when anything has errors.
        public var files: [GeneratedFile]
        /// The earlier generated files `files` replace: with the configuration's targets, every generated file in
        /// their folders (a target dropped from a shared folder, a contract gone); with targets chosen for the run
        /// (`--target`, `--swift-only`), only those targets' own files, so a run of one target never removes
        /// another's.
        package var owned: [OutputWriter.OwnedFiles]
        /// Hand-written guides with their marked sections regenerated (paths as configured).
        public var guides: [GeneratedFile]
        /// Problems outside contracts (templates, guides, inputs).
        public var diagnostics: [Diagnostic]

        /// Whether any contract has an error: then nothing may be written.
        public var hasErrors: Bool {
            contracts.contains(where: \.hasErrors) || diagnostics.contains { $0.severity == .error }
        }

        /// How many errors the contracts have.
        public var errorCount: Int {
            (contracts.flatMap(\.diagnostics) + diagnostics).filter { $0.severity == .error }.count
        }
    }

    /// Loads and checks the contracts, and renders the files of `chosen` targets (by default the configuration's).
    /// Nothing is written.
    public func generate(_ chosen: Set<OutputTarget>? = nil) -> Result {
        let targets = (chosen ?? Set(configuration.targets)).sorted()
        let owned =
            chosen == nil
            ? targets.map(\.folder).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }.map {
                OutputWriter.OwnedFiles(folder: $0)
            }
            : targets.map(\.ownedFiles)
        var result = Result(contracts: [], files: [], owned: owned, guides: [], diagnostics: [])
        let found: ContractFiles.Found
        do {
            found = try ContractFiles.find(configuration.inputs)
        } catch {
            result.diagnostics = [.error(error.description, at: nil)]
            return result
        }
        result.contracts = found.files.map { ContractLoader().load(path: $0) }
        // An input that could not be read would make its generated files look stale: write and remove nothing.
        result.diagnostics = found.problems
        guard !result.hasErrors else { return result }

        var renderers: [(target: OutputTarget, render: OutputTarget.Renderer)] = []
        var markdownRenderer: TemplateRenderer?
        do {
            for target in targets {
                renderers.append((target, try target.renderer(configuration: configuration, targets: Set(targets))))
            }
            if targets.contains(.docs), !configuration.inject.isEmpty {
                markdownRenderer = try TemplateRenderer(kind: .markdown, overrides: configuration.templates)
            }
        } catch {
            result.diagnostics = [error.diagnostic]
            return result
        }

        var sources: [GuideInjector.Source] = []
        /// One output file still to render: its path, and the contract and target it renders from.
        struct Pending {
            package var relativePath: String
            package var contract: Contract
            package var sourceFile: String
            package var render: OutputTarget.Renderer
        }
        var pending: [Pending] = []
        var seen: [String: String] = [:]
        for loaded in result.contracts {
            guard let contract = loaded.contract else { continue }
            let fileName = (loaded.path as NSString).lastPathComponent
            let baseName = (fileName as NSString).deletingPathExtension
            if let other = seen[baseName] {
                result.diagnostics.append(
                    .error(
                        "'\(loaded.path)' and '\(other)' would generate files of the same name; rename one of the contract files",
                        at: contract.location))
                continue
            }
            seen[baseName] = loaded.path
            for (target, render) in renderers {
                pending.append(
                    Pending(
                        relativePath: "\(target.folder)/\(baseName).\(target.fileExtension)", contract: contract,
                        sourceFile: fileName, render: render))
            }
            if markdownRenderer != nil {
                sources.append(
                    GuideInjector.Source(
                        names: [contract.name, baseName],
                        context: MarkdownTranslator().translate(contract, sourceFile: fileName)))
            }
        }
        if let markdownRenderer {
            let injector = GuideInjector(sources: sources, renderer: markdownRenderer)
            for guide in configuration.inject {
                guard let text = try? String(contentsOfFile: guide, encoding: .utf8) else {
                    result.diagnostics.append(
                        .error("cannot read the guide '\(guide)' listed in `inject`; check the path", at: nil))
                    continue
                }
                switch injector.inject(into: text, path: guide) {
                case .success(let updated): result.guides.append(GeneratedFile(relativePath: guide, contents: updated))
                case .failure(let failure): result.diagnostics += failure.diagnostics
                }
            }
        }
        guard result.diagnostics.isEmpty else {
            result.guides = []
            return result
        }
        result.files = pending.concurrentMap {
            GeneratedFile(relativePath: $0.relativePath, contents: $0.render($0.contract, $0.sourceFile))
        }
        return result
    }

    /// Writes the result of ``generate(_:)``: the output folder and the guides, in one all-or-nothing run
    /// (see ``OutputWriter``); `waiting` is called if another run holds the output folder.
    public func write(
        _ result: Result, waiting: @escaping @Sendable () -> Void = {}
    ) throws(OutputWriter.Failure) -> OutputWriter.Report {
        var writer = OutputWriter(directory: URL(fileURLWithPath: configuration.output))
        writer.waiting = waiting
        return try writer.write(result.files, owned: result.owned, guides: result.guides)
    }

    /// A file on disk that differs from what generation would write.
    public struct Drift: Hashable, Sendable {
        /// The path as the user sees it (`Generated/Swift/zikr.swift`, `docs/guide.md`).
        public var path: String
        /// What is on disk; `nil` when the file is missing.
        public var onDisk: String?
        /// What generation writes; `nil` when the file would be removed.
        public var regenerated: String?
    }

    /// Compares the result of ``generate(_:)`` with the files on disk.
    public func drift(of result: Result) -> [Drift] {
        var drifts: [Drift] = []
        let output = URL(fileURLWithPath: configuration.output)
        func shown(_ relative: String) -> String { (configuration.output as NSString).appendingPathComponent(relative) }
        for file in result.files {
            let onDisk = try? String(contentsOf: output.appendingPathComponent(file.relativePath), encoding: .utf8)
            if onDisk != file.contents {
                drifts.append(Drift(path: shown(file.relativePath), onDisk: onDisk, regenerated: file.contents))
            }
        }
        for guide in result.guides {
            let onDisk = try? String(contentsOfFile: guide.relativePath, encoding: .utf8)
            if onDisk != guide.contents {
                drifts.append(Drift(path: guide.relativePath, onDisk: onDisk, regenerated: guide.contents))
            }
        }
        for relative in OutputWriter.staleFiles(
            in: output, owned: result.owned, kept: Set(result.files.map(\.relativePath)))
        {
            drifts.append(
                Drift(
                    path: shown(relative),
                    onDisk: try? String(contentsOf: output.appendingPathComponent(relative), encoding: .utf8),
                    regenerated: nil))
        }
        return drifts.sorted { $0.path < $1.path }
    }
}
