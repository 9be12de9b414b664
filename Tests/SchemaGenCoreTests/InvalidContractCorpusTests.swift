import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// Every file in Fixtures/Invalid is a contract with known mistakes; its `.expected` golden file holds the
/// diagnostics (path, line, column, severity, message) the checker must report, exactly.
@Suite struct InvalidContractCorpusTests {
    static let folder = Golden.fixtures.appendingPathComponent("Invalid")

    static var corpus: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func corpusHasAtLeastFortyContracts() {
        #expect(Self.corpus.count >= 40)
    }

    @Test(arguments: corpus)
    func reportsExpectedDiagnostics(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".yaml"))
        let loaded = ContractLoader().load(data: data, path: "Invalid/\(name).yaml")
        #expect(!loaded.diagnostics.isEmpty, "an invalid contract must produce diagnostics")
        if loaded.hasErrors { #expect(loaded.contract == nil, "a contract with errors must not be returned") }
        for diagnostic in loaded.diagnostics {
            #expect(
                diagnostic.location?.path == "Invalid/\(name).yaml",
                "every diagnostic names the file: \(diagnostic.message)")
        }
        let rendered = DiagnosticRenderer().render(loaded.diagnostics)
        try Golden.assertMatches(rendered, golden: Self.folder.appendingPathComponent(name + ".expected"))
    }
}
