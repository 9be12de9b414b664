import ArgumentParser
import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// `schemagen infer`: a draft contract from captured traffic, checked and verified against that traffic before it
/// is written.
struct Infer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Draft a contract from captured WebSocket traffic.",
        discussion: """
            Reads captures as `verify` does (JSON Lines, HAR; Socket.IO, Phoenix and Pusher packets unwrapped, binary \
            messages included), recognises the framing (Socket.IO packets, an \
            envelope, a discriminator key, positional arrays), names events by their wire names, takes directions \
            from the capture and unifies every sample of an event into the least type that reads them all: optional \
            when sometimes absent, nullable when null was seen, Int or Double, ISO 8601 dates, nested objects as \
            named types shared where equal, Socket.IO acknowledgements as `ack:`. Every guess is a comment in the \
            draft. The draft is checked and verified against the captures before it is written: exit 0 when it \
            lints clean and every frame matches, 1 when not (nothing is written), 2 for a usage problem or a capture \
            that cannot be read.
            """
    )

    @Argument(help: "Capture files: .har, or JSON Lines (.jsonl, .ndjson, any other name).")
    var captures: [String]

    @Option(
        name: .shortAndLong,
        help: "The contract file to write (replaced whole); without it the draft goes to standard output.")
    var output: String?

    @Option(help: "The contract's name, a Swift type name. Default: from the output file's name, else Inferred.")
    var name: String?

    @Option(
        name: .customLong("protocol"),
        help:
            "The protocol the captures were recorded over: websocket, socket.io, phoenix or pusher. Recognised from a HAR's WebSocket URL when not given; else Socket.IO's packets from their text. Over Phoenix the draft describes the broadcasts."
    )
    var captureProtocol: CaptureProtocol?

    @Option(help: "With Phoenix: what topics start with before the channel's address.")
    var topicPrefix = "realtime:"

    func run() throws {
        let contractName = name ?? output.flatMap { Self.name(fromFile: $0) } ?? "Inferred"
        let draft: String
        var unreadable = UnreadableParts()
        do {
            defer {
                for part in unreadable.first { writeError("warning: \(part); left out of the draft\n") }
                if unreadable.count > unreadable.first.count {
                    writeError(
                        "warning: \(unreadable.count - unreadable.first.count) more parts of the captures could not be read\n"
                    )
                }
            }
            draft = try ContractInferrer.draft(
                name: contractName, captures: captures, captureProtocol: captureProtocol, topicPrefix: topicPrefix,
                unreadable: &unreadable)
        } catch let error as CaptureError {
            writeError("error: \(error)\n")
            throw ExitCode(ExitStatus.usage.rawValue)
        } catch let error as InferenceError {
            writeError("schemagen infer: \(error.message)\n")
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        let check = try DraftCheck(
            draft: draft, path: output ?? "<inferred contract>", captureProtocol: captureProtocol,
            topicPrefix: topicPrefix
        ) { verify in
            // The parts that cannot be read were reported with the draft; the check judges the frames.
            for capture in captures { _ = try CaptureReader.read(capture, binary: true, verify) }
        }
        DiagnosticPrinter().print(check.loaded)
        let clean = check.isClean
        if let report = check.report, !report.passes { writeError(report.text()) }
        if let output {
            guard clean else {
                writeError(
                    "schemagen infer: the draft does not read its own captures, so '\(output)' was not written; run without -o to see it\n"
                )
                throw ExitCode(ExitStatus.failure.rawValue)
            }
            do {
                try Data(draft.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                writeError("schemagen infer: cannot write '\(output)': \(error.localizedDescription)\n")
                throw ExitCode(ExitStatus.failure.rawValue)
            }
            let events = check.loaded.contract?.allEvents.count ?? 0
            writeError(
                "schemagen infer: wrote \(output) (\(ContractSummary.count(events, "event")), verified against \(check.report?.frames ?? 0) frames)\n"
            )
        } else {
            print(draft, terminator: "")
            if !clean { throw ExitCode(ExitStatus.failure.rawValue) }
        }
    }

    /// `order-status.yaml` → `OrderStatus`.
    static func name(fromFile path: String) -> String? {
        var stem = (path as NSString).lastPathComponent
        while let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        guard let name = SwiftName.upperCamel(stem), let first = name.first, first.isLetter else { return nil }
        return name
    }
}
