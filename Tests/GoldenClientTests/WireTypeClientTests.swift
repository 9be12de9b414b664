import Foundation
@testable import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Unions, bit flags, values whose wire form is not their Swift type's, and nullable versus optional fields,
/// through the golden clients: exact bytes out, exact values in, and a failure (never a crash) for the rest.
@Suite struct WireTypeClientTests {
    static func sent(_ transport: LoopbackTransport) -> [String] {
        transport.sentFrames.map(\.text)
    }

    @Test func unionsByKindReadTheMemberOfTheValuesKind() async throws {
        let transport = LoopbackTransport()
        let client = Unions.Client(transport: transport)
        try await client.sendMessage(to: .string("u1"), text: "hi")
        try await client.sendMessage(to: .array(["u1", "u2"]), text: "all")
        #expect(
            Self.sent(transport) == [
                #"["send_message",{"text":"hi","to":"u1"}]"#,
                #"["send_message",{"text":"all","to":["u1","u2"]}]"#,
            ])
        let answers = Recorder<Unions.Answer>()
        let failures = Recorder<String>()
        client.onAnswer { answers.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(
            json:
                #"["answer",{"reply":{"status":"ok","result":3},"entries":[7,"seven",true,{"status":"error","code":1,"message":"no"}]}]"#
        )
        await transport.deliver(json: #"["answer",{"reply":{"status":"ok","result":1},"entries":[null]}]"#)
        await transport.deliver(json: #"["answer",{"reply":{"status":"ok","result":1},"entries":[1.5]}]"#)
        #expect(
            answers.values == [
                Unions.Answer(
                    reply: .ok(.init(result: 3)),
                    entries: [.count(7), .label("seven"), .flag(true), .reply(.error(.init(code: 1, message: "no")))])
            ])
        #expect(failures.values.count == 2)
        #expect(
            failures.values.first?.contains("Expected a number, a string, a boolean or an object, found null") == true,
            "\(failures.values)")
    }

