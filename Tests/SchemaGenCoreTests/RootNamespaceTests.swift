import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// A Socket.IO contract's `namespace:` (issue 36): a change of it is reported as the breaking change it is. (The golden
/// `enums.yaml` shows it in every output: `Enums.namespace`, the reference's wire format, TypeScript, AsyncAPI.)
@Suite struct RootNamespaceTests {
    static let contract = """
        schemagen: 1
        name: Chat
        framing: socket.io
        namespace: /chat
        events:
          said: { direction: server-to-client, payload: { text: String } }

        """

    @Test func movingTheNamespaceBreaksEveryFlow() {
        let result = ContractComparison().compare(
            old: [
                .init(
                    key: "c.yaml", displayPath: "old/c.yaml",
                    data: Data(Self.contract.replacingOccurrences(of: "namespace: /chat\n", with: "").utf8))
            ],
            new: [.init(key: "c.yaml", displayPath: "c.yaml", data: Data(Self.contract.utf8))])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let changes = result.report.changes
        #expect(changes.map(\.kind) == [.channelAddressChanged])
        #expect(changes.first?.summary == "the namespace of the events outside channels changed from `/` to `/chat`")
        let markdown = result.report.markdown()
        #expect(markdown.contains("❌ **Check fails**") && markdown.contains("**1 breaking change**"), "\(markdown)")
    }
}
