import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// Every in-page link of the generated references lands on a heading, anchors counted as GitHub counts them (a
/// repeated heading's anchor gets `-1`, `-2`, ...): the types' links, the contents, and each event row's link to its
/// examples.
@Suite struct MarkdownLinkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var files: [String] {
        ["Generated/Docs", "Tests/GoldenDocs"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: folder).path)) ?? []).filter {
                $0.hasSuffix(".md")
            }.sorted().map { "\(folder)/\($0)" }
        }
    }

    /// The anchors of a document's headings, outside code blocks, in order.
    static func anchors(_ text: String) -> Set<String> {
        var book = AnchorBook()
        var anchors: Set<String> = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            anchors.insert(book.anchor(for: String(line.drop { $0 == "#" }.dropFirst())))
        }
        return anchors
    }

    static func links(_ text: String) -> [String] {
        text.matches(of: /\]\(#([^)]+)\)/).map { String($0.output.1) }
    }

    @Test(arguments: files) func everyInPageLinkLandsOnAHeading(file: String) throws {
        let text = try String(contentsOf: Self.root.appending(path: file), encoding: .utf8)
        let anchors = Self.anchors(text)
        let broken = Self.links(text).filter { !anchors.contains($0) }
        #expect(broken.isEmpty, "\(file): \(broken)")
    }

    @Test func eachEventsRowLinksItsExamples() throws {
        let text = try String(
            contentsOf: Self.root.appending(path: "Generated/Docs/ethereum-pubsub.md"), encoding: .utf8)
        // `eth_subscribe` has a conversation heading before its examples' heading: the examples are `-1`.
        #expect(text.contains("cancelled with `eth_unsubscribe`. [Examples](#eth_subscribe-1) |"))
        #expect(text.contains("(whether it was cancelled). [Examples](#result) |"))
        #expect(text.contains("A notification of a subscription. [Example](#eth_subscription) |"))
        // An event without examples links none.
        #expect(text.contains("e.g. -32601 for an unknown method). |"))
    }
}
