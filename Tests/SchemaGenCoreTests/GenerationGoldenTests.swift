import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// The generator on small contracts, one per feature: the output must match the golden files in
/// Tests/GoldenClients (Swift) and Tests/GoldenDocs (Markdown) exactly. The Swift goldens are also compiled
/// (the GoldenClients target) and exercised (GoldenClientTests), so they can only be re-recorded into code
/// that builds.
@Suite struct GenerationGoldenTests {
    static let contracts = Golden.fixtures.appendingPathComponent("Golden")
    static let goldens = Golden.repositoryRoot.appendingPathComponent("Tests/GoldenClients")
    static let docGoldens = Golden.repositoryRoot.appendingPathComponent("Tests/GoldenDocs")

    static var features: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: contracts.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func everyFeatureHasAContract() {
        #expect(Self.features.count >= 11)
    }

    @Test(arguments: features)
    func generatedSwiftMatchesTheGolden(feature: String) throws {
        let loaded = ContractLoader().load(path: Self.contracts.appendingPathComponent("\(feature).yaml").path)
        let contract = try #require(loaded.contract, "\(loaded.diagnostics)")
        let access: AccessLevel = feature.hasPrefix("internal") ? .internal : .public
        let context = SwiftTranslator(accessLevel: access).translate(contract, sourceFile: "\(feature).yaml")
        let swift = try TemplateRenderer(kind: .swift).render(context)
        try Golden.assertMatches(swift, golden: Self.goldens.appendingPathComponent("\(feature).swift"))
    }

    /// The server file beside the client's (`<feature>.server.swift`), compiled with it in GoldenClients.
    @Test(arguments: features)
    func generatedServerMatchesTheGolden(feature: String) throws {
        let loaded = ContractLoader().load(path: Self.contracts.appendingPathComponent("\(feature).yaml").path)
        let contract = try #require(loaded.contract, "\(loaded.diagnostics)")
        let access: AccessLevel = feature.hasPrefix("internal") ? .internal : .public
        let context = SwiftTranslator(accessLevel: access).translate(
            contract, sourceFile: "\(feature).yaml", role: .server(withTypes: false))
        let swift = try TemplateRenderer(kind: .swift).render(context)
        try Golden.assertMatches(swift, golden: Self.goldens.appendingPathComponent("\(feature).server.swift"))
    }

    @Test(arguments: features)
    func generatedMarkdownMatchesTheGolden(feature: String) throws {
        let loaded = ContractLoader().load(path: Self.contracts.appendingPathComponent("\(feature).yaml").path)
        let contract = try #require(loaded.contract, "\(loaded.diagnostics)")
        let markdown = try TemplateRenderer(kind: .markdown).render(
            MarkdownTranslator().translate(contract, sourceFile: "\(feature).yaml"))
        try Golden.assertMatches(markdown, golden: Self.docGoldens.appendingPathComponent("\(feature).md"))
    }

    @Test func generatingTwiceGivesIdenticalBytes() throws {
        let contract = try #require(
            ContractLoader().load(path: Self.contracts.appendingPathComponent("hostile-names.yaml").path).contract)
        let renderer = try TemplateRenderer(kind: .swift)
        let first = renderer.render(SwiftTranslator().translate(contract, sourceFile: "x.yaml"))
        let second = renderer.render(SwiftTranslator().translate(contract, sourceFile: "x.yaml"))
        #expect(first == second)
    }
}
