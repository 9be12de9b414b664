import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// Contract → AsyncAPI 3.0 → `schemagen import asyncapi` → contract, for every contract of the repository and every
/// golden one: the imported contract is valid and keeps every event (name, direction, channel, payload type,
/// reply, subscription, acknowledgement), every named type with its fields' types, the channels' addresses and
/// parameters, the framing, the dates and the servers. docs/asyncapi.md lists what does not come back.
@Suite struct AsyncAPIRoundTripTests {
    static var contracts: [String] {
        (try? ContractFiles.find([
            Golden.repositoryRoot.appendingPathComponent("schemas").path, GenerationGoldenTests.contracts.path,
        ]).files) ?? []
    }

    @Test(arguments: contracts.map { ($0 as NSString).lastPathComponent })
    func aContractComesBackFromItsAsyncAPIDocument(file: String) throws {
        let path = try #require(Self.contracts.first { ($0 as NSString).lastPathComponent == file })
        let original = try #require(ContractLoader().load(path: path).contract)
        let document = AsyncAPITranslator().document(original, sourceFile: file)
        let parsed = YAMLLoader().load(text: document, path: "exported.yaml")
        let root = try #require(parsed.root, "\(parsed.diagnostics)")
        let imported = AsyncAPIImporter().importDocument(root, sourceFile: "exported.yaml")
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics.map(\.message))")
        let text = try #require(imported.contract)
        let loaded = ContractLoader().load(text: text, path: "imported.yaml")
        let reimported = try #require(
            loaded.contract, "\(loaded.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" })\n\(text)")
        let before = Self.summary(original), after = Self.summary(reimported)
        #expect(
            before == after,
            "\(TextDiff.unified(from: before.joined(separator: "\n") + "\n", to: after.joined(separator: "\n") + "\n", oldLabel: "contract", newLabel: "imported"))"
        )
    }

    /// A contract's `version` is the document's `info.version` and comes back from it; without one the document
    /// says `1.0.0` (AsyncAPI requires a version), which an import keeps.
    @Test(arguments: [
        ("version: 2.0.0-rc.1\n", "2.0.0-rc.1", "2.0.0-rc.1"), ("version: 7\n", "7", "7"), ("", "1.0.0", "1.0.0"),
    ])
    func theAPIVersionIsInfoVersion(line: String, exported: String, imported: String) throws {
        let text = "schemagen: 1\nname: Versioned\n\(line)framing: socket.io\nevents:\n  ping: { direction: both }\n"
        let original = try #require(ContractLoader().load(text: text, path: "versioned.yaml").contract)
        let document = AsyncAPITranslator().document(original, sourceFile: "versioned.yaml")
        let root = try #require(YAMLLoader().load(text: document, path: "exported.yaml").root)
        #expect(root["info"]?["version"]?.text == exported)
        let contract = try #require(AsyncAPIImporter().importDocument(root, sourceFile: "exported.yaml").contract)
        #expect(ContractLoader().load(text: contract, path: "imported.yaml").contract?.version == imported)
    }

    /// What a contract says about the wire, one line per fact, without locations and prose.
    static func summary(_ contract: Contract) -> [String] {
        var lines = ["name \(contract.name)", "dates \(contract.dateEncoding.rawValue)"]
        lines.append("framing " + YAMLWriter.write(AsyncAPITranslator().framing(contract.framing)))
        lines += contract.servers.map { "server \($0.name) \($0.url) \($0.description ?? "")" }
        for type in contract.types {
            switch type.kind {
            case .object(let object): lines += fields(object.fields, in: "type \(type.name)")
            case .enumeration(let enumeration):
                lines.append(
                    "type \(type.name) enum \(enumeration.rawType.rawValue) "
                        + enumeration.cases.map { "\($0.wireValue)=\($0.swiftName)" }.joined(separator: ","))
            case .tuple(let tuple): lines.append("type \(type.name) tuple " + TypeRef.tuple(tuple).spelling)
            case .union(let union):
                lines.append(
                    "type \(type.name) union \(union.selector) "
                        + union.members.map { "\($0.tag ?? "")\($0.swiftName):\($0.type.spelling)" }.joined(
                            separator: ","))
            case .flags(let flags):
                lines.append(
                    "type \(type.name) flags " + flags.flags.map { "\($0.wireName)=\($0.bit)" }.joined(separator: ","))
            }
        }
        for (channel, event) in contract.allEvents {
            let scope =
                channel.map {
                    "channel \($0.name) \($0.address.raw) \($0.parameters.map { "\($0.name):\($0.type.rawValue)" })"
                } ?? "root"
            var line =
                "\(scope) event \(event.wireName) \(event.direction.rawValue) swift \(event.swiftName) payload \(event.payload?.spelling ?? "-")"
            if let reply = event.reply {
                line +=
                    " reply \(reply.event) \(reply.match)/\(reply.replyMatch ?? "") \(reply.error ?? "") \(reply.ids) \(reply.cancel ?? "")"
            }
            if let subscription = event.subscription {
                line +=
                    " subscription \(subscription.event) \(subscription.match) \(subscription.end ?? "") \(subscription.error ?? "") \(subscription.cancel ?? "") \(subscription.idInReply ?? "")"
            }
            if let ack = event.ack { line += " ack \(ack.type.spelling)" }
            if let shape = event.shapeIndex { line += " frame \(shape) \(event.wireValue?.text ?? "")" }
            lines.append(line)
            lines += fields(event.envelopeFields, in: "\(scope) event \(event.wireName) envelope")
            if case .object(let object)? = event.payload {
                lines += fields(object.fields, in: "\(scope) event \(event.wireName) payload")
            }
        }
        return lines
    }

    private static func fields(_ fields: [Field], in owner: String) -> [String] {
        fields.map { field in
            "\(owner) field \(field.wireName) swift \(field.swiftName) \(field.type.spelling) \(field.encoding?.spelling ?? "") "
                + "\(field.constant.map { "\($0)" } ?? "") \(field.keyPattern ?? "")"
        }
    }
}

