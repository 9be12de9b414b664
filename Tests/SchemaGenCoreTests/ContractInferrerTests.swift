import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// `schemagen infer` on frames as APIs send them: the framing recognised, events named and directed, payloads
/// unified into the least types that read every sample, each guess commented; every draft lints clean and verifies
/// the frames it came from.
@Suite struct ContractInferrerTests {
    /// The draft for `frames`, checked: it loads without errors and verifies every frame it came from.
    func infer(_ frames: [(Direction, String)], name: String = "Inferred") throws -> (draft: String, contract: Contract)
    {
        let captured = frames.enumerated().map { index, frame in
            CapturedFrame(data: Data(frame.1.utf8), direction: frame.0, origin: "frames:\(index + 1)")
        }
        let draft = try ContractInferrer.draft(name: name, frames: captured, source: "frames")
        let check = DraftCheck(draft: draft, path: "draft.yaml") { verify in captured.forEach(verify) }
        #expect(check.loaded.diagnostics.isEmpty, "\(check.loaded.diagnostics.map(\.message))\n\(draft)")
        #expect(check.isClean && check.report?.noticeCount == 0, "\(check.report?.text() ?? "")\n\(draft)")
        return (draft, try #require(check.loaded.contract, "\(draft)"))
    }

    /// A Socket.IO session as a proxy records it: Engine.IO's open and pings, an event with an acknowledgement, one
    /// without a payload, and one whose samples disagree.
    @Test func aSocketIOSessionBecomesAContractWithEveryGuessCommented() throws {
        let (draft, _) = try infer([
            (.serverToClient, #"0{"sid":"x","upgrades":[],"pingInterval":25000,"pingTimeout":20000}"#),
            (.clientToServer, "40"),
            (.serverToClient, #"40{"sid":"y"}"#),
            (.clientToServer, #"421["join_group",{"groupId":"g1"}]"#),
            (.serverToClient, #"431[{"ok":true,"members":[{"id":"u1","name":"Ann"},{"id":"u2","name":null}]}]"#),
            (
                .serverToClient,
                #"42["member_joined",{"member":{"id":"u3","name":"Bo"},"at":"2026-11-27T10:00:00.123Z","count":3}]"#
            ),
            (
                .serverToClient,
                #"42["member_joined",{"member":{"id":"u4","name":"Cy"},"at":"2026-11-27T10:00:01.000Z","count":3.5,"tags":["a"]}]"#
            ),
            (.clientToServer, #"42["get_notifications"]"#),
            (.serverToClient, #"42["error","boom"]"#),
            (.serverToClient, "2"),
            (.clientToServer, "3"),
        ])
        #expect(
            draft == """
                # Drafted by `schemagen infer` from frames: 11 frames, 4 events.
                # Each type is the least one that reads every sample. A `# guess:` comment marks what the traffic could
                # not settle; check each, add descriptions, enums and requests, then delete the comments.
                schemagen: 1
                name: Inferred
                # guess: 11 of 11 frames are Engine.IO and Socket.IO packets
                framing: socket.io
                # guess: dates are sent with fractional seconds, as JavaScript's Date.toJSON writes them
                dates: iso8601-fractional
                types:
                  # guess: named from the acknowledgement of `join_group`, in JoinGroup
                  JoinGroupAck:
                    fields:
                      ok: Bool
                      members: "[Member]"
                  # guess: named from the key `member`, in JoinGroupAck, MemberJoined
                  Member:
                    fields:
                      id: String
                      # guess: nullable: null in 1 of 4 samples
                      name: "String | null"
                events:
                  join_group:
                    # guess: 1 frame, sent by the client
                    direction: client-to-server
                    payload:
                      groupId: String
                    # guess: 1 acknowledgement seen
                    ack: JoinGroupAck
                  member_joined:
                    # guess: 2 frames, sent by the server
                    direction: server-to-client
                    payload:
                      member: Member
                      # guess: Date: every sample was an ISO 8601 date and time
                      at: Date
                      count: Double
                      # guess: optional: absent from 1 of 2 samples
                      tags: "[String]?"
                  get_notifications:
                    # guess: 1 frame, sent by the client
                    direction: client-to-server
                  error:
                    # guess: 1 frame, sent by the server
                    direction: server-to-client
                    payload: String

                """)
    }

    /// graphql-transport-ws messages, written to the interfaces of its PROTOCOL.md (github.com/enisdenjo/graphql-ws,
    /// commit 0330bdda1a5e500aba856e2695c891644655bcf7): `type` names each, `payload` holds the payload, `id` sits
    /// beside them in both directions, so the draft is a frame shape with `id` as a field.
    /// Arrays led by the channel id a reply assigned (issue 53, shape 8), beside the objects that subscribe: Bitfinex's
    /// order book (https://docs.bitfinex.com/reference/ws-public-books, the heartbeat from
    /// https://docs.bitfinex.com/docs/ws-general). Before, infer refused them: "do not start with a string naming them".
    @Test func arraysLedByAChannelIDAreFrameShapesBesideTheObjects() throws {
        let (draft, contract) = try infer([
            (
                .clientToServer,
                #"{"event":"subscribe","channel":"book","symbol":"tBTCUSD","prec":"P0","freq":"F0","len":"25","subId": 123}"#
            ),
            (
                .serverToClient,
                #"{"event":"subscribed","channel":"book","chanId":10092,"symbol":"tETHUSD","prec":"P0","freq":"F0","len":"25","subId":123,"pair":"ETHUSD"}"#
            ),
            (.serverToClient, "[10092,[[7254.7,3,3.3],[7254.6,2,-1.2]]]"),
            (.serverToClient, "[10092,[7254.5,0,1]]"),
            (.serverToClient, #"[10092,"hb"]"#),
        ])
        #expect(
            draft.contains(
                """
                # guess: 3 of 5 frames are arrays that start with a channel id (as `chanId` of a reply held; `[id, "hb"]` alone); every other frame is an object whose `event` names it (2 names), beside the payload's fields
                frames:
                  message:
                    name: event
                    payload: rest
                  heartbeat:
                    array:
                      - chanId
                      - word
                    when:
                      word: hb
                    exact: true
                    fields:
                      chanId: Int
                  data:
                    array:
                      - chanId
                    payload: rest
                    fields:
                      chanId: Int
                """), "\(draft)")
        #expect(
            draft.contains(
                """
                  data:
                    # guess: 2 frames, sent by the server
                    direction: server-to-client
                    # guess: what the arrays after the channel id hold depends on the channel; type each with `subscription: {event: data, match: chanId, id: chanId, type: ...}` on the request whose reply assigns the id (docs/contract-format.md, Tuples)
                    frame: data
                """), "\(draft)")
        #expect(contract.events.map(\.wireName) == ["subscribe", "subscribed", "data", "heartbeat"])
        #expect(contract.events.last?.payload == nil)
    }

    @Test func anEnvelopeWithAnIdBothWaysIsAFrameShape() throws {
        let (draft, contract) = try infer([
            (.clientToServer, #"{"type":"connection_init"}"#),
            (.serverToClient, #"{"type":"connection_ack"}"#),
            (.clientToServer, #"{"type":"subscribe","id":"1","payload":{"query":"subscription { count }"}}"#),
            (.serverToClient, #"{"type":"next","id":"1","payload":{"data":{"count":1}}}"#),
            (.serverToClient, #"{"type":"next","id":"1","payload":{"data":{"count":2}}}"#),
            (.serverToClient, #"{"type":"complete","id":"1"}"#),
            (.clientToServer, #"{"type":"ping"}"#),
            (.serverToClient, #"{"type":"pong"}"#),
        ])
        #expect(draft.contains("frames:\n  message:\n    name: type\n    payload: payload\n    fields:\n"), "\(draft)")
        #expect(draft.contains("      id: \"String?\"\n"), "\(draft)")
        #expect(
            contract.allEvents.map { "\($0.event.wireName) \($0.event.direction.rawValue)" } == [
                "connection_init client-to-server", "connection_ack server-to-client", "subscribe client-to-server",
                "next server-to-client", "complete server-to-client", "ping client-to-server", "pong server-to-client",
            ])
    }

    /// Pusher's protocol (pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol): `data` is a
    /// string holding JSON, and server events name their `channel`.
    @Test func pusherFramesAreAnEnvelopeWithAJSONStringPayload() throws {
        let (draft, _) = try infer([
            (
                .serverToClient,
                #"{"event":"pusher:connection_established","data":"{\"socket_id\":\"123.456\",\"activity_timeout\":120}"}"#
            ),
            (
                .serverToClient,
                #"{"event":"pusher_internal:subscription_succeeded","channel":"presence-example","data":"{}"}"#
            ),
            (.serverToClient, #"{"event":"job-removed","channel":"driver-42","data":"{\"bookingId\":\"b1\"}"}"#),
        ])
        #expect(
            draft.contains(
                "framing:\n  envelope:\n    name: event\n    payload: data\n    # guess: `channel` names each frame's channel; the events that always carry it are in the channel `channels`\n    channel: channel\n    payloadEncoding: json-string\n"
            ), "\(draft)")
        #expect(
            draft.contains(
                "channels:\n  # guess: one channel for every name; split it by the names' prefixes (private-, presence-) by hand\n  channels:\n    address: \"{name}\"\n"
            ), "\(draft)")
        #expect(
            draft.contains(
                "      job-removed:\n        # guess: 1 frame, sent by the server\n        direction: server-to-client\n        payload:\n          bookingId: String\n"
            ), "\(draft)")
        #expect(draft.contains("      socket_id: String\n      activity_timeout: Int\n"), "\(draft)")
    }

    /// Told the capture is Pusher's, `infer` leaves the protocol's own events out, as `verify` skips them.
    @Test func overPusherTheProtocolsOwnEventsAreLeftOut() throws {
        let captured = [
            #"{"event":"pusher:connection_established","data":"{\"socket_id\":\"123.456\",\"activity_timeout\":120}"}"#,
            #"{"event":"pusher_internal:subscription_succeeded","channel":"presence-example","data":"{}"}"#,
            #"{"event":"job-removed","channel":"driver-42","data":"{\"bookingId\":\"b1\"}"}"#,
        ].map { CapturedFrame(data: Data($0.utf8), direction: .serverToClient, origin: "x") }
        let draft = try ContractInferrer.draft(name: "X", frames: captured, source: "x", captureProtocol: .pusher)
        #expect(draft.contains("job-removed:") && !draft.contains("pusher") && !draft.contains("socket_id"), "\(draft)")
        let check = DraftCheck(draft: draft, path: "draft.yaml", captureProtocol: .pusher) { captured.forEach($0) }
        #expect(check.isClean, "\(check.report?.text() ?? "")\n\(draft)")
        #expect(
            check.report?.controlFrames == [
                "pusher:connection_established": 1, "pusher_internal:subscription_succeeded": 1,
            ])
    }

    /// A Socket.IO binary event and acknowledgement (a `451-` packet and its attachment, as python-socketio sends
    /// Python `bytes`) are put together before they are read: the attachment is the base64 string a field holds.
    @Test func socketIOBinaryPacketsArePutTogether() throws {
        let captured = [
            CapturedFrame(data: Data(#"421["fetch",{"name":"a.png"}]"#.utf8), direction: .clientToServer, origin: "1"),
            CapturedFrame(
                data: Data(#"461-1[{"_placeholder":true,"num":0}]"#.utf8), direction: .serverToClient, origin: "2"),
            CapturedFrame(data: Data([0x89, 0x50]), direction: .serverToClient, origin: "3", isBinary: true),
            CapturedFrame(
                data: Data(#"451-["file",{"name":"a.png","thumb":{"_placeholder":true,"num":0}}]"#.utf8),
                direction: .serverToClient, origin: "4"),
            CapturedFrame(data: Data([0, 1, 254, 255]), direction: .serverToClient, origin: "5", isBinary: true),
        ]
        let draft = try ContractInferrer.draft(name: "Files", frames: captured, source: "x")
        #expect(draft.contains("framing: socket.io"), "\(draft)")
        #expect(draft.contains("      name: String\n      thumb: String\n"), "\(draft)")
        #expect(draft.contains("    ack: String\n"), "\(draft)")
        let check = DraftCheck(draft: draft, path: "draft.yaml") { captured.forEach($0) }
        #expect(check.isClean && check.report?.frames == 3, "\(check.report?.text() ?? "")\n\(draft)")
    }

    /// NIP-01's messages (github.com/nostr-protocol/nips, 01.md): a verb, then positional elements; `EVENT` has one
    /// shape from the client and another from the relay, so it becomes two events sharing its wire name.
    @Test func nostrArraysArePositionalAndEachDirectionOfEventIsItsOwn() throws {
        let event =
            #"{"id":"a","pubkey":"p","created_at":1700000000,"kind":1,"tags":[["e","b"]],"content":"hi","sig":"s"}"#
        let (draft, contract) = try infer([
            (.clientToServer, #"["REQ","sub1",{"kinds":[1],"limit":2}]"#),
            (.serverToClient, #"["EVENT","sub1",\#(event)]"#),
            (.serverToClient, #"["EOSE","sub1"]"#),
            (.clientToServer, #"["EVENT",\#(event)]"#),
            (.serverToClient, #"["OK","a",true,""]"#),
            (.serverToClient, #"["OK","b",false,"duplicate: have it"]"#),
            (.clientToServer, #"["CLOSE","sub1"]"#),
        ])
        #expect(draft.contains("frames:\n  message:\n    array:\n      - verb\n    name: verb\n    payload: rest\n"))
        #expect(
            contract.allEvents.map {
                "\($0.event.swiftName) \($0.event.address?.route ?? "") \($0.event.direction.rawValue)"
            } == [
                "req 0:REQ client-to-server", "eventFromClient 0:EVENT client-to-server",
                "eventFromServer 0:EVENT server-to-client", "eose 0:EOSE server-to-client", "ok 0:OK server-to-client",
                "close 0:CLOSE client-to-server",
            ], "\(draft)")
        #expect(
            draft.contains("      - element1: String\n      - element2: Bool\n      - element3: String\n"), "\(draft)")
    }

    /// A flat object whose `type` names it, beside the payload's fields.
    @Test func flatObjectsWithATypeKeyAreDiscriminated() throws {
        let (draft, _) = try infer([
            (.clientToServer, #"{"type":"ping","sentAt":1700000000000}"#),
            (.serverToClient, #"{"type":"pong","sentAt":1700000000000,"lag":0.25}"#),
            (.serverToClient, #"{"type":"bye"}"#),
        ])
        #expect(draft.contains("framing:\n  discriminator: type\n"), "\(draft)")
        #expect(
            draft.contains(
                "  pong:\n    # guess: 1 frame, sent by the server\n    direction: server-to-client\n    payload:\n      sentAt: Int\n      lag: Double\n"
            ), "\(draft)")
    }

    @Test func framesNothingNamesAreRefusedWithWhatInferReads() throws {
        let frames = [#"{"id":1,"result":true}"#, #"{"jsonrpc":"2.0","method":"x"}"#].map {
            CapturedFrame(data: Data($0.utf8), direction: .serverToClient, origin: "x")
        }
        #expect {
            try ContractInferrer.draft(name: "X", frames: frames, source: "x")
        } throws: { error in
            (error as? InferenceError)?.message.hasPrefix("no key holds a string in every object frame") == true
        }
    }

    /// Types that read every sample: whole and fractional numbers are Double, a date among strings is a String,
    /// absent and null are kept apart, objects past 64 keys are dictionaries, disagreeing kinds are JSON.
    @Test func samplesAreUnifiedIntoTheLeastTypeThatReadsThemAll() {
        var speller = TypeSpeller(reserved: [])
        func spelled(_ values: [String], presentIn total: Int? = nil) -> String {
            var observation = Observation()
            for value in values { observation.observe(try! DocumentValue(parsingJSON: Array(value.utf8))) }
            return speller.spell(observation, presentIn: total, name: "value", owner: "Test").type
        }
        #expect(spelled(["1", "2"]) == "Int")
        #expect(spelled(["1", "2.5"]) == "Double")
        #expect(spelled([#""2026-11-27T10:00:00Z""#, #""2026-11-27T10:00:00+02:00""#]) == "Date")
        #expect(spelled([#""2026-11-27T10:00:00Z""#, #""soon""#]) == "String")
        #expect(spelled([#""a""#, "null"]) == "String | null")
        #expect(spelled([#""a""#], presentIn: 2) == "String?")
        #expect(spelled([#""a""#, "null"], presentIn: 3) == "(String | null)?")
        #expect(spelled([#""a""#, "{}"]) == "JSON")
        #expect(spelled(["[]"]) == "[JSON]")
        #expect(spelled(["[1, null]"]) == "[Int | null]")
        let wide = "{" + (0..<70).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
        #expect(spelled([wide]) == "[String: Int]")
    }

    @Test func jsonIsReadWithKeysInTheirOrder() throws {
        let value = try DocumentValue(
            parsingJSON: Array(#"{"b":1,"a":[true,null,"\u00e9\ud83d\ude00\n"],"c":-2.5e3}"#.utf8))
        #expect(value.json == #"{"b":1,"a":[true,null,"é😀\n"],"c":-2.5e3}"#)
        for bad in [
            "{", "[1,]", "01", #""\x""#, #""\udc00""#, #""\ud800x""#, "1 2", "{\"a\" 1}",
            String(repeating: "[", count: 600),
        ] {
            #expect(throws: DocumentValue.JSONError.self) { try DocumentValue(parsingJSON: Array(bad.utf8)) }
        }
    }

    /// A key that holds values rather than names would make a draft of millions of events: refused instead, its
    /// tally bounded.
    @Test func framesNamingMoreEventsThanAContractHasAreRefused() {
        let frames = (0...ContractInferrer.maximumEvents).map { index in
            CapturedFrame(
                data: Data(#"{"type":"t\#(index)","at":1}"#.utf8), direction: .serverToClient, origin: "x")
        }
        #expect {
            try ContractInferrer.draft(name: "X", frames: frames, source: "x")
        } throws: { error in
            (error as? InferenceError)?.message.hasPrefix("the frames name more than 2000 different events") == true
        }
    }
}