    @Test func unionsByFieldKeepUnknownTagsAndWriteTheTag() throws {
        let decoder = WireDecoder(dates: .iso8601)
        let encoder = WireDateEncoding.iso8601.makeEncoder()
        let error = try decoder.decode(
            Unions.Reply.self, from: Data(#"{"code":4,"message":"busy","status":"error"}"#.utf8))
        #expect(error == .error(.init(code: 4, message: "busy")))
        #expect(
            String(decoding: try encoder.encode(error), as: UTF8.self)
                == #"{"code":4,"message":"busy","status":"error"}"#)
        let later = try decoder.decode(
            Unions.Reply.self, from: Data(#"{"status":"queued","position":9007199254740993}"#.utf8))
        #expect(later == .unknown(["status": "queued", "position": .number(JSONNumber(text: "9007199254740993")!)]))
        #expect(
            String(decoding: try encoder.encode(later), as: UTF8.self)
                == #"{"position":9007199254740993,"status":"queued"}"#)
        #expect(
            try decoder.decode(Unions.Stage.self, from: Data(#"{"stage":2,"code":1,"message":"m"}"#.utf8))
                == .failed(.init(code: 1, message: "m")))
        #expect(
            String(decoding: try encoder.encode(Unions.Stage._1(.init(result: 5))), as: UTF8.self)
                == #"{"result":5,"stage":1,"status":"ok"}"#)
        // The member's own constant is still checked: `status` must be "ok" for a `Success`.
        #expect(throws: DecodingError.self) {
            try decoder.decode(Unions.Stage.self, from: Data(#"{"stage":1,"status":"no","result":1}"#.utf8))
        }
        #expect(throws: DecodingError.self) { try decoder.decode(Unions.Reply.self, from: Data(#"{"result":1}"#.utf8)) }
    }

    @Test func flagsAreOptionSetsThatKeepUnknownBits() async throws {
        let transport = LoopbackTransport()
        let client = Flags.Client(transport: transport)
        try await client.roleUpdated(allowed: [.read, .write], denied: [.manageMembers], history: [[], [.read]])
        #expect(Self.sent(transport) == [#"["role_updated",{"allowed":3,"denied":"32","history":["0","1"]}]"#])
        let updates = Recorder<Flags.RoleUpdated>()
        let failures = Recorder<String>()
        client.onRoleUpdated { updates.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(json: #"["role_updated",{"allowed":1099511627777,"denied":"4096"}]"#)
        await transport.deliver(json: #"["role_updated",{"allowed":1,"denied":4096}]"#)
        await transport.deliver(json: #"["role_updated",{"allowed":1,"denied":"-1"}]"#)
        #expect(updates.values.count == 1)
        let update = try #require(updates.values.first)
        #expect(update.allowed.contains(.read) && update.allowed.rawValue == 1 << 40 | 1)
        #expect(update.denied.rawValue == 4096 && update.history == nil)
        #expect(failures.values.count == 2, "a number where a string is due, and a negative mask")
    }

    @Test func valuesWithTheirOwnWireFormDecodeExactly() async throws {
        let transport = LoopbackTransport()
        let client = WireEncodings.Client(transport: transport)
        let tickers = Recorder<WireEncodings.Ticker>()
        let failures = Recorder<String>()
        client.onTicker { tickers.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(
            json: """
                ["ticker",{"trade_id":9007199254740993,"id":"80351110224678912","price":"0.0010","volume":12345678901234567890.123456789,
                 "best":["5541.30000","2.50700000",1534614248456738],"sizes":{"a":"1.5","b":"-2e3"},"time":"2025-01-31T09:30:00Z",
                 "received_ms":1738315800123,"opened_s":1738315800,"meta":"{\\"source\\":\\"feed\\",\\"at\\":\\"2025-01-31T09:30:00Z\\"}",
                 "extra":"[1,{\\"x\\":null}]"}]
                """)
        #expect(failures.values.isEmpty, "\(failures.values)")
        let ticker = try #require(tickers.values.first)
        #expect(ticker.tradeId == 9_007_199_254_740_993 && ticker.id == 80_351_110_224_678_912)
        #expect(
            ticker.price == Decimal(string: "0.001")
                && ticker.volume == Decimal(string: "12345678901234567890.123456789"))
        #expect(ticker.best.price == Decimal(string: "5541.3") && ticker.best.size == Decimal(string: "2.507"))
        #expect(ticker.best.at == Date(timeIntervalSince1970: 1_534_614_248.456738))
        #expect(ticker.sizes == ["a": 1.5, "b": -2000])
        #expect(
            ticker.time == Date(timeIntervalSince1970: 1_738_315_800)
                && ticker.receivedMs == Date(timeIntervalSince1970: 1_738_315_800.123))
        #expect(ticker.openedS == Date(timeIntervalSince1970: 1_738_315_800))
        #expect(ticker.meta == WireEncodings.Meta(source: "feed", at: Date(timeIntervalSince1970: 1_738_315_800)))
        #expect(ticker.extra == [1, ["x": nil]])
        for bad in [
            #""price":" 1""#, #""price":"1e""#, #""price":"NaN""#, #""price":1"#, #""id":"1.5""#, #""meta":"{""#,
        ] {
            let fields = [
                #""trade_id":1"#, #""id":"1""#, #""price":"1""#, #""volume":1"#, #""best":["1","1"]"#, #""sizes":{}"#,
                #""time":"2025-01-31T09:30:00Z""#, #""received_ms":1"#,
                #""meta":"{\"source\":\"s\",\"at\":\"2025-01-31T09:30:00Z\"}""#,
            ]
            let key = bad.split(separator: ":")[0]
            let frame = "[\"ticker\",{" + (fields.filter { !$0.hasPrefix(key) } + [bad]).joined(separator: ",") + "}]"
            await transport.deliver(json: frame)
        }
        #expect(tickers.values.count == 1 && failures.values.count == 6, "\(failures.values)")
    }

    @Test func valuesWithTheirOwnWireFormEncodeAsTheServerExpects() async throws {
        let transport = LoopbackTransport()
        let client = WireEncodings.Client(transport: transport)
        try await client.placeOrder(
            size: Decimal(string: "0.0010")!, limit: 2.5, expiresMs: Date(timeIntervalSince1970: 1_738_315_800.5))
        try await client.placeOrder(size: 3)
        #expect(
            Self.sent(transport) == [
                #"["place_order",{"expires_ms":1738315800500,"limit":"2.5","size":"0.001"}]"#,
                #"["place_order",{"size":"3"}]"#,
            ])
        let level = WireEncodings.Level(
            price: 1, size: Decimal(string: "0.25")!, at: Date(timeIntervalSince1970: 2.000001))
        let encoded = try WireDateEncoding.iso8601.makeEncoder().encode(level)
        #expect(String(decoding: encoded, as: UTF8.self) == #"["1","0.25",2000001]"#)
        #expect(try WireDecoder(dates: .iso8601).decode(WireEncodings.Level.self, from: encoded) == level)
    }

    @Test func nullableFieldsArePresentAndOptionalFieldsMayBeAbsent() async throws {
        let transport = LoopbackTransport()
        let client = NullableFields.Client(transport: transport)
        try await client.sessionEnded(id: "s1", scores: [1, nil])
        try await client.sessionEnded(
            id: "s2", endedAt: Date(timeIntervalSince1970: 0), reason: "done", scores: [], rating: 4)
        try await client.updateProfile(id: "p1", nickname: .null, age: .value(30))
        try await client.updateProfile(id: "p2", position: .init(x: 1, y: nil))
        #expect(
            Self.sent(transport) == [
                #"["session_ended",{"ended_at":null,"id":"s1","rating":null,"scores":[1,null]}]"#,
                #"["session_ended",{"ended_at":"1970-01-01T00:00:00Z","id":"s2","rating":"4","reason":"done","scores":[]}]"#,
                #"["update_profile",{"age":30,"id":"p1","nickname":null,"position":null}]"#,
                #"["update_profile",{"id":"p2","position":[1,null]}]"#,
            ])
        let ended = Recorder<NullableFields.SessionEnded>()
        let failures = Recorder<String>()
        client.onSessionEnded { ended.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(json: #"["session_ended",{"id":"a","ended_at":null,"scores":[null],"rating":null}]"#)
        await transport.deliver(
            json:
                #"["session_ended",{"id":"b","ended_at":"1970-01-01T00:00:01Z","reason":null,"scores":[],"rating":"2"}]"#
        )
        await transport.deliver(json: #"["session_ended",{"id":"c","scores":[],"rating":null}]"#)
        #expect(
            ended.values == [
                NullableFields.SessionEnded(id: "a", scores: [nil]),
                NullableFields.SessionEnded(id: "b", endedAt: Date(timeIntervalSince1970: 1), scores: [], rating: 2),
            ])
        #expect(
            failures.values.count == 1 && failures.values[0].contains("ended_at"),
            "a required nullable field may not be absent: \(failures.values)")
        let decoder = WireDecoder(dates: .iso8601)
        let absent = try decoder.decode(
            NullableFields.UpdateProfile.self, from: Data(#"{"id":"x","position":null}"#.utf8))
        let null = try decoder.decode(
            NullableFields.UpdateProfile.self, from: Data(#"{"id":"x","nickname":null,"age":5,"position":[0,2]}"#.utf8))
        #expect(absent.nickname == nil && absent.age == nil && absent.position == nil)
        #expect(null.nickname == .null && null.age == .value(5) && null.position == .init(x: 0, y: 2))
    }

    @Test func patternKeysSitBesideFixedFields() async throws {
        let transport = LoopbackTransport()
        let client = KeyPatterns.Client(transport: transport)
        try await client.document(
            title: "t", extensions: ["x-b": 2, "x-a": "one"], filter: .init(tags: ["#e": ["e1"]], limit: 1))
        #expect(
            Self.sent(transport) == [
                ##"["document",{"filter":{"#e":["e1"],"limit":1},"title":"t","x-a":"one","x-b":2}]"##
            ])
        let documents = Recorder<KeyPatterns.Document>()
        let failures = Recorder<String>()
        client.onDocument { documents.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(
            json: ##"["document",{"title":"u","x-rate":1.5,"xy":0,"filter":{"kinds":[1],"#p":["p1"],"#pp":["no"]}}]"##)
        await transport.deliver(json: ##"["document",{"title":"v","filter":{"#p":"not a list"}}]"##)
        #expect(
            documents.values == [
                KeyPatterns.Document(
                    title: "u", extensions: ["x-rate": 1.5], filter: .init(kinds: [1], tags: ["#p": ["p1"]]))
            ])
        #expect(failures.values.count == 1 && failures.values[0].contains("#p"), "\(failures.values)")
        await #expect(throws: EncodingError.self) { try await client.document(title: "w", extensions: ["version": 1]) }
    }

    /// A request whose reply echoes a payload field the client fills in: the typed call returns the reply, other
    /// replies and listeners are unaffected.
    @Test func requestsReturnTheReplyThatEchoesTheirField() async throws {
        let transport = LoopbackTransport()
        let client = Requests.Client(transport: transport)
        let heard = Recorder<String>()
        client.onBalance { heard.append($0.requestId) }
        async let first = client.getBalance(account: "a1")
        async let second = client.getBalance(account: "a2")
        _ = try await transport.sentFrames(atLeast: 2)
        let sent = Self.sent(transport).sorted()
        #expect(
            sent == [
                #"{"type":"get_balance","account":"a1","request_id":"1"}"#,
                #"{"type":"get_balance","account":"a2","request_id":"2"}"#,
            ]
                || sent == [
                    #"{"type":"get_balance","account":"a1","request_id":"2"}"#,
                    #"{"type":"get_balance","account":"a2","request_id":"1"}"#,
                ], "\(sent)")
        let firstID = sent[0].contains(#""request_id":"1""#) ? "1" : "2"
        let secondID = firstID == "1" ? "2" : "1"
        await transport.deliver(
            json: #"{"type":"balance","request_id":"\#(secondID)","amount":{"value":2.50,"currency":"EUR"}}"#)
        await transport.deliver(
            json: #"{"type":"balance","request_id":"\#(firstID)","amount":{"value":0.1,"currency":"USD"}}"#)
        let one = try await first
        let two = try await second
        #expect(
            one.amount == .init(value: Decimal(string: "0.1")!, currency: "USD")
                && two.amount.value == Decimal(string: "2.5"))
        #expect(Set(heard.values) == ["1", "2"], "listeners still hear replies")
    }

    /// A caller that stops waiting (its task cancelled) sends the contract's cancel event with the request's id; one
    /// answered or timed out sends nothing more.
    @Test func cancellingACallSendsTheCancelEvent() async throws {
        let transport = LoopbackTransport()
        let client = Requests.Client(transport: transport)
        let call = Task { try await client.getBalance(account: "a1") }
        _ = try await transport.sentFrames(atLeast: 1)
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        _ = try await transport.sentFrames(atLeast: 2)
        #expect(
            Self.sent(transport) == [
                #"{"type":"get_balance","account":"a1","request_id":"1"}"#,
                #"{"type":"cancel_request","request_id":"1"}"#,
            ])
        await #expect(throws: RequestFailure.timedOut(after: .milliseconds(10))) {
            _ = try await client.getBalance(account: "a2", timeout: .milliseconds(10))
        }
        try await Task.sleep(for: .milliseconds(20))
        #expect(transport.sentFrames.count == 3)
    }
}
