import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// Writes diagnostics to standard error: plain `path:line:col: error: message` lines for Xcode, CI logs
/// and pipes; with the source line, a caret and colour when a person reads them in a terminal.
struct DiagnosticPrinter {
    let renderer: DiagnosticRenderer

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let isTerminal = isatty(FileHandle.standardError.fileDescriptor) == 1
        renderer = DiagnosticRenderer(
            showsSourceLines: isTerminal,
            usesColor: isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
    }

    func print(_ loaded: ContractLoader.Loaded) {
        print(loaded.diagnostics, source: loaded.source)
    }

    func print(_ diagnostics: [Diagnostic], source: SourceText? = nil) {
        guard !diagnostics.isEmpty else { return }
        let sources = source.map { [$0.path: $0] } ?? [:]
        writeError(renderer.render(diagnostics, sources: sources))
    }
}

func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
