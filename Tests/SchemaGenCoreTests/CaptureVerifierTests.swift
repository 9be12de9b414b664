import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
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

    @Test func theProtocolIsRecognisedFromTheWebSocketURL() {
        #expect(
            CaptureProtocol.recognised(fromURL: "wss://x.supabase.co/realtime/v1/websocket?apikey=a&vsn=2.0.0")
                == .phoenix)
        #expect(
            CaptureProtocol.recognised(fromURL: "ws://localhost:5000/socket.io/?EIO=4&transport=websocket") == .socketIO
        )
        #expect(
            CaptureProtocol.recognised(fromURL: "wss://ws-eu.pusher.com/app/abc123?protocol=7&client=js") == .pusher)
        #expect(CaptureProtocol.recognised(fromURL: "wss://api.example.com/stream") == nil)
        #expect(CaptureProtocol.recognised(fromURL: "not a url at all %") == nil)
    }

    /// Pusher's own events (the connection's establishment, a subscription's success, pings) are protocol packets
    /// unless the contract declares them; the app's events are checked. Frames from Pusher's protocol specification
    /// (github.com/pusher/pusher-socket-protocol), with the driver contract's channel and event.
    @Test func pushersOwnEventsAreSkippedAndTheAppsChecked() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let contract = try #require(
            ContractLoader().load(path: root.appending(path: "schemas/driver.yaml").path).contract)
        var verifier = CaptureVerifier(contract: contract)
        let url = "wss://ws-eu.pusher.com/app/key?protocol=7&client=js&version=8.4.0"
        let frames = [
            #"{"event":"pusher:connection_established","data":"{\"socket_id\":\"123.456\",\"activity_timeout\":120}"}"#,
            #"{"event":"pusher_internal:subscription_succeeded","channel":"driver-7","data":"{}"}"#,
            #"{"event":"pusher:ping","data":"{}"}"#,
            #"{"event":"job-removed","channel":"driver-7","data":"{\"bookingId\":\"b1\",\"bookingReference\":\"R1\",\"reason\":\"cancelled\",\"message\":\"Removed\"}"}"#,
            #"{"event":"pusher:typo","data":"{}"}"#,
        ]
        for (index, frame) in frames.enumerated() {
            verifier.verify(
                CapturedFrame(data: Data(frame.utf8), direction: .serverToClient, origin: "p:\(index + 1)", url: url))
        }
        #expect(
            verifier.report.controlFrames == [
                "pusher:connection_established": 1, "pusher_internal:subscription_succeeded": 1, "pusher:ping": 1,
                "pusher:typo": 1,
            ])
        #expect(verifier.report.events[.init(channel: "driver", event: "job-removed")]?.matched == 1)
        #expect(verifier.report.passes)
    }

    /// A union with several array members reads each array as the member its first element's kind names, the empty
    /// array as the list's, and names both sides for an array none starts like (issue 53, shape 8).
    @Test func arrayMembersOfAUnionAreToldApartByTheirFirstElement() throws {
        let contract = try #require(
            ContractLoader().load(
                text: """
                    schemagen: 1
                    name: Book
                    framing: socket.io
                    types:
                      Level:
                        tuple: [price: Double, count: Int]
                      Levels:
                        union: [snapshot: "[Level]", update: Level, heartbeat: String]
                    events:
                      book:
                        direction: server-to-client
                        payload: Levels

                    """, path: "book.yaml"
            ).contract)
        var verifier = CaptureVerifier(contract: contract)
        for (index, frame) in [
            #"42["book",[[7254.7,3],[7254.6,2]]]"#, #"42["book",[7254.5,0]]"#, #"42["book",[]]"#, #"42["book","hb"]"#,
            #"42["book",["7254.5",0]]"#, #"42["book",[[7254.7,"3"]]]"#,
        ].enumerated() {
            verifier.verify(CapturedFrame(data: Data(frame.utf8), direction: .serverToClient, origin: "f:\(index)"))
        }
        let tally = try #require(verifier.report.events[.init(channel: nil, event: "book")])
        #expect(tally.matched == 4 && tally.failures.map(\.origin) == ["f:4", "f:5"])
        let reasons = tally.failures.map { $0.findings.map(\.description).joined() }
        #expect(
            reasons.first?.contains(
                "an array of strings is none of `Levels`'s array members (an array of arrays (or empty) or an array of numbers)"
            )
                == true, "\(reasons)")
        #expect(reasons.last?.contains("[0][1]") == true, "\(reasons)")
    }
}
