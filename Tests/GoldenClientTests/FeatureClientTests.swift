import Foundation
@testable import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// The golden feature outputs, compiled and used the way an app would use them.
@Suite struct FeatureClientTests {
    static let at = Date(timeIntervalSince1970: 1_738_315_800)

    /// Names that used to generate code that did not compile, or read badly: an inline object in an emitted
    /// payload, names that start with a digit, UPPER_SNAKE names.
    @Test func wireNamesWorkAsSwift() async throws {
        let transport = LoopbackTransport()
        let client = WireNames.Client(transport: transport)
        try await client.send(target: .init(id: "t1", tags: .init(primary: "p")), targets: ["a"])
        try await client._24h(volume: 7)
        try await client.ticker(symbol: "BTC").guildMemberAdd(member: .init(userId: "u1"))
        #expect(
            transport.sentFrames.map { String(decoding: $0.data, as: UTF8.self) } == [
                #"["send",{"target":{"id":"t1","tags":{"primary":"p"}},"targets":["a"]}]"#,
                #"["24h",{"volume":7}]"#,
                #"["GUILD_MEMBER_ADD",{"member":{"USER_ID":"u1"}}]"#,
            ])
        let volumes = Recorder<Int>()
        let messages = Recorder<WireNames.MessageCreate>()
        let minutes = Recorder<Bool>()
        let highs = Recorder<Double>()
        client.on24h { volumes.append($0.volume) }
        client.onMessageCreate { messages.append($0) }
        client.on1m { minutes.append(true) }
        client.ticker(symbol: "BTC").on24h { highs.append($0.high) }
        await transport.deliver(json: #"["24h",{"volume":3}]"#)
        await transport.deliver(json: #"["MESSAGE_CREATE",{"content":"hi","MESSAGE_ID":"m1"}]"#)
        await transport.deliver(json: #"["1m"]"#)
        await transport.deliver(json: #"["24h",{"high":1.5}]"#, channel: "/ticker-BTC")
        #expect(volumes.values == [3] && minutes.values == [true] && highs.values == [1.5])
        #expect(messages.values == [WireNames.MessageCreate(content: "hi", messageId: "m1")])
    }

    /// `enum: [0, 1, 2]` used to decode only the strings "0", "1", "2": integer enums read and write numbers,
    /// keep unlisted values, and reject strings.
    @Test func integerEnumsReadAndWriteNumbers() async throws {
        let transport = LoopbackTransport()
        let client = IntegerEnums.Client(transport: transport)
        try await client.presenceChanged(
            userId: "u1", presence: .idle, previous: .unknown(7), priorities: [.minus1, ._10])
        #expect(
            transport.sentFrames.map { String(decoding: $0.data, as: UTF8.self) } == [
                #"["presence_changed",{"presence":2,"previous":7,"priorities":[-1,10],"userId":"u1"}]"#
            ])
        let changes = Recorder<IntegerEnums.PresenceChanged>()
        let failures = Recorder<IncomingFailure>()
        client.onPresenceChanged { changes.append($0) }
        client.onIncomingFailure { failures.append($0) }
        await transport.deliver(
            json: #"["presence_changed",{"userId":"u2","presence":1,"previous":42,"priorities":[0]}]"#)
        await transport.deliver(json: #"["presence_changed",{"userId":"u3","presence":"1","priorities":[]}]"#)
        #expect(
            changes.values == [
                IntegerEnums.PresenceChanged(userId: "u2", presence: .online, previous: .unknown(42), priorities: [._0])
            ])
        #expect(failures.values.count == 1, "a string is not an integer enum's value")
        #expect(IntegerEnums.Presence.knownCases.map(\.rawValue) == [0, 1, 2])
    }

    @Test func hostileNamesWorkAsSwift() async throws {
        let transport = LoopbackTransport()
        let client = Hostile.Client(transport: transport)
        try await client.default(self: "s", protocol: "p", orderId: "1", orderIdentifier: "2")
        try await client.roomJoin(roomId: "r1")
        #expect(
            transport.sentFrames.map { String(decoding: $0.data, as: UTF8.self) } == [
                #"["default",{"orderId":"2","order_id":"1","protocol":"p","self":"s"}]"#,
                #"["room:join",{"roomId":"r1"}]"#,
            ])
        let profiles = Recorder<Hostile.Profile>()
        let dates = Recorder<Hostile.Date>()
        let quoted = Recorder<Bool>()
        client.onÉvénementReçu { profiles.append($0) }
        client.onDate { dates.append($0) }
        client.onQuoteAndSlash { quoted.append(true) }
        await transport.deliver(
            json: #"["événement_reçu",{"prénom":"Zoë","class":"A","2fa":true,"is-active":false,"in":3}]"#)
        await transport.deliver(json: #"["date",{"at":"2025-01-31T09:30:00Z"}]"#)
        await transport.deliver(json: #"["quote\"and\\slash"]"#)
        #expect(profiles.values == [Hostile.Profile(prénom: "Zoë", class: "A", _2fa: true, isActive: false, in: 3)])
        #expect(dates.values.map(\.at) == [Self.at])
        #expect(dates.values.first?.link == nil)
        #expect(quoted.values == [true])
        #expect(Hostile._2faEnabled.eventName == "2fa:enabled")
        #expect(Hostile.ConversationParticipantAdded.eventName == "conversation.participantAdded")
    }

    @Test func discriminatorFramesCarryTheNameBesideThePayload() async throws {
        let transport = LoopbackTransport()
        let client = Flat.Client(transport: transport)
        try await client.ping(sentAt: Self.at)
        #expect(
            String(decoding: transport.sentFrames[0].data, as: UTF8.self) == #"{"type":"ping","sentAt":1738315800000}"#)
        let moved = Recorder<Flat.Position>()
        let byes = Recorder<Bool>()
        client.onMoved { moved.append($0) }
        client.onBye { byes.append(true) }
        let events = client.events
        await transport.deliver(json: #"{"type":"moved","lat":51.5,"lng":-0.12}"#)
        await transport.deliver(json: #"{"type":"bye"}"#)
        #expect(moved.values == [Flat.Position(lat: 51.5, lng: -0.12)])
        #expect(byes.values == [true])
        // The stream gets the same frames as the listeners, as the scope's event enum. An event nobody listens to
        // ends the reading, so a missing event fails the test instead of hanging it.
        await transport.deliver(json: #"{"type":"end"}"#)
        var received: [Flat.ServerEvent] = []
        for await event in events {
            if case .unknown = event { break }
            received.append(event)
        }
        #expect(received == [.moved(Flat.Position(lat: 51.5, lng: -0.12)), .bye])
    }

    @Test func envelopeFieldsArriveWithTheEvent() async {
        let transport = LoopbackTransport()
        let client = Envelope.Client(transport: transport)
        let statuses = Recorder<Envelope.Status>()
        let beats = Recorder<Envelope.Heartbeat>()
        let failures = Recorder<IncomingFailure>()
        client.onStatus { statuses.append($0) }
        client.onHeartbeat { beats.append($0) }
        client.onIncomingFailure { failures.append($0) }
        await transport.deliver(
            json:
                #"{"name":"status","id":"e1","sentAt":null,"version":2,"conversationId":"c1","payload":{"online":true}}"#
        )
        await transport.deliver(json: #"{"name":"heartbeat","id":"e2","sentAt":"2025-01-31T09:30:00Z","version":2}"#)
        // An envelope constant is checked: a frame of another protocol version is not this event.
        await transport.deliver(json: #"{"name":"heartbeat","id":"e3","version":3}"#)
        #expect(
            statuses.values == [
                Envelope.Status(id: "e1", sentAt: nil, conversationId: "c1", payload: .init(online: true))
            ])
        #expect(beats.values == [Envelope.Heartbeat(id: "e2", sentAt: Self.at)])
        #expect(failures.values.count == 1)
    }

    @Test func structsMayHoldThemselvesThroughOptionals() throws {
        let json =
            #"{"id":"1","thread_root":null,"parent":{"id":"0","thread_root":null,"replies":[],"meta":{}},"replies":[{"id":"2","thread_root":null,"replies":[],"meta":{"root":{"id":"0","thread_root":null,"replies":[],"meta":{}}}}],"meta":{}}"#
        let comment = try JSONDecoder().decode(Recursion.Comment.self, from: Data(json.utf8))
        #expect(comment.parent?.id == "0")
        #expect(comment.parent?.parent == nil)
        #expect(comment.replies.first?.meta.root?.id == "0")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = String(decoding: try encoder.encode(comment.parent!), as: UTF8.self)
        #expect(encoded == #"{"id":"0","meta":{},"replies":[],"thread_root":null}"#)
        var copy = comment
        copy.parent = nil
        #expect(copy != comment)
        #expect(comment.parent?.id == "0")
    }

    /// `T | null` and `(T | null)?` close a cycle as `T?` does (stored indirectly): a thread's root is always sent,
    /// `null` at the top, and an edit's source tells absent from `null`.
    @Test func structsMayHoldThemselvesThroughNullables() throws {
        let json =
            #"{"id":"2","thread_root":{"id":"1","thread_root":null,"replies":[],"meta":{}},"edited_from":null,"replies":[],"meta":{}}"#
        let comment = try JSONDecoder().decode(Recursion.Comment.self, from: Data(json.utf8))
        #expect(comment.threadRoot?.id == "1")
        #expect(comment.threadRoot?.threadRoot == nil)
        #expect(comment.editedFrom == .null)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Recursion.Comment.self, from: Data(#"{"id":"3","replies":[],"meta":{}}"#.utf8))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = String(decoding: try encoder.encode(comment), as: UTF8.self)
        #expect(
            encoded
                == #"{"edited_from":null,"id":"2","meta":{},"replies":[],"thread_root":{"id":"1","meta":{},"replies":[],"thread_root":null}}"#
        )
    }

    @Test func constantsOfEveryKind() throws {
        let event = Constants.UploadStarted(orderId: "o1")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(event), as: UTF8.self)
                == #"{"final":false,"order_id":"o1","status":"uploading","version":2}"#)
        #expect(event.version == 2 && event.final == false)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Constants.UploadStarted.self,
                from: Data(#"{"order_id":"o1","status":"uploading","version":3,"final":false}"#.utf8))
        }
    }

    @Test func channelAddressesAreBuiltFromTheirParameters() async throws {
        #expect(Channels.Seat(roomId: "r1", seat: 3).address == "room:r1/seat-3")
        #expect(Channels.Quoted(name: "bob").address == #"say "hi" \ bob"#)
        let transport = LoopbackTransport()
        let seat = Channels.Client(transport: transport).seat(roomId: "r1", seat: 3)
        try await seat.clientWave(emoji: "👋")
        #expect(
            String(decoding: transport.sentFrames[0].data, as: UTF8.self)
                == #"{"event":"client-wave","channel":"room:r1/seat-3","data":"{\"emoji\":\"👋\"}"}"#)
        let taken = Recorder<String>()
        seat.onTaken { taken.append($0.by) }
        await transport.deliver(json: #"{"event":"taken","channel":"room:r1/seat-3","data":"{\"by\":\"u2\"}"}"#)
        await transport.deliver(json: #"{"event":"taken","channel":"room:r1/seat-4","data":"{\"by\":\"u3\"}"}"#)
        #expect(taken.values == ["u2"])
    }

    @Test func enumCasesFollowTheirWireValues() {
        #expect(Enums.OrderState(rawValue: "previews_ready") == .previewsReady)
        #expect(Enums.OrderState(rawValue: "failed") == .failure)
        #expect(Enums.OrderState(rawValue: "1st-pass") == ._1stPass)
        #expect(Enums.OrderState(rawValue: "default") == .default)
        #expect(Enums.OrderState(rawValue: "PENDING_REVIEW") == .pendingReview)
        #expect(Enums.OrderState.failure.rawValue == "failed")
    }

    @Test func everyScalarTypeRoundTrips() throws {
        let sample = Scalars.Sample(
            text: "t", count: 1, ratio: 0.5, flag: true, at: Self.at, link: URL(string: "https://example.com")!,
            extra: ["a": [1, "two", nil]], thumbnail: Data([0, 1, 254, 255]), tags: ["x"], grid: [[1, 2], []],
            weights: ["w": 1.5], point: .init(x: 1, y: 2), kind: .large, chunks: [Data(), Data("hi!".utf8)])
        let data = try Scalars.dateEncoding.makeEncoder().encode(sample)
        #expect(String(decoding: data, as: UTF8.self).contains(#""at":1738315800"#))
        // Bytes are base64 inside JSON, as JSONEncoder and JavaScript's btoa write them.
        #expect(String(decoding: data, as: UTF8.self).contains(#""thumbnail":"AAH+/w==""#))
        #expect(String(decoding: data, as: UTF8.self).contains(#""chunks":["","aGkh"]"#))
        #expect(
            throws: DecodingError.self,
            "a string that is not base64 is refused, not read as empty bytes"
        ) {
            try Scalars.dateEncoding.makeDecoder().decode(
                Scalars.Sample.self,
                from: Data(
                    String(decoding: data, as: UTF8.self).replacingOccurrences(of: "AAH+/w==", with: "AAH+/w").utf8))
        }
        #expect(try Scalars.dateEncoding.makeDecoder().decode(Scalars.Sample.self, from: data) == sample)
    }

    /// A sent frame says where its bytes are, so a Socket.IO connection can send them as binary attachments: the
    /// paths lead from the frame's root (`["sample", payload]`) to each base64 string, in a nested array too.
    @Test func aSentFrameSaysWhereItsBytesAre() async throws {
        let transport = LoopbackTransport()
        let client = Scalars.Client(transport: transport)
        try await client.sample(
            text: "t", count: 1, ratio: 0.5, flag: true, at: Self.at, link: URL(string: "https://example.com")!,
            extra: nil, thumbnail: Data([0, 1, 254, 255]), tags: [], grid: [], weights: [:], point: .init(x: 1, y: 2),
            kind: .small, chunks: [Data("hi!".utf8), Data()])
        let frame = try #require(transport.sentFrames.first)
        let paths = frame.bytePaths.map { $0.map { $0.index.map(String.init) ?? $0.key }.joined(separator: ".") }
        #expect(paths.sorted() == ["1.chunks.0", "1.chunks.1", "1.thumbnail"])
        let split = SocketIOBinaryAssembly.split(frame.data, at: frame.bytePaths)
        #expect(split.attachments == [Data("hi!".utf8), Data(), Data([0, 1, 254, 255])])
        #expect(
            String(decoding: split.json, as: UTF8.self).contains(
                #""chunks":[{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#))
    }

    @Test func internalAccessUsesTheSynthesizedInitializer() {
        #expect(Internal.Hello(name: "n", nickname: nil).name == "n")
    }
}
