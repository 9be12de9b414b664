import ArgumentParser
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// `schemagen lint`: load and check contracts, report what they hold and every problem.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check contracts and summarise them.",
        discussion: """
            Prints one line per contract (events by direction, channels, types) and every diagnostic as \
            path:line:col: severity: message. Exits 0 when there are no errors, 1 when a contract has errors, \
            2 for a usage problem.
            """
    )

    @Argument(help: "Contract files or folders (searched for *.yaml and *.yml). Defaults to 'schemas'.")
    var paths: [String] = ["schemas"]

    @Flag(help: "Treat warnings as errors.")
    var warningsAsErrors = false

    func run() throws {
        let found: ContractFiles.Found
        do {
            found = try ContractFiles.find(paths)
        } catch {
            throw ValidationError(error.description)
        }
        let files = found.files
        let printer = DiagnosticPrinter()
        printer.print(found.problems)
        var errors = found.problems.count, warnings = 0
        for file in files {
            let loaded = ContractLoader().load(path: file)
            printer.print(loaded)
            errors += loaded.diagnostics.filter { $0.severity == .error }.count
            warnings += loaded.diagnostics.filter { $0.severity == .warning }.count
            if let contract = loaded.contract {
                print("\(file): \(ContractSummary(contract))")
            } else {
                print(
                    "\(file): not valid (\(ContractSummary.count(loaded.diagnostics.filter { $0.severity == .error }.count, "error")))"
                )
            }
        }
        print(
            "\(ContractSummary.count(files.count, "contract")) checked: \(ContractSummary.count(errors, "error")), \(ContractSummary.count(warnings, "warning"))"
        )
        if errors > 0 || (warningsAsErrors && warnings > 0) {
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }
}
