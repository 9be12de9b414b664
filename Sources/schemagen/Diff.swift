import ArgumentParser
import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

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
            updated (rules: docs/compatibility.md). A change is an error when it breaks, a warning when it \
            degrades, info when it is safe, unless the `diff:` section of schemagen.yaml sets its rule's severity or \
            accepts it with a reason; a breaking change whose contract `version:` did not rise is a warning \
            (rule version-not-raised). Exits 1 when a finding not accepted is at or above --fail-on (default: error), \
            2 when a contract or the configuration is invalid or the command line is wrong, 0 otherwise.
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

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case error, warning, info, never
    }

    @Option(
        name: .long,
        help:
            "Fail (exit 1) on a finding of this severity or above: error, warning, info or never (default: error, or the configuration's diff.failOn)."
    )
    var failOn: FailOn?

    @Flag(help: "Report breaking changes without failing: the same as --fail-on never.")
    var allowBreaking = false

    @Option(
        name: .long,
        help: "The configuration file whose `diff:` section judges the findings (default: schemagen.yaml, if present).")
    var config: String?

    @Flag(help: "Ignore schemagen.yaml in the working directory: every rule at its default severity, nothing accepted.")
    var noConfig = false

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
        if allowBreaking, let failOn, failOn != .never {
            throw ValidationError("--allow-breaking is --fail-on never; give one of them")
        }
    }

    func run() throws {
        let configuration = try loadConfiguration()
        var policy = configuration?.diff ?? DiffPolicy()
        if allowBreaking { policy.failOn = nil }
        if let failOn { policy.failOn = DiffSeverity(rawValue: failOn.rawValue) }
        let old: [ContractComparison.Source], new: [ContractComparison.Source]
        do {
            if let base {
                let inputs = paths.isEmpty ? configuration?.generation.inputs ?? ["schemas"] : paths
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
        result.report.judge(by: policy, today: DiffPolicy.today(), versions: result.versions)
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
        if result.report.fails {
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }

    /// `--config`, else `schemagen.yaml` when present (unless `--no-config`); a configuration with errors is a usage
    /// error (exit 2), never a failing check.
    private func loadConfiguration() throws -> ProjectConfiguration? {
        if noConfig, config == nil { return nil }
        let path = config ?? Configuration.fileName
        guard FileManager.default.fileExists(atPath: path) else {
            if config != nil { throw ValidationError("no such configuration file: '\(path)'") }
            return nil
        }
        let (configuration, diagnostics) = ProjectConfiguration.load(path: path)
        DiagnosticPrinter().print(diagnostics)
        guard let configuration else { throw ExitCode(ExitStatus.usage.rawValue) }
        return configuration
    }
}
