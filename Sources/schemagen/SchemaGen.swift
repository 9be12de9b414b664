import ArgumentParser
import Foundation

/// The `schemagen` command line.
@main
struct SchemaGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemagen",
        abstract:
            "Typed Swift clients and reference docs for realtime (Socket.IO, Pusher, Supabase, WebSocket) event contracts.",
        version: "0.1.0",
        subcommands: [Generate.self, Docs.self, Check.self, Diff.self, Lint.self, Import.self, Verify.self, Infer.self]
    )

    /// Usage problems exit with 2, contract errors with 1, as linters do; ArgumentParser's default for
    /// usage problems is 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Self.exit(withError: exit)
        } catch let error as ValidationError {
            // Thrown by a subcommand's `run()` for a bad argument such as a missing file.
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            Foundation.exit(ExitStatus.usage.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            Self.exit(withError: error)
        }
    }
}

/// The exit codes of every subcommand.
enum ExitStatus: Int32 {
    case success = 0
    /// A contract has errors (or, for `check` and `diff`, the answer is "no").
    case failure = 1
    /// The command line itself is wrong: unknown option, missing file.
    case usage = 2
}
