import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// How captured frames are framed, recognised from what they all have in common: Socket.IO packets, positional
/// arrays whose first element names the message, or objects with a key naming the event (beside the payload's own
/// fields, or beside one key holding the payload). The first pass of `schemagen infer`: counts only, so any number
/// of frames takes the same memory.
package struct FramingGuess {
    /// What the frames are, with the evidence for a comment in the draft.
    package enum Framing: Equatable {
        case socketIO
        /// `["verb", element, ...]`: the elements after the verb are the payload.
        case positional
        /// `{"type": "...", ...}`: the payload's fields beside the name.
        case discriminator(key: String)
        /// `{"event": "...", "payload": {...}, ...}`; `fields` are the other keys frames carry.
        case envelope(name: String, payload: String, payloadIsJSONString: Bool, fields: [String])
        /// `[17082, ...]`: arrays led by the id of the channel a reply assigned (Bitfinex's `chanId`), beside objects
        /// framed as `objects` says (the requests and replies that assign the ids). `slot` names the id (the reply's key
        /// that held one of them); `heartbeats` are the words a channel sends alone (`[17082, "hb"]`).
        indirect case channelArrays(objects: Framing?, slot: String, heartbeats: [String], names: ChannelArrayNames)
    }

    /// The events of ``Framing/channelArrays(objects:slot:heartbeats:names:)``, named apart from the objects' events.
    package struct ChannelArrayNames: Equatable {
        /// The event every array but a heartbeat is.
        package var data: String
        /// The event of each heartbeat word, in the order of `heartbeats`.
        package var heartbeats: [String]
    }

    /// Keys that name an event in the APIs schemagen knows, in order of preference when several would do.
    package static let nameKeys = ["type", "event", "name", "op", "action", "method", "kind", "t", "e", "topic"]
    /// Keys that hold an envelope's payload, in order of preference.
    package static let payloadKeys = ["payload", "data", "d", "body", "params", "args", "message"]
    /// Distinct values kept per key while looking for the name key.
    package static let maximumDistinctValues = 1_000

    package private(set) var frames = 0
    package private(set) var unreadable = 0
    package private(set) var socketIOPackets = 0
    package private(set) var arrays = 0
    /// Arrays whose first element is neither a string nor a whole number (Phoenix's `[join_ref, ref, topic, event,
    /// payload]` with a `null`).
    package private(set) var arraysWithoutName = 0
    /// Arrays whose first element is a whole number: a channel id (Bitfinex's `[chanId, ...]`).
    package private(set) var arraysWithChannelID = 0
    /// The channel ids those arrays led with, up to ``maximumDistinctValues``.
    private var channelIDs: Set<Int> = []
    /// The words `[id, "word"]` arrays held, with how often, up to ``maximumHeartbeatWords`` + 1 distinct ones.
    private var lonelyWords: [String: Int] = [:]
    private var lonelyWordOrder: [String] = []
    /// Distinct `[id, "word"]` words that can be heartbeats: past this, the words are data.
    package static let maximumHeartbeatWords = 4
    package private(set) var shortArrays = 0
    package private(set) var objects = 0
    private var keyOrder: [String] = []
    private var keys: [String: KeyTally] = [:]

    private struct KeyTally {
        var present = 0
        var strings = 0
        var stringsHoldingJSON = 0
        /// Objects and arrays: what an envelope's payload key holds.
        var containers = 0
        var values: Set<String> = []
        /// Whole numbers the key held, up to ``maximumDistinctValues``: the key that holds channel ids.
        var integers: Set<Int> = []
    }

    /// A Socket.IO packet the capture's protocol was taken off (``CaptureUnwrapper``).
    package mutating func observePacket() {
        frames += 1
        socketIOPackets += 1
    }

    /// A frame as its protocol left it: JSON, or a Socket.IO packet in a capture whose protocol was not recognised.
    package mutating func observe(_ data: Data) {
        frames += 1
        if CapturedPacket.unwrap(data) != nil {
            socketIOPackets += 1
            return
        }
        guard let value = try? DocumentValue(parsingJSON: data) else {
            unreadable += 1
            return
        }
        switch value {
        case .array(let items):
            arrays += 1
            if case .integer(let id)? = items.first {
                arraysWithChannelID += 1
                if channelIDs.count < Self.maximumDistinctValues { channelIDs.insert(id) }
                if items.count == 2, case .string(let word) = items[1], lonelyWords.count <= Self.maximumHeartbeatWords
                {
                    if lonelyWords[word] == nil { lonelyWordOrder.append(word) }
                    lonelyWords[word, default: 0] += 1
                }
                return
            }
            guard case .string? = items.first else {
                arraysWithoutName += 1
                return
            }
            if items.count <= 2 { shortArrays += 1 }
        case .object(let members):
            objects += 1
            for (key, member) in members {
                if keys[key] == nil { keyOrder.append(key) }
                var tally = keys[key, default: KeyTally()]
                tally.present += 1
                switch member {
                case .object, .array: tally.containers += 1
                default: break
                }
                if case .integer(let number) = member, tally.integers.count < Self.maximumDistinctValues {
                    tally.integers.insert(number)
                }
                if case .string(let text) = member {
                    tally.strings += 1
                    if tally.values.count < Self.maximumDistinctValues { tally.values.insert(text) }
                    if Self.payloadKeys.contains(key), let first = text.utf8.first,
                        first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
                        (try? DocumentValue(parsingJSON: Array(text.utf8))) != nil
                    {
                        tally.stringsHoldingJSON += 1
                    }
                }
                keys[key] = tally
            }
        default:
            unreadable += 1
        }
    }

    /// The framing the frames share, with a sentence saying why, or why none was found.
    package func conclusion() -> Result<(framing: Framing, reason: String), InferenceError> {
        let readable = frames - unreadable
        guard readable > 0 else {
            return .failure(
                InferenceError(
                    message:
                        "no frame of the capture is JSON (\(frames) frames read); schemagen infer reads JSON frames and Socket.IO packets"
                ))
        }
        if socketIOPackets * 2 >= readable {
            return .success((.socketIO, "\(socketIOPackets) of \(frames) frames are Engine.IO and Socket.IO packets"))
        }
        if arraysWithChannelID > 0, arraysWithChannelID == arrays {
            return channelArraysConclusion()
        }
        if arrays > objects {
            guard arraysWithoutName == 0 else {
                return .failure(
                    InferenceError(
                        message:
                            "\(arraysWithoutName) of \(arrays) array frames do not start with a string naming them, so nothing names the events (Phoenix's [join_ref, ref, topic, event, payload] is one such framing: give `--protocol phoenix` to draft its broadcasts); write `frames:` by hand (docs/contract-format.md, Frame shapes)"
                    ))
            }
            if shortArrays == arrays {
                return .success(
                    (
                        .socketIO,
                        "every array frame is [name] or [name, payload], Socket.IO's event arrays without their packets"
                    ))
            }
            return .success(
                (.positional, "\(arrays) of \(frames) frames are arrays whose first element is a string naming them"))
        }
        return objectConclusion()
    }

    /// Arrays led by channel ids, and the objects beside them (the requests and the replies assigning the ids).
    private func channelArraysConclusion() -> Result<(framing: Framing, reason: String), InferenceError> {
        var objectFraming: Framing?
        var objectReason = ""
        if objects > 0 {
            switch objectConclusion() {
            case .success(let (framing, reason)):
                // Frame shapes read objects by a name key and a payload beside it or under a key, not JSON in a string.
                if case .envelope(_, _, true, _) = framing {
                    return .failure(
                        InferenceError(
                            message:
                                "\(arraysWithChannelID) array frames start with a channel id, beside objects whose payload is a string of JSON, which frame shapes do not read; write `frames:` by hand (docs/contract-format.md, Frame shapes)"
                        ))
                }
                (objectFraming, objectReason) = (framing, reason)
            case .failure(let error):
                return .failure(error)
            }
        }
        // The reply's key that held the ids the arrays lead with names the slot.
        let slot =
            keyOrder.max { a, b in
                (keys[a]?.integers.intersection(channelIDs).count ?? 0)
                    < (keys[b]?.integers.intersection(channelIDs).count ?? 0)
            }.flatMap { key in (keys[key]?.integers.isDisjoint(with: channelIDs) ?? true) ? nil : key } ?? "channel_id"
        let heartbeats =
            lonelyWords.count <= Self.maximumHeartbeatWords
            ? lonelyWordOrder.filter { word in
                word.count <= 12 && word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic && $0.isASCII }
            } : []
        var taken = objectFraming == nil ? [] : objectEventNames
        let data = ContractInferrer.unique("data", in: &taken)
        let names = ChannelArrayNames(
            data: data,
            heartbeats: heartbeats.map {
                ContractInferrer.unique(heartbeats.count == 1 ? "heartbeat" : "heartbeat_\($0)", in: &taken)
            })
        let reason =
            "\(arraysWithChannelID) of \(frames) frames are arrays that start with a channel id (\(slot == "channel_id" ? "no reply held one" : "as `\(slot)` of a reply held")"
            + (heartbeats.isEmpty
                ? "" : "; " + heartbeats.map { "`[id, \"\($0)\"]`" }.joined(separator: ", ") + " alone")
            + ")"
            + (objectReason.isEmpty
                ? "" : "; " + objectReason.replacingOccurrences(of: "every frame is", with: "every other frame is"))
        return .success(
            (.channelArrays(objects: objectFraming, slot: slot, heartbeats: heartbeats, names: names), reason))
    }

    /// The names the object frames' name key held (up to ``maximumDistinctValues``).
    private var objectEventNames: Set<String> {
        guard case .success(let (framing, _)) = objectConclusion() else { return [] }
        switch framing {
        case .discriminator(let key), .envelope(let key, _, _, _): return keys[key]?.values ?? []
        default: return []
        }
    }

    /// How the object frames name their events.
    private func objectConclusion() -> Result<(framing: Framing, reason: String), InferenceError> {
        let everywhere = keyOrder.filter { key in
            guard let tally = keys[key] else { return false }
            return tally.present == objects && tally.strings == objects
        }
        guard
            let nameKey = Self.nameKeys.first(where: everywhere.contains)
                ?? everywhere.min(by: { (keys[$0]?.values.count ?? 0) < (keys[$1]?.values.count ?? 0) })
        else {
            return .failure(
                InferenceError(
                    message:
                        "no key holds a string in every object frame, so nothing names the events; schemagen infer recognises Socket.IO, envelopes ({\"event\": ..., \"payload\": ...}), flat objects with a name key ({\"type\": ..., ...}) and positional arrays ([\"VERB\", ...]); write `frames:` by hand for other shapes (docs/contract-format.md, Frame shapes)"
                ))
        }
        let names = keys[nameKey]?.values.count ?? 0
        let others = keyOrder.filter { $0 != nameKey }
        // A payload key holds objects, arrays or strings of JSON, in a fair share of the frames: other keys beside
        // it are the envelope's.
        if let payloadKey = Self.payloadKeys.first(where: { key in
            guard others.contains(key), let tally = keys[key] else { return false }
            return (tally.containers + tally.stringsHoldingJSON) * 2 >= tally.present && tally.present * 4 >= objects
        }) {
            let tally = keys[payloadKey] ?? KeyTally()
            let asString = tally.present > 0 && tally.stringsHoldingJSON == tally.present
            let fields = others.filter { $0 != payloadKey }
            let fieldsNote = fields.isEmpty ? "" : ", beside " + fields.map { "`\($0)`" }.joined(separator: ", ")
            return .success(
                (
                    .envelope(name: nameKey, payload: payloadKey, payloadIsJSONString: asString, fields: fields),
                    "every frame is an object whose `\(nameKey)` names it (\(names) names) and `\(payloadKey)` holds the payload"
                        + (asString ? " as a string of JSON" : "") + fieldsNote
                ))
        }
        return .success(
            (
                .discriminator(key: nameKey),
                "every frame is an object whose `\(nameKey)` names it (\(names) names), beside the payload's fields"
            ))
    }
}

/// Why a capture could not be made into a contract.
public struct InferenceError: Error, CustomStringConvertible, Sendable {
    package var message: String
    public var description: String { message }
}
