import ArgumentParser
import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// `schemagen check`: proves that generated code, docs and injected guide sections match the contracts.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that generated Swift, docs and guide sections are up to date.",
        discussion: """
            Regenerates everything in memory (Swift, docs, the guides listed in `inject`) and compares it with the \
            files on disk. Exits 0 when all match; otherwise prints a unified diff per file that differs (on \
            standard output), the command that fixes it, and exits 1. Run it in CI.
            """
    )

    @OptionGroup var options: GenerationOptions

    func run() throws {
        let configuration = try options.configuration()
        let generator = Generator(configuration: configuration)
        let result = try options.generate(generator)
        guard !result.hasErrors else {
            writeError("schemagen check: the contracts have errors, so nothing can be up to date\n")
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        if OutputWriter.hasInterruptedRun(in: URL(fileURLWithPath: configuration.output)) {
            writeError(
                "schemagen check: a run writing '\(configuration.output)' was interrupted, so it may be half-written\n"
                    + "Fix: swift run \(options.regenerateCommand)\n")
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        let drifts = generator.drift(of: result)
        guard !drifts.isEmpty else {
            print(
                "schemagen check: \(ContractSummary.count(result.contracts.count, "contract")), "
                    + "\(ContractSummary.count(result.files.count, "generated file")) and \(ContractSummary.count(result.guides.count, "guide")) are up to date"
            )
            return
        }
        for drift in drifts {
            let old = drift.onDisk == nil ? "/dev/null" : "a/\(drift.path)"
            let new = drift.regenerated == nil ? "/dev/null" : "b/\(drift.path)"
            print("diff --schemagen \(old) \(new)")
            print(
                TextDiff.unified(from: drift.onDisk ?? "", to: drift.regenerated ?? "", oldLabel: old, newLabel: new),
                terminator: "")
        }
        writeError(
            "schemagen check: \(ContractSummary.count(drifts.count, "file")) out of date: "
                + drifts.map(\.path).joined(separator: ", ") + "\nFix: swift run \(options.regenerateCommand)\n")
        throw ExitCode(ExitStatus.failure.rawValue)
    }
}
