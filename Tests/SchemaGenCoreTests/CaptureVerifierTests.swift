import Foundation
@testable import SchemaGenCore
import Testing

/// The verifier's report stays bounded however long the capture: failing frames and notice kinds past their bounds
/// are counted, not kept.
@Suite struct CaptureVerifierTests {
    static let contract = """
        schemagen: 1
        name: Chat
        framing: socket.io
        events:
          said:
            direction: server-to-client
            payload: { text: String }

        """

    @Test func noticeKindsAndFailuresPastTheirBoundsAreCounted() throws {
        let contract = try #require(ContractLoader().load(text: Self.contract, path: "chat.yaml").contract)
        var verifier = CaptureVerifier(contract: contract)
        for index in 0..<150 {
            // A new key in every frame: 150 kinds of notice.
            verifier.verify(
                CapturedFrame(
                    data: Data(#"42["said",{"text":"hi","k\#(index)":1}]"#.utf8), direction: .serverToClient,
                    origin: "c:\(index)"))
            verifier.verify(
                CapturedFrame(
                    data: Data(#"42["said",{"text":1}]"#.utf8), direction: .serverToClient, origin: "f:\(index)"))
        }
        let tally = try #require(verifier.report.events[.init(channel: nil, event: "said")])
        #expect(tally.seen == 300 && tally.matched == 150 && tally.failed == 150)
        #expect(tally.notices.count == 100 && tally.noticesNotKept == 50)
        #expect(tally.failures.count == 20)
        let text = verifier.report.text()
        #expect(text.contains("  … and 130 more failing frames\n"))
        #expect(text.contains("  … and 50 more notices of kinds not listed\n"))
    }

    /// A Socket.IO acknowledgement is checked against its event's `ack:` and counted with the event; one that
    /// answers nothing awaited is a protocol packet.
    @Test func acknowledgementsAreCheckedAgainstTheirEventsAck() throws {
        let contract = try #require(
            ContractLoader().load(
                text: """
                    schemagen: 1
                    name: Uploads
                    framing: socket.io
                    types:
                      Stored:
                        fields:
                          fileId: String
                    events:
                      upload:
                        direction: client-to-server
                        payload: { name: String }
                        ack: Stored

                    """, path: "uploads.yaml"
            ).contract)
        var verifier = CaptureVerifier(contract: contract)
        for (direction, text) in [
            (Direction.clientToServer, #"421["upload",{"name":"a"}]"#), (.serverToClient, #"431[{"fileId":"f1"}]"#),
            (.clientToServer, #"422["upload",{"name":"b"}]"#), (.serverToClient, #"432[{"fileId":7}]"#),
            (.serverToClient, #"439[{"fileId":"f9"}]"#),
        ] {
            verifier.verify(CapturedFrame(data: Data(text.utf8), direction: direction, origin: text))
        }
        let tally = try #require(verifier.report.events[.init(channel: nil, event: "upload")])
        #expect(tally.seen == 4 && tally.matched == 3 && tally.failed == 1)
        #expect(
            tally.failures.first?.findings.map { "\($0.path): \($0.message)" } == [
                "$.ack[0].fileId: expected a string, found 7"
            ])
        #expect(verifier.report.controlFrames == ["acknowledgement": 1])
    }
}
