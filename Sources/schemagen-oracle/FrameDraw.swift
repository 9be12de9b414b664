import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
@_spi(Generated) import SchemaGenRuntime

/// One frame for the readers to agree on: which contract, who sent it, the channel it travels in, and its bytes.
struct DrawnFrame {
    var contract: Int
    /// The app sent it (the generated server reads it), else the server (the generated client reads it).
    var sentByClient: Bool
    /// The channel's key in the contract, for a channel event's frame.
    var channel: String?
    /// The address the frame was delivered on, for framings whose frames do not say it (Socket.IO namespaces).
    var deliveredOn: String?
    var bytes: Data
    /// For an acknowledgement's arguments (a Socket.IO ack packet's array), the event acknowledged, as
    /// `channel/wireName` (`/wireName` outside channels); `sentByClient` says who answered.
    var acknowledging: String?
    /// How it was made: "typical frame of 'x'", "... with $.data.id removed".
    var origin: String
    /// Made from the contract's types as a server sends them, not mutated: a value whose round trip through the
    /// generated server must give it back (a mutant may hold what an encoding cannot write, a fraction of a
    /// microsecond).
    var isSynthesized = true
}

/// Frames drawn from a contract's own types: each event's frames as a server and an app send them (typical, sparse,
/// with nulls), and one-change mutants of each (a key removed or added, a value null or of another kind), so both the
/// frames a reader must accept and those it must refuse are asked.
enum FrameDraw {
    static func frames(of contract: Contract, index: Int, budget: Int, random: inout SplitMix64) -> [DrawnFrame] {
        var exact: [DrawnFrame] = []
        for (channel, event) in contract.allEvents {
            var senders: [Bool] = []
            if event.direction.isReceivedByClient { senders.append(false) }
            if event.direction.isEmittedByClient { senders.append(true) }
            for variant in ValueSynthesizer.Variant.all {
                let bytes = FrameSynthesizer(contract: contract, variant: variant).madeUpFrame(of: event, in: channel)
                guard !bytes.isEmpty else { continue }
                for sentByClient in senders {
                    exact.append(
                        DrawnFrame(
                            contract: index, sentByClient: sentByClient, channel: channel?.name,
                            deliveredOn: deliveredOn(contract, channel), bytes: bytes,
                            origin: "a frame of '\(event.wireName)' (\(describe(variant)))"))
                }
            }
            // Its acknowledgement's arguments, answered by its receiver.
            if event.ack != nil, senders.count == 1 {
                for variant in ValueSynthesizer.Variant.all {
                    guard
                        let bytes = FrameSynthesizer(contract: contract, variant: variant).madeUpAcknowledgement(
                            of: event)
                    else { continue }
                    exact.append(
                        DrawnFrame(
                            contract: index, sentByClient: !senders[0], channel: channel?.name,
                            deliveredOn: deliveredOn(contract, channel), bytes: bytes,
                            acknowledging: "\(channel?.name ?? "")/\(event.wireName)",
                            origin: "the acknowledgement of '\(event.wireName)' (\(describe(variant)))"))
                }
            }
            // The same frame from the other side: what a reader of the wrong direction must not take as its own.
            if senders.count == 1 {
                let bytes = FrameSynthesizer(contract: contract).madeUpFrame(of: event, in: channel)
                if !bytes.isEmpty {
                    exact.append(
                        DrawnFrame(
                            contract: index, sentByClient: !senders[0], channel: channel?.name,
                            deliveredOn: deliveredOn(contract, channel), bytes: bytes,
                            origin: "a frame of '\(event.wireName)' sent the wrong way"))
                }
            }
        }
        var mutants: [DrawnFrame] = []
        for frame in exact {
            guard let value = try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: frame.bytes) else {
                continue
            }
            for (label, variant) in oneChange(of: value) {
                guard let bytes = try? encoder.encode(variant) else { continue }
                var mutant = frame
                mutant.bytes = bytes
                mutant.isSynthesized = false
                mutant.origin = "\(frame.origin), \(label)"
                mutants.append(mutant)
            }
        }
        // Every exact frame, then mutants drawn without replacement up to the budget, then mutants of mutants (two
        // changes) drawn at random, so a small contract still gets its share of frames.
        var chosen = exact
        var pool = mutants
        while chosen.count < budget && !pool.isEmpty {
            let pick = Int(random.next() % UInt64(pool.count))
            pool.swapAt(pick, pool.count - 1)
            chosen.append(pool.removeLast())
        }
        var attempts = 0
        while chosen.count < budget && !mutants.isEmpty && attempts < budget * 2 {
            attempts += 1
            let base = mutants[Int(random.next() % UInt64(mutants.count))]
            guard let value = try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: base.bytes) else {
                continue
            }
            let changes = oneChange(of: value)
            guard !changes.isEmpty else { continue }
            let (label, variant) = changes[Int(random.next() % UInt64(changes.count))]
            guard let bytes = try? encoder.encode(variant) else { continue }
            var mutant = base
            mutant.bytes = bytes
            mutant.origin = "\(base.origin), then \(label)"
            chosen.append(mutant)
        }
        return chosen
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static func describe(_ variant: ValueSynthesizer.Variant) -> String {
        switch variant {
        case .typical: "typical"
        case .sparse: "sparse"
        default: "nulls"
        }
    }

    /// The address a Socket.IO channel's frames arrive on: their namespace, which the frame itself does not carry.
    private static func deliveredOn(_ contract: Contract, _ channel: Channel?) -> String? {
        guard let channel, case .socketIO = contract.framing else { return nil }
        return FrameSynthesizer.address(channel)
    }

    /// The value with one change each, anywhere in it: a key removed, a key added, a value `null`, of another kind,
    /// or a fraction where a whole number was.
    static func oneChange(of value: JSONValue, at path: String = "$") -> [(String, JSONValue)] {
        var result: [(String, JSONValue)] = value == .null ? [] : [("\(path) null", .null)]
        switch value {
        case .object(let members):
            result.append(("\(path) with a key added", .object(members.merging(["zz_added": 1]) { first, _ in first })))
            for key in members.keys.sorted() {
                var without = members
                without[key] = nil
                result.append(("\(path).\(key) removed", .object(without)))
                for (label, inner) in oneChange(of: members[key]!, at: "\(path).\(key)") {
                    var changed = members
                    changed[key] = inner
                    result.append((label, .object(changed)))
                }
            }
        case .array(let items):
            if !items.isEmpty { result.append(("\(path) without its last element", .array(items.dropLast()))) }
            for index in items.indices {
                for (label, inner) in oneChange(of: items[index], at: "\(path)[\(index)]") {
                    var changed = items
                    changed[index] = inner
                    result.append((label, .array(changed)))
                }
            }
        case .string(let text):
            result.append(("\(path) a number", .number(7)))
            // Still a string, but no longer base64 (4 characters to a group), a date or a number in a string.
            if !text.isEmpty { result.append(("\(path) one character short", .string(String(text.dropLast())))) }
            if let number = Double(text) {
                result.append(("\(path) \(number) as a number", .number(JSONNumber(number))))
            }
        case .number:
            result.append(("\(path) a string", .string("7")))
            result.append(("\(path) a fraction", .number(JSONNumber(2.5))))
            result.append(("\(path) another whole number", .number(3)))
        case .bool(let flag):
            result.append(("\(path) a string", .string("true")))
            result.append(("\(path) flipped", .bool(!flag)))
        case .null:
            result.append(("\(path) a number", .number(7)))
            result.append(("\(path) a string", .string("x")))
        }
        return result
    }
}
