import ArgumentParser
import Foundation
import SchemaGenCore

/// `schemagen diff`: what a contract change breaks, and for whom.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Report what a contract change breaks, for apps and servers on either version.",
        discussion: """
            Compares two contract files or folders (schemagen diff OLD NEW), or the working tree with a git revision \
            (schemagen diff --base origin/main [paths]; paths default to the configuration's inputs, else 'schemas'). \
            Events match by channel and wire name, types by name, fields by wire key. Every change is judged for \
            apps already released talking to an updated server, and for a new app talking to a server not yet \
            updated (rules: docs/compatibility.md). Exits 1 when a change breaks (unless --allow-breaking), 2 when a \
            contract is invalid or the command line is wrong, 0 otherwise.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Argument(
        help:
            "OLD and NEW contract files or folders; with --base, the paths to compare (default: the configuration's inputs, else 'schemas')."
    )
    var paths: [String] = []

    @Option(name: .long, help: "Compare the working tree with this git revision (e.g. origin/main).")
    var base: String?

    @Option(name: .long, help: "Output format: text (default), markdown (a pull-request comment) or json.")
    var format: Format = .text

    @Flag(help: "Report breaking changes without failing.")
    var allowBreaking = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --format markdown: link each file:line to where the new version is browsed.",
            discussion: "e.g. https://github.com/org/repo/blob/<head commit>", valueName: "url"))
    var linkBase: String?

    func validate() throws {
        if base == nil, paths.count != 2 {
            throw ValidationError("give OLD and NEW (two files or two folders), or --base REVISION")
        }
    }

    func run() throws {
        let old: [ContractComparison.Source], new: [ContractComparison.Source]
        do {
            if let base {
                let inputs = paths.isEmpty ? try defaultInputs() : paths
                new = try ContractComparison.sources(atPaths: inputs, keyedInsideFolders: false)
                old = try GitBaseline(revision: base).sources(paths: inputs)
            } else {
                (old, new) = try ContractComparison.sources(old: paths[0], new: paths[1])
            }
        } catch let failure as ContractFiles.Failure {
            throw ValidationError(failure.description)
        } catch let failure as GitBaseline.Failure {
            throw ValidationError(failure.description)
        }
        var result = ContractComparison().compare(old: old, new: new)
        result.report.linkBase = linkBase
        if !result.diagnostics.isEmpty {
            let printer = DiagnosticPrinter()
            for source in result.sources {
                printer.print(result.diagnostics.filter { $0.location?.path == source.path }, source: source)
            }
            printer.print(
                result.diagnostics.filter { diagnostic in
                    !result.sources.contains { $0.path == diagnostic.location?.path }
                })
        }
        guard !result.hasErrors else {
            writeError("schemagen diff: the contracts have errors; no report\n")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        switch format {
        case .text: print(result.report.text(), terminator: "")
        case .markdown: print(result.report.markdown(), terminator: "")
        case .json: print(result.report.json(), terminator: "")
        }
        if result.report.hasBreakingChanges, !allowBreaking {
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }

    private func defaultInputs() throws -> [String] {
        guard FileManager.default.fileExists(atPath: Configuration.fileName) else { return ["schemas"] }
        let (configuration, diagnostics) = Configuration.load(path: Configuration.fileName)
        DiagnosticPrinter().print(diagnostics)
        guard let configuration else { throw ExitCode(ExitStatus.usage.rawValue) }
        return configuration.inputs
    }
}
