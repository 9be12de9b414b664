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
    /// Arrays whose first element is not a string (Phoenix's `[join_ref, ref, topic, event, payload]` with a `null`).
    package private(set) var arraysWithoutName = 0
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