/// A document another tool wrote: its WebSocket servers become the contract's, from AsyncAPI 3's host, protocol and
/// path or 2.x's url; a server of another protocol is left out with a warning.
@Suite struct AsyncAPIServerImportTests {
    static func imported(_ document: String) throws -> (contract: Contract, warnings: [String]) {
        let root = try #require(YAMLLoader().load(text: document, path: "api.yaml").root)
        let result = AsyncAPIImporter().importDocument(root, sourceFile: "api.yaml")
        let text = try #require(result.contract)
        let contract = try #require(ContractLoader().load(text: text, path: "imported.yaml").contract, "\(text)")
        return (contract, result.diagnostics.map(\.message))
    }

    @Test func version3ServersComeFromHostProtocolAndPath() throws {
        let (contract, warnings) = try Self.imported(
            """
            asyncapi: 3.0.0
            info: {title: Feed, version: 1.0.0}
            servers:
              production: {host: feed.example.com, protocol: wss, pathname: /v1/ws, description: The live feed.}
              broker: {host: mq.example.com, protocol: mqtt}
            channels:
              feed:
                address: null
                messages:
                  tick: {payload: {type: object, properties: {price: {type: number}}}}
            operations:
              receiveTick: {action: receive, channel: {$ref: '#/channels/feed'}}

            """)
        #expect(contract.servers.map(\.url) == ["wss://feed.example.com/v1/ws"])
        #expect(contract.servers.first?.description == "The live feed.")
        #expect(warnings.contains("server 'broker' speaks mqtt, not WebSocket; left out"))
    }

    @Test func version2ServersComeFromTheirURL() throws {
        let (contract, _) = try Self.imported(
            """
            asyncapi: 2.6.0
            info: {title: Feed, version: 1.0.0}
            servers:
              production: {url: feed.example.com/ws, protocol: wss}
            channels:
              feed:
                subscribe:
                  message: {name: tick, payload: {type: object, properties: {price: {type: number}}}}

            """)
        #expect(contract.servers.map(\.url) == ["wss://feed.example.com/ws"])
    }
}
