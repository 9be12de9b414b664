import ArgumentParser
import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// `schemagen verify`: captured traffic checked against a contract, frame by frame.
extension CaptureProtocol: ExpressibleByArgument {}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check captured WebSocket traffic against a contract.",
        discussion: """
            Reads captures as users have them: JSON Lines of {"direction": ..., "data": ...} (what a proxy or an \
            integration test writes) and HAR files exported by a browser's developer tools. The protocol's own \
            packets are unwrapped and counted: Socket.IO's, Phoenix's (Supabase Realtime: text arrays and binary \
            messages), Pusher's; it is recognised from a HAR's WebSocket URL (EIO=, vsn=, /app/KEY) or given with \
            --protocol. Reports, per event, the frames seen, matched and failed, each failure located in the \
            capture and the contract, and every line or message of a capture that cannot be read (damaged, too long, \
            binary). Exits 0 when every frame matches and every part was read, 1 on a mismatch or an unreadable part, \
            2 for a usage problem, a capture file that cannot be opened, or a contract that cannot be read.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Argument(help: "The contract file.")
    var contract: String

    @Argument(help: "Capture files: .har, or JSON Lines (.jsonl, .ndjson, any other name).")
    var captures: [String]

    @Option(name: .long, help: "Output format: text (default), markdown (a pull-request comment) or json.")
    var format: Format = .text

    @Option(
        name: .customLong("protocol"),
        help:
            "The protocol the capture was recorded over: websocket, socket.io, phoenix or pusher. Recognised from a HAR's WebSocket URL when not given; else socket.io for a socket.io contract, websocket for others."
    )
    var captureProtocol: CaptureProtocol?

    @Option(
        help:
            "With Phoenix and a contract of broadcasts (not Phoenix's own arrays): what topics start with before the channel's address."
    )
    var topicPrefix = "realtime:"

    @Option(
        help:
            "With Socket.IO: the namespace the contract's events outside channels travel in on this server (/rooms), when it mounts them elsewhere than the contract's `namespace:` says."
    )
    var namespace: String?

    func run() throws {
        let loaded = ContractLoader().load(path: contract)
        DiagnosticPrinter().print(loaded)
        guard var model = loaded.contract else {
            writeError("schemagen verify: \(contract) has errors; nothing verified\n")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        if let namespace {
            guard namespace.hasPrefix("/") else {
                writeError("error: --namespace must start with '/' (Socket.IO namespaces do): '\(namespace)'\n")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
            model.namespace = namespace == "/" ? nil : namespace
        }
        var verifier = CaptureVerifier(contract: model)
        verifier.captureProtocol = captureProtocol
        verifier.topicPrefix = topicPrefix
        let progress = Progress()
        do {
            for capture in captures {
                let unreadable = try CaptureReader.read(capture, binary: true) { frame in
                    verifier.verify(frame)
                    progress.tick(verifier.report.frames)
                }
                verifier.noteUnreadable(unreadable)
            }
        } catch let error as CaptureError {
            progress.finish()
            writeError("error: \(error)\n")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        progress.finish()
        switch format {
        case .text: print(verifier.report.text(), terminator: "")
        case .markdown: print(verifier.report.markdown(), terminator: "")
        case .json: print(verifier.report.json(), terminator: "")
        }
        if !verifier.report.passes { throw ExitCode(ExitStatus.failure.rawValue) }
    }

    /// A line on standard error every 100,000 frames when it is a terminal, for captures of a day of traffic.
    final class Progress {
        private let enabled = isatty(STDERR_FILENO) != 0
        private var shown = false

        func tick(_ frames: Int) {
            guard enabled, frames % 100_000 == 0 else { return }
            writeError("\rverified \(frames) frames…")
            shown = true
        }

        func finish() {
            if shown { writeError("\n") }
        }
    }
}
