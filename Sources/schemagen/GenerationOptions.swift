import ArgumentParser
import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// The options shared by `generate`, `docs` and `check`: which contracts, and where output goes.
/// `schemagen.yaml` in the working directory supplies defaults; flags override it.
struct GenerationOptions: ParsableArguments {
    @Argument(help: "Contract files or folders. Overrides `inputs` of the configuration.")
    var inputs: [String] = []

    @Option(name: .long, help: "The configuration file (default: schemagen.yaml, if present).")
    var config: String?

    @Flag(help: "Ignore schemagen.yaml in the working directory (the build plugin uses this).")
    var noConfig = false

    @Option(name: .shortAndLong, help: "The output folder; Swift goes to <output>/Swift, docs to <output>/Docs.")
    var output: String?

    @Option(
        name: .customLong("target"), parsing: .singleValue,
        help:
            "What to generate (repeatable): swift-client, swift-server, docs, typescript, asyncapi. Overrides `generate` of the configuration."
    )
    var targets: [OutputTarget] = []

    @Option(name: .long, help: "The access level of generated declarations: public, package or internal.")
    var accessLevel: AccessLevel?

    @Option(name: .long, help: "A folder of templates that replace default templates of the same name.")
    var templates: String?

    /// The configuration file's settings with the flags applied.
    func configuration() throws -> Configuration {
        var configuration = try loadFile()
        if !inputs.isEmpty { configuration.inputs = inputs }
        if let output { configuration.output = output }
        if let accessLevel { configuration.accessLevel = accessLevel }
        if let templates { configuration.templates = templates }
        return configuration
    }

    /// The command that regenerates with these same options, for messages that say how to fix drift.
    var regenerateCommand: String {
        var words = ["schemagen", "generate"]
        if let config { words += ["--config", config] }
        if let output { words += ["-o", output] }
        for target in targets { words += ["--target", target.rawValue] }
        if let accessLevel { words += ["--access-level", accessLevel.rawValue] }
        if let templates { words += ["--templates", templates] }
        return (words + inputs).joined(separator: " ")
    }

    private func loadFile() throws -> Configuration {
        if noConfig, config == nil { return Configuration() }
        let path = config ?? Configuration.fileName
        guard FileManager.default.fileExists(atPath: path) else {
            if config != nil { throw ValidationError("no such configuration file: '\(path)'") }
            return Configuration()
        }
        // Read whole, so a mistake in a section another command acts on (`diff:`) is reported here too.
        let (configuration, diagnostics) = ProjectConfiguration.load(path: path)
        DiagnosticPrinter().print(diagnostics)
        guard let configuration else { throw ExitCode(ExitStatus.failure.rawValue) }
        return configuration.generation
    }

    /// Generates in memory and prints every problem found.
    /// `targets` are a command's own (`docs`, `--swift-only`); else the `--target` flags', else the configuration's.
    func generate(_ generator: Generator, targets: Set<OutputTarget>? = nil) throws -> Generator.Result {
        let result = generator.generate(targets ?? (self.targets.isEmpty ? nil : Set(self.targets)))
        // Inputs that do not exist are a usage problem, not a contract error.
        if result.contracts.isEmpty, let failure = result.diagnostics.first, failure.location == nil {
            throw ValidationError(failure.message)
        }
        let printer = DiagnosticPrinter()
        for loaded in result.contracts { printer.print(loaded) }
        printer.print(result.diagnostics)
        return result
    }
}

extension AccessLevel: ExpressibleByArgument {}
extension OutputTarget: ExpressibleByArgument {}
