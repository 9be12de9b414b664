import ArgumentParser
import Foundation
import SchemaGenCore

/// `schemagen generate`: contracts in, Swift out.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate typed Swift clients from contracts.",
        discussion: """
            Reads schemagen.yaml in the working directory when present (inputs, output, accessLevel, templates); \
            flags override it. With neither, generates the contracts in 'schemas' into 'Generated'. Files are \
            written only when their bytes change, and files generated earlier whose contract is gone are removed. \
            Nothing is written when any contract has errors.
            """
    )

    @Argument(help: "Contract files or folders. Overrides `inputs` of the configuration.")
    var inputs: [String] = []

    @Option(name: .long, help: "The configuration file (default: schemagen.yaml, if present).")
    var config: String?

    @Option(name: .shortAndLong, help: "The output folder; Swift goes to <output>/Swift.")
    var output: String?

    @Option(name: .long, help: "The access level of generated declarations: public, package or internal.")
    var accessLevel: SwiftTranslator.AccessLevel?

    @Option(name: .long, help: "A folder of templates that replace default templates of the same name.")
    var templates: String?

    func run() throws {
        var configuration = try loadConfiguration()
        if !inputs.isEmpty { configuration.inputs = inputs }
        if let output { configuration.output = output }
        if let accessLevel { configuration.accessLevel = accessLevel }
        if let templates { configuration.templates = templates }

        let generator = Generator(configuration: configuration)
        let result = generator.generate()
        // Inputs that do not exist are a usage problem, not a contract error.
        if result.contracts.isEmpty, let failure = result.diagnostics.first, failure.location == nil {
            throw ValidationError(failure.message)
        }
        let printer = DiagnosticPrinter()
        for loaded in result.contracts { printer.print(loaded) }
        printer.print(result.diagnostics)
        guard !result.hasErrors else {
            let errors = result.contracts.flatMap(\.diagnostics).filter { $0.severity == .error }.count + result.diagnostics.count
            writeError("schemagen: nothing was written: \(ContractSummary.count(errors, "error")) to fix first\n")
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        let report = try generator.write(result)
        let events = result.contracts.compactMap(\.contract).map { $0.allEvents.count }.reduce(0, +)
        print("Generated \(ContractSummary.count(result.contracts.count, "contract")) (\(ContractSummary.count(events, "event"))) into "
              + "\(configuration.output): \(report.written.count) written, \(report.unchanged.count) unchanged, \(report.removed.count) removed")
        for path in report.written { print("  wrote    \(path)") }
        for path in report.removed { print("  removed  \(path)") }
    }

    private func loadConfiguration() throws -> Configuration {
        let path = config ?? Configuration.fileName
        guard FileManager.default.fileExists(atPath: path) else {
            if config != nil { throw ValidationError("no such configuration file: '\(path)'") }
            return Configuration()
        }
        let (configuration, diagnostics) = Configuration.load(path: path)
        DiagnosticPrinter().print(diagnostics)
        guard let configuration else { throw ExitCode(ExitStatus.failure.rawValue) }
        return configuration
    }
}

extension SwiftTranslator.AccessLevel: ExpressibleByArgument {}
