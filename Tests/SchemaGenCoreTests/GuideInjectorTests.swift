import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// Injection replaces only what stands between the markers; every other byte of a guide stays as it was.
@Suite struct GuideInjectorTests {
    static func injector() throws -> GuideInjector {
        let contract = try #require(
            ContractLoader().load(path: Golden.repositoryRoot.appendingPathComponent("schemas/driver.yaml").path)
                .contract)
        let context = MarkdownTranslator().translate(contract, sourceFile: "driver.yaml")
        return GuideInjector(
            sources: [.init(names: ["DriverApp", "driver"], context: context)],
            renderer: try TemplateRenderer(kind: .markdown))
    }

    /// Splits an injected guide into the parts outside the markers (markers included) and checks them.
    private func outside(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.contains("<!-- schemagen:end") { inside = false }
            if !inside { current += line + "\n" }
            if line.contains("<!-- schemagen:begin") { inside = true; parts.append(current); current = "" }
        }
        parts.append(current)
        return parts
    }

    @Test(arguments: ["\n", "\r\n"])
    func bytesOutsideTheMarkersAreUntouched(newline: String) throws {
        let guide = [
            "# Driver guide  ", "", "Some *prose* with | pipes and `code`.",
            "\t<!-- schemagen:begin driver channel:driver -->",
            "stale table", "<!-- schemagen:end -->", "Between.", "<!-- schemagen:begin DriverApp types -->",
            "<!-- schemagen:end -->",
            "Last line without newline",
        ].joined(separator: newline)
        let injected = try Self.injector().inject(into: guide, path: "guide.md").get()
        #expect(
            outside(injected.replacingOccurrences(of: "\r\n", with: "\n")).map {
                $0.replacingOccurrences(of: "\n", with: newline)
            }
                == outside(guide.replacingOccurrences(of: "\r\n", with: "\n")).map {
                    $0.replacingOccurrences(of: "\n", with: newline)
                })
        #expect(
            injected.hasPrefix(
                "# Driver guide  " + newline + newline + "Some *prose* with | pipes and `code`." + newline
                    + "\t<!-- schemagen:begin driver channel:driver -->" + newline + newline + "### Channel driver"
                    + newline))
        #expect(injected.hasSuffix("<!-- schemagen:end -->" + newline + "Last line without newline"))
        #expect(!injected.contains("stale table"))
        #expect(injected.contains("| `job-removed` |"))
        #expect(injected.contains("### ScheduleUpdateType"))
        if newline == "\r\n" {
            let bareLineFeeds = injected.unicodeScalars.indices.filter { index in
                injected.unicodeScalars[index] == "\n"
                    && (index == injected.unicodeScalars.startIndex
                        || injected.unicodeScalars[injected.unicodeScalars.index(before: index)] != "\r")
            }
            #expect(bareLineFeeds.isEmpty, "every inserted line uses the guide's CRLF")
        }
        // Injecting again changes nothing.
        #expect(try Self.injector().inject(into: injected, path: "guide.md").get() == injected)
    }

    @Test func aGuideWithoutMarkersIsReturnedAsIs() throws {
        let guide = "no markers here\r\nat all"
        #expect(try Self.injector().inject(into: guide, path: "g.md").get() == guide)
    }

    @Test func markerProblemsAreLocatedAndNothingIsProduced() throws {
        let guide = """
            <!-- schemagen:end -->
              <!-- schemagen:begin Driver types -->
            <!-- schemagen:end -->
            <!-- schemagen:begin driver channel:drivers2 -->
            <!-- schemagen:end -->
            <!-- schemagen:begin driver -->
            <!-- schemagen:end -->
            <!-- schemagen:begin driver types
            <!-- schemagen:end -->
            <!-- schemagen:begin driver types -->
            """
        guard case .failure(let failure) = try Self.injector().inject(into: guide, path: "g.md") else {
            Issue.record("expected marker errors")
            return
        }
        #expect(
            failure.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.message)" } == [
                "1:1 a schemagen:end marker without a schemagen:begin before it",
                "2:3 unknown contract 'Driver' in the marker; did you mean 'driver'?",
                "4:1 unknown section 'channel:drivers2' for contract 'driver'; did you mean 'channel:drivers'?",
                "6:1 a begin marker names a contract and a section: `<!-- schemagen:begin Zikr server-to-client -->`",
                "8:1 the begin marker must end with `-->` on the same line",
                "10:1 this schemagen:begin marker has no `<!-- schemagen:end -->` after it",
            ])
    }
}
