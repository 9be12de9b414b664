import ArgumentParser
import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// `schemagen generate`: contracts in, Swift and reference docs out.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate typed Swift clients and Markdown references from contracts.",
        discussion: """
            Reads schemagen.yaml in the working directory when present (inputs, output, generate, accessLevel, \
            templates, inject); flags override it. With neither, generates the contracts in 'schemas' into \
            'Generated' (Swift in Generated/Swift, docs in Generated/Docs; `generate: [swift-client, docs, \
            typescript, asyncapi]` or --target adds Generated/TypeScript and Generated/AsyncAPI) and updates the \
            guides listed in `inject`. Files are \
            written only when their bytes change, and files generated earlier whose contract is gone are removed \
            (with --target or --swift-only, only those targets' files are touched). \
            Nothing is written when any contract has errors.
            """
    )

    @OptionGroup var options: GenerationOptions

    @Flag(help: "Generate the Swift client only, the same as --target swift-client (what the build plugin runs).")
    var swiftOnly = false

    @Flag(help: "Print nothing but diagnostics.")
    var quiet = false

    func run() throws {
        let configuration = try options.configuration()
        let generator = Generator(configuration: configuration)
        let result = try options.generate(generator, targets: swiftOnly ? [.swiftClient] : nil)
        guard !result.hasErrors else {
            writeError(
                "schemagen: nothing was written: \(ContractSummary.count(result.errorCount, "error")) to fix first\n")
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        let report = try ReportPrinter.write(result, with: generator)
        if !quiet { ReportPrinter.print(report, result: result, output: configuration.output) }
    }
}

/// How every writing command writes, and the summary it prints.
enum ReportPrinter {
    /// Writes a run's output; a write failure is reported with what was (not) changed, exit 1.
    static func write(_ result: Generator.Result, with generator: Generator) throws -> OutputWriter.Report {
        let output = generator.configuration.output
        do {
            let report = try generator.write(result) {
                writeError("schemagen: waiting for another schemagen run to finish writing '\(output)'\n")
            }
            if report.recovered > 0 {
                writeError(
                    "schemagen: finished an interrupted earlier run in '\(output)' (\(ContractSummary.count(report.recovered, "file")))\n"
                )
            }
            return report
        } catch {
            writeError("schemagen: \(error.description)\n")
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }

    static func print(_ report: OutputWriter.Report, result: Generator.Result, output: String) {
        let events = result.contracts.compactMap(\.contract).map { $0.allEvents.count }.reduce(0, +)
        Swift.print(
            "Generated \(ContractSummary.count(result.contracts.count, "contract")) (\(ContractSummary.count(events, "event"))) into "
                + "\(output): \(report.written.count) written, \(report.unchanged.count) unchanged, \(report.removed.count) removed"
        )
        for path in report.written { Swift.print("  wrote    \(path)") }
        for path in report.removed { Swift.print("  removed  \(path)") }
    }
}
