import ArgumentParser
import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// `schemagen import`: a contract from another description of the API.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a contract from another description of the API.",
        subcommands: [ImportAsyncAPI.self]
    )
}

/// `schemagen import asyncapi spec.yaml`.
struct ImportAsyncAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "asyncapi",
        abstract: "Write a contract from an AsyncAPI 3.0 or 2.6 document (YAML or JSON).",
        discussion: """
            Channels become channels (the main namespace or the address-less channel, events outside channels), \
            messages events, components.schemas named types, replies `reply:` by their correlationId. What a \
            contract cannot carry over is a warning located in the document. AsyncAPI does not say how events \
            are framed on the wire: unless the document is schemagen's own export, the contract says \
            `framing: socket.io` and a warning says to set the API's. The contract is checked before it is \
            written; with errors nothing is written and the exit status is 1.
            """
    )

    @Argument(help: "The AsyncAPI document.")
    var document: String

    @Option(
        name: .shortAndLong,
        help: "The contract file to write (replaced whole); without it the contract goes to standard output.")
    var output: String?

    @Option(
        help:
            "Whose operations the document describes: server (send = the server sends, the usual document) or app. Default: app for schemagen's exports, server otherwise."
    )
    var perspective: AsyncAPIImporter.Perspective?

    func run() throws {
        let loaded = YAMLLoader().load(path: document)
        let printer = DiagnosticPrinter()
        guard let root = loaded.root else {
            printer.print(loaded.diagnostics, source: loaded.source)
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        let result = AsyncAPIImporter(perspective: perspective).importDocument(
            root, sourceFile: (document as NSString).lastPathComponent)
        printer.print(result.diagnostics, source: loaded.source)
        guard let contract = result.contract else { throw ExitCode(ExitStatus.failure.rawValue) }
        let checkedPath = output ?? "<imported contract>"
        let checked = ContractLoader().load(text: contract, path: checkedPath)
        printer.print(checked)
        if let output {
            guard !checked.hasErrors else {
                writeError(
                    "schemagen import: the contract has errors, so '\(output)' was not written; run without -o to see it\n"
                )
                throw ExitCode(ExitStatus.failure.rawValue)
            }
            do {
                try Data(contract.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                writeError("schemagen import: cannot write '\(output)': \(error.localizedDescription)\n")
                throw ExitCode(ExitStatus.failure.rawValue)
            }
            writeError(
                "schemagen import: wrote \(output) (\(ContractSummary.count(checked.contract?.allEvents.count ?? 0, "event")))\n"
            )
        } else {
            print(contract, terminator: "")
            if checked.hasErrors { throw ExitCode(ExitStatus.failure.rawValue) }
        }
    }
}

extension AsyncAPIImporter.Perspective: ExpressibleByArgument {}
