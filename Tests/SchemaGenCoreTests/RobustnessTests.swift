import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import TestSupport
import Testing

/// Hostile input never crashes the loader: each case ends in a clear, located error.
@Suite struct RobustnessTests {
    private func onlyError(_ loaded: ContractLoader.Loaded) -> Diagnostic? {
        #expect(loaded.contract == nil)
        #expect(loaded.diagnostics.count == 1, "expected one diagnostic, got \(loaded.diagnostics.map(\.message))")
        return loaded.diagnostics.first
    }

    @Test func binaryGarbage() {
        var generator = SeededGenerator(seed: 42)
        let bytes = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let error = onlyError(ContractLoader().load(data: bytes, path: "garbage.bin"))
        #expect(error?.message.hasPrefix("the file is not UTF-8 text") == true)
        #expect(error?.location?.path == "garbage.bin")
    }

    @Test func validUTF8WithControlCharacters() {
        let error = onlyError(ContractLoader().load(data: Data("schemagen: 1\nname: A\u{0}B\n".utf8), path: "nul.yaml"))
        #expect(error?.message.contains("U+0000") == true)
        #expect(error?.location.map { "\($0.line):\($0.column)" } == "2:8")
    }

    /// Every C0 control but tab and line breaks, and DEL, located in columns of characters: after multi-byte ones too.
    @Test(arguments: [("\u{7}", "0007"), ("\u{1B}", "001B"), ("\u{7F}", "007F"), ("\u{1F}", "001F")])
    func controlCharactersAfterMultiByteOnesAreLocated(control: String, code: String) {
        let text = "schemagen: 1\n# é ✓ 🎉\nname: Aé✓\(control)\n"
        let error = onlyError(ContractLoader().load(data: Data(text.utf8), path: "control.yaml"))
        #expect(error?.message.contains("U+\(code)") == true)
        #expect(error?.location.map { "\($0.line):\($0.column)" } == "3:10")
    }

    @Test func tabsAndLineBreaksAreNotControlCharactersToRefuse() {
        let loaded = ContractLoader().load(
            text: "schemagen: 1\r\nname: A # é\tx\r\nframing: socket.io\r\n", path: "crlf.yaml")
        #expect(!loaded.diagnostics.contains { $0.message.contains("control character") })
    }

    @Test func emptyFile() {
        let error = onlyError(ContractLoader().load(data: Data(), path: "empty.yaml"))
        #expect(error?.message.hasPrefix("the file is empty") == true)
    }

    @Test func listAtTheTop() {
        let error = onlyError(ContractLoader().load(text: "- a\n- b\n", path: "list.yaml"))
        #expect(error?.message.contains("found a list at the top level") == true)
    }

    @Test func tenMegabyteFile() {
        let line = "# " + String(repeating: "x", count: 98) + "\n"
        let text = "schemagen: 1\n" + String(repeating: line, count: 100_000)
        #expect(text.utf8.count > 10_000_000)
        let error = onlyError(ContractLoader().load(text: text, path: "big.yaml"))
        #expect(error?.message.contains("over the 8 MiB limit") == true)
    }

    @Test func tenMegabyteFileOnDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schemagen-big-\(UUID().uuidString).yaml")
        try Data(repeating: UInt8(ascii: "a"), count: 10_000_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = onlyError(ContractLoader().load(path: url.path))
        #expect(error?.message.contains("9.5 MiB") == true)
    }

    @Test(arguments: ["{a: ", "[", "- "])
    func nestingTenThousandDeep(opener: String) {
        let closer = opener == "{a: " ? "}" : opener == "[" ? "]" : ""
        let separator = opener == "- " ? "\n" : ""
        var text = "schemagen: 1\nname: Deep\nframing: socket.io\nevents:\n  x: "
        if opener == "- " {
            // Block lists: each level is indented one more space.
            text +=
                "\n" + (0..<10_000).map { String(repeating: " ", count: $0 + 4) + "-" }.joined(separator: separator)
                + " end\n"
        } else {
            text += String(repeating: opener, count: 10_000) + "end" + String(repeating: closer, count: 10_000) + "\n"
        }
        let loaded = ContractLoader().load(text: text, path: "deep.yaml")
        let error = onlyError(loaded)
        #expect(error?.severity == .error)
        #expect(
            error?.message.contains("nests deeper than 1000 levels") == true || error?.message.contains("MiB") == true,
            "\(error?.message ?? "")")
    }

    @Test func nestingJustUnderTheLimitIsCheckedNormally() {
        let depth = 900
        let text =
            "schemagen: 1\nname: Deep\nframing: socket.io\nevents:\n  x:\n    direction: both\n    payload:\n      a: "
            + String(repeating: "{fields: {a: ", count: depth / 2) + "String"
            + String(repeating: "}}", count: depth / 2) + "\n"
        let loaded = ContractLoader().load(text: text, path: "deep.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        #expect(loaded.contract != nil)
    }

    @Test func aliasBombIsStopped() {
        var text = "schemagen: 1\nname: Bomb\nframing: socket.io\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<12 {
            text +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        let error = onlyError(ContractLoader().load(text: text, path: "bomb.yaml"))
        #expect(error?.message.contains("aliases") == true)
    }

    @Test func unreadablePathIsLocatedAtTheFileWithoutAPosition() {
        let loaded = ContractLoader().load(path: "/nonexistent/contract.yaml")
        #expect(loaded.diagnostics.count == 1)
        #expect(loaded.diagnostics.first?.location == .file("/nonexistent/contract.yaml"))
        #expect(
            loaded.diagnostics.first.map { DiagnosticRenderer().render($0) }
                == "/nonexistent/contract.yaml: error: '/nonexistent/contract.yaml' does not exist")
    }

    @Test func duplicateKeysAreRecoveredInWindowsFiles() {
        let text =
            "schemagen: 1\r\nname: Crlf\r\nframing: socket.io\r\nevents:\r\n  ping:\r\n    direction: both\r\n  ping:\r\n    direction: both\r\n  pong:\r\n    direction: sideways\r\n"
        let loaded = ContractLoader().load(text: text, path: "crlf.yaml")
        #expect(loaded.diagnostics.map { "\($0.location!.line):\($0.location!.column)" } == ["7:3", "10:16"])
        #expect(loaded.source?.line(10) == "    direction: sideways")
    }

    @Test func byteOrderMarkAndWindowsLineEndingsAreAccepted() {
        let text =
            "\u{FEFF}schemagen: 1\r\nname: Crlf\r\nframing: socket.io\r\nevents:\r\n  ping: { direction: both, descripton: x }\r\n"
        let loaded = ContractLoader().load(data: Data(text.utf8), path: "crlf.yaml")
        #expect(loaded.diagnostics.map { "\($0.location!.line):\($0.location!.column)" } == ["5:28"])
    }
}
