import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// `schemagen import asyncapi` on documents written by others: the AsyncAPI specification's own WebSocket examples
/// (Fixtures/AsyncAPI/README.md cites them), in 3.0 and 2.6. The round trip of schemagen's own documents is
/// AsyncAPIRoundTripTests.
@Suite struct AsyncAPIImportTests {
    static let folder = Golden.fixtures.appendingPathComponent("AsyncAPI")

    static func imported(_ file: String) throws -> (contract: Contract, text: String, warnings: [String]) {
        let path = folder.appendingPathComponent(file).path
        let loaded = YAMLLoader().load(path: path)
        let root = try #require(loaded.root, "\(loaded.diagnostics)")
        let result = AsyncAPIImporter().importDocument(root, sourceFile: file)
        let text = try #require(result.contract)
        let checked = ContractLoader().load(text: text, path: "imported.yaml")
        let contract = try #require(
            checked.contract, "\(checked.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" })\n\(text)")
        #expect(!checked.hasErrors)
        let warnings = result.diagnostics.map {
            "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)"
        }
        return (contract, text, warnings)
    }

    /// Kraken (AsyncAPI 3.0, the server's side): what the server receives the app sends, replies travel back,
    /// and a reply whose payload the contract cannot read a correlation from is said, not guessed.
    @Test func krakensDocumentBecomesAContractSeenFromTheApp() throws {
        let (contract, _, warnings) = try Self.imported(
            "kraken-websocket-request-reply-message-filter-in-reply-asyncapi.yml")
        #expect(contract.name == "KrakenWebsocketsAPI")
        let directions = Dictionary(uniqueKeysWithValues: contract.events.map { ($0.wireName, $0.direction) })
        #expect(
            directions == [
                "ping": .clientToServer, "pong": .serverToClient, "heartbeat": .serverToClient,
                "systemStatus": .serverToClient,
                "subscriptionStatus": .serverToClient, "subscribe": .clientToServer, "unsubscribe": .clientToServer,
                "dummyCurrencyInfo": .serverToClient,
            ])
        let ping = try #require(contract.events.first { $0.wireName == "ping" })
        #expect(ping.reply?.event == "pong")
        #expect(ping.reply?.match == "reqid")
        // `subscribe` is a member of every generated client: the event gets a Swift name of its own.
        #expect(contract.events.first { $0.wireName == "subscribe" }?.swiftName == "subscribeEvent")
        // The payload schemas share their names with the events, so the types are the events' payloads.
        #expect(contract.types.map(\.name).contains("PingPayload"))
        #expect(warnings.contains { $0.hasPrefix("22:3 AsyncAPI does not say how events are framed on the wire") })
        // The union payload pins `event` in each member, not in one schema: 7 of the 8 messages.
        #expect(
            warnings.contains {
                $0.hasSuffix(
                    "; 7 of 8 messages pin `event` to one value: if it names the event on the wire, that is "
                        + "`framing: {discriminator: event}`, each event keyed by its value and without the field")
            })
        #expect(
            warnings.contains { $0.hasPrefix("72:7 the reply 'subscriptionStatus' carries its correlation in 'reqid'") }
        )
        #expect(
            warnings.contains { $0.hasPrefix("276:7 the payload of 'subscriptionStatus' is one of several schemas") })
    }

    /// Gemini (AsyncAPI 2.6): the channel's address parameter, and two messages told apart by a constant `type`
    /// become a union by that field.
    @Test func geminisDocumentKeepsItsParameterAndItsUnion() throws {
        let (contract, _, warnings) = try Self.imported("websocket-gemini.yml")
        let channel = try #require(contract.channels.first)
        #expect(channel.address.raw == "/v1/marketdata/{symbol}")
        #expect(channel.parameters.map(\.name) == ["symbol"])
        #expect(
            channel.events.map { "\($0.wireName) \($0.direction.rawValue) \($0.payload?.spelling ?? "-")" } == [
                "marketData server-to-client Market"
            ])
        guard case .union(let union)? = contract.type(named: "Market")?.kind, case .field(let key, _) = union.selector
        else {
            Issue.record("Market is not a union by a field: \(String(describing: contract.type(named: "Market")))")
            return
        }
        #expect(key == "type")
        #expect(
            union.members.map { "\($0.tag ?? "")=\($0.type.spelling)" } == ["heartbeat=Heartbeat", "update=Update"])
        #expect(warnings.first?.hasPrefix("52:3 AsyncAPI does not say how events are framed") == true, "\(warnings)")
    }

    /// Slack RTM (AsyncAPI 3.0): every message pins its `type` with an `enum` of one value, which was imported as a
    /// free `String?`; it is the constant it is, as a `const` would be.
    @Test func anEnumOfOneValueIsAConstant() throws {
        let (contract, _, warnings) = try Self.imported("slack-rtm-asyncapi.yml")
        // The framing stays a guess, but the warning says what the constants suggest.
        #expect(
            warnings.contains {
                $0.hasPrefix("15:3 AsyncAPI does not say how events are framed")
                    && $0.contains("; 47 of 47 messages pin `type` to one value")
            },
            "\(warnings)")
        #expect(contract.events.count == 47)
        func typeField(_ event: String) -> Field? {
            guard case .object(let object)? = contract.events.first(where: { $0.wireName == event })?.payload else {
                return nil
            }
            return object.fields.first { $0.wireName == "type" }
        }
        #expect(typeField("hello")?.constant == .string("hello"))
        #expect(typeField("accountsChanged")?.constant == .string("accounts_changed"))
        #expect(typeField("outgoingMessage")?.constant == .string("message"))
        // Every message pins its type.
        #expect(contract.events.filter { typeField($0.wireName)?.constant == nil }.map(\.wireName) == [])
    }

    /// Streetlights (AsyncAPI 3.0, MQTT): its addresses are topics, which a Socket.IO frame (the guess when a document
    /// does not say) has no place for. The import failed: the guessed framing made its own contract invalid. It now
    /// guesses an envelope that carries the address, says so, and keeps every channel and parameter.
    @Test func addressesThatAreNotNamespacesAreKeptInAnEnvelope() throws {
        let (contract, text, warnings) = try Self.imported("streetlights-mqtt-asyncapi.yml")
        #expect(
            text.contains("framing:\n  envelope:\n    name: event\n    payload: data\n    channel: channel\n"),
            "\(text)")
        guard case .envelope(let envelope) = contract.framing else {
            Issue.record("not an envelope: \(contract.framing)")
            return
        }
        #expect(envelope.channelKey == "channel")
        #expect(
            contract.channels.map(\.address.raw) == [
                "smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured",
                "smartylighting/streetlights/1/0/action/{streetlightId}/turn/on",
                "smartylighting/streetlights/1/0/action/{streetlightId}/turn/off",
                "smartylighting/streetlights/1/0/action/{streetlightId}/dim",
            ])
        #expect(contract.channels.allSatisfy { $0.parameters.map(\.name) == ["streetlightId"] })
        let expected: String =
            "66:3 AsyncAPI does not say how events are framed on the wire, and the address "
            + "'smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured' is not a Socket.IO namespace; the contract says "
            + "`framing: {envelope: {name: event, payload: data, channel: channel}}` (`{\"event\": ..., \"channel\": ..., \"data\": ...}`): "
            + "change it to the API's (an `envelope:`, a `discriminator:` or `frames:`, docs/contract-format.md)"
        #expect(warnings.first == expected, "\(warnings)")
    }

    /// Hostile documents: schemas that contain themselves (through a list, through `allOf`), references that go
    /// nowhere. Each is a warning; the import finishes.
    @Test func schemasThatContainThemselvesOrPointNowhereAreWarnings() throws {
        let text = """
            asyncapi: 3.0.0
            info: {title: Loops, version: '1'}
            channels:
              root:
                address: /
                messages:
                  tree: {payload: {$ref: '#/components/schemas/list'}}
                  knot: {payload: {$ref: '#/components/schemas/knot'}}
                  lost: {payload: {$ref: '#/components/schemas/nothing'}}
            components:
              schemas:
                list: {type: array, items: {$ref: '#/components/schemas/list'}}
                knot: {allOf: [{$ref: '#/components/schemas/knot'}, {properties: {a: {type: string}}}]}
            """
        let root = try #require(YAMLLoader().load(text: text, path: "loops.yaml").root)
        let result = AsyncAPIImporter().importDocument(root, sourceFile: "loops.yaml")
        let contract = try #require(result.contract)
        #expect(ContractLoader().load(text: contract, path: "imported.yaml").contract != nil, "\(contract)")
        let messages = result.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("'#/components/schemas/list' contains itself") }, "\(messages)")
        #expect(
            messages.contains { $0.contains("the reference '#/components/schemas/nothing' does not resolve") },
            "\(messages)")
    }

    @Test func aDocumentOfAnotherVersionIsALocatedError() throws {
        let root = try #require(YAMLLoader().load(text: "asyncapi: 1.2.0\ninfo: {title: Old}\n", path: "old.yaml").root)
        let result = AsyncAPIImporter().importDocument(root, sourceFile: "old.yaml")
        #expect(result.contract == nil)
        #expect(
            result.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.message)" }
                == ["1:11 AsyncAPI 1.2.0 is not supported; import reads 3.0 and 2.x (2.6) documents"])
    }
}
