import Foundation
import GeneratedClients
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import SchemaGenRuntime
import TestSupport
import Testing

/// The contract interpreter must say "matches" exactly when the generated type reads the value. For every payload
/// the guides and vendors' documentation show (FixtureRoundTripTests' fixtures), and for every variant of it with
/// one key removed, one value `null` or of the wrong kind, or one key the contract does not have, both sides are asked;
/// any disagreement is listed with the variant.
@Suite struct InterpreterAgreementTests {
    /// The contract, channel and event a fixture's path names: `contract/[channel/]event.json`.
    static func target(of fixture: FixtureRoundTripTests.Fixture) throws -> (Contract, Channel?, Event)? {
        let parts = fixture.path.split(separator: "/").map(String.init)
        let loaded = ContractLoader().load(path: RepositoryContracts.path("\(parts[0]).yaml"))
        let contract = try #require(loaded.contract, "\(loaded.diagnostics)")
        let name = String(parts.last!.dropLast(".json".count))
        let channelName = parts.count == 3 ? parts[1] : nil
        guard
            let (channel, event) = contract.allEvents.first(where: {
                $0.event.wireName == name && $0.channel?.name == channelName
            })
        else { return nil }
        return (contract, channel, event)
    }

    @Test(arguments: FixtureRoundTripTests.fixtures)
    func theInterpreterAcceptsWhatTheGeneratedTypeReads(fixture: FixtureRoundTripTests.Fixture) throws {
        guard let (contract, _, event) = try Self.target(of: fixture) else { return }
        let data = try Data(contentsOf: FixtureRoundTripTests.folder.appendingPathComponent(fixture.path))
        let interpreter = FrameInterpreter(contract: contract)
        let original = try WireDecoder(dates: .iso8601).decode(JSONValue.self, from: data)
        // A fixture of an envelope with fields is the whole frame, which the generated type reads; else the payload.
        let wholeFrame: Bool
        let fixed: Set<String>
        if case .envelope(let envelope) = contract.framing, !(envelope.fields + event.envelopeFields).isEmpty {
            wholeFrame = true
            fixed = Set([envelope.nameKey] + (envelope.channelKey.map { [$0] } ?? []))
        } else {
            wholeFrame = false
            fixed = []
        }
        func interpreterAccepts(_ value: JSONValue) throws -> Bool {
            let bytes = try JSONEncoder().encode(value)
            if wholeFrame {
                let direction: Direction = event.direction == .both ? .serverToClient : event.direction
                return interpreter.read(bytes, sentBy: direction).matches
            }
            return !interpreter.readPayload(bytes, of: event).contains { $0.severity == .mismatch }
        }
        let findings = try describe(original, interpreter, event, wholeFrame)
        #expect(try interpreterAccepts(original), "the fixture as written: \(findings)")
        var disagreements: [String] = []

        for (label, variant) in Self.variants(of: original, keeping: fixed) {
            let generated = fixture.decodes(try JSONEncoder().encode(variant))
            let interpreted = try interpreterAccepts(variant)
            if generated != interpreted {
                disagreements.append(
                    "\(label): generated \(generated ? "reads" : "refuses"), interpreter \(interpreted ? "accepts" : "refuses")"
                )
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    private func describe(
        _ value: JSONValue, _ interpreter: FrameInterpreter, _ event: Event, _ wholeFrame: Bool
    ) throws -> String {
        let bytes = try JSONEncoder().encode(value)
        let findings =
            wholeFrame
            ? interpreter.read(bytes, sentBy: .serverToClient).findings : interpreter.readPayload(bytes, of: event)
        return findings.map(\.description).joined(separator: "; ")
    }

    /// The value with one change each: a key removed, a value of another kind, a key added to an object.
    static func variants(
        of value: JSONValue, keeping fixed: Set<String>, at path: String = "$"
    ) -> [(String, JSONValue)] {
        var result: [(String, JSONValue)] = value == .null ? [] : [("\(path): null instead", .null)]
        switch value {
        case .object(let members):
            result.append(("\(path): key added", .object(members.merging(["zzUndescribed": 1]) { first, _ in first })))
            for key in members.keys.sorted() where !(path == "$" && fixed.contains(key)) {
                var without = members
                without[key] = nil
                result.append(("\(path).\(key): removed", .object(without)))
                for (label, inner) in variants(of: members[key]!, keeping: [], at: "\(path).\(key)") {
                    var changed = members
                    changed[key] = inner
                    result.append((label, .object(changed)))
                }
            }
        case .array(let items):
            for index in items.indices {
                for (label, inner) in variants(of: items[index], keeping: [], at: "\(path)[\(index)]") {
                    var changed = items
                    changed[index] = inner
                    result.append((label, .array(changed)))
                }
            }
        case .string:
            result.append(("\(path): a number instead", .number(7)))
        case .number:
            result.append(("\(path): a string instead", .string("7")))
            result.append(("\(path): a fraction instead", .number(JSONNumber(2.5))))
        case .bool:
            result.append(("\(path): a string instead", .string("true")))
        case .null:
            result.append(("\(path): a number instead", .number(7)))
        }
        return result
    }
}
