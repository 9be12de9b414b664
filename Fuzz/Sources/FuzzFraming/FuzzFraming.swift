import Foundation
import FuzzSupport
import SchemaGenRuntime

/// Every framing parses the input or rejects it with `MalformedFrame`; every payload it finds goes through
/// `WireDecoder`; a frame whose payload decodes is written back by the same framing and parses again to the
/// same name, channel and payload. A crash, a sanitizer report or a broken round trip is a finding.
let framings: [WireFraming] = [
    .socketIO,
    .envelope(.init(nameKey: "event", payloadKey: "data", channelKey: "channel")),
    .envelope(.init(nameKey: "event", payloadKey: "data", channelKey: "channel", payloadIsJSONString: true)),
    .envelope(.init(nameKey: "type", payloadKey: "payload")),
    .discriminator(key: "type"),
    // Frame shapes: an opcode gateway, a nested discriminator, a reply known by its keys, Phoenix v2 arrays.
    .shapes([
        FrameShape(
            name: "dispatch", conditions: [.init(path: FramePath(keys: "op"), value: .integer(0))],
            eventName: FramePath(keys: "t"),
            payload: .at(FramePath(keys: "d")), fields: [.init(key: "s", path: FramePath(keys: "s"))]),
        FrameShape(
            name: "notification", conditions: [.init(path: FramePath(keys: "kind"), value: .string("n"))],
            eventName: FramePath(keys: "meta.type"), payload: .at(FramePath(keys: "body.event")),
            channel: FramePath(keys: "meta.topic")),
        FrameShape(
            name: "reply", required: [FramePath(keys: "id")], eventName: nil, payload: .at(FramePath(keys: "result")),
            fields: [.init(key: "id", path: FramePath(keys: "id"))]),
        FrameShape(
            name: "opcode", eventName: FramePath(keys: "op"), eventNameKind: .integer,
            payload: .at(FramePath(keys: "d"))),
        FrameShape(name: "flag", eventName: FramePath(keys: "ok"), eventNameKind: .bool, payload: .rest),
    ]),
    .shapes([
        FrameShape(
            name: "phoenix", container: .array(slots: ["join_ref", "ref", "topic", "event", "payload"]),
            eventName: FramePath([.index(3)]), payload: .at(FramePath([.index(4)])), channel: FramePath([.index(2)]),
            fields: [
                .init(key: "join_ref", path: FramePath([.index(0)])), .init(key: "ref", path: FramePath([.index(1)])),
            ]),
        FrameShape(
            name: "relay", container: .array(slots: ["verb"]), eventName: FramePath([.index(0)]), payload: .rest),
    ]),
    // An exact `{}` ping, a reply that must have only its own keys, an object named by `type`, and a bare array of
    // payloads (a batch).
    .shapes([
        FrameShape(name: "ping", eventName: nil, payload: .none, exact: true),
        FrameShape(
            name: "result", required: [FramePath(keys: "id")], eventName: nil, payload: .at(FramePath(keys: "result")),
            fields: [.init(key: "id", path: FramePath(keys: "id"))], exact: true),
        FrameShape(name: "message", eventName: FramePath(keys: "type"), payload: .at(FramePath(keys: "data"))),
        FrameShape(name: "batch", container: .array(slots: []), eventName: nil, payload: .rest),
    ]),
]

@_cdecl("FuzzFraming_main")
public func fuzzFramingMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { start, count in fuzzFraming(start.map { Data(bytes: $0, count: count) } ?? Data()) }
}

func fuzzFraming(_ data: Data) -> CInt {
    splitsAgain(data)
    for framing in framings {
        guard let frame = try? framing.parse(data) else { continue }
        // The scanner only finds the payload's bytes; the decoder validates them. Only a payload a client
        // could decode (and so could have sent) must survive being written back.
        if let payload = frame.payload, (try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: payload)) == nil
        {
            continue
        }
        if case .discriminator = framing { continue }  // its payload is the whole frame: nothing to write back
        if case .shapes(let shapes) = framing {
            roundTrip(frame, shapes: shapes, framing: framing)
            continue
        }
        let written = framing.frame(eventName: frame.eventName, channel: frame.channel, payload: frame.payload)
        guard let again = try? framing.parse(written) else {
            fatalError("\(framing) wrote a frame it cannot read: \(String(decoding: written, as: UTF8.self))")
        }
        guard again.eventName == frame.eventName, again.channel == frame.channel, again.payload == frame.payload else {
            fatalError("\(framing) round trip changed the frame: \(String(decoding: written, as: UTF8.self))")
        }
    }
    return 0
}

/// A message split into frames by a separator, each written as it travels alone and joined again, splits into the same
/// frames; an exact shape's frame has no key beyond the shape's.
func splitsAgain(_ message: Data) {
    for separator in FrameSeparator.allCases {
        let frames = separator.frames(in: message)
        let joined = frames.reduce(into: Data()) { message, frame in
            message += separator.terminated(frame)
            if separator == .newline { message.append(0x0A) }
        }
        guard separator.frames(in: joined) == frames else {
            fatalError("\(separator) split \(String(decoding: message, as: UTF8.self)) differently once joined again")
        }
    }
}

/// A frame read by a shape whose payload sits at a path is written back from its name, channel and parts (or
/// payload), and reads again to the same route, channel, payload and parts.
func roundTrip(_ frame: WireFraming.ParsedFrame, shapes: [FrameShape], framing: WireFraming) {
    guard let index = shapes.firstIndex(where: { $0.name == frame.shape }) else { return }
    if shapes[index].exact,
        let keys = (try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: frame.frame))?.objectKeys,
        !keys.isSubset(of: shapes[index].namedKeys)
    {
        fatalError(
            "exact shape \(shapes[index].name) took a frame with other keys: \(String(decoding: frame.frame, as: UTF8.self))"
        )
    }
    if case .array(let slots) = shapes[index].container, slots.isEmpty, let payload = frame.payload {
        // A bare array is its payload: written back, it is the same elements.
        let written = framing.frame(
            address: EventAddress(shape: index, name: nil), channel: nil, payload: payload, parts: nil)
        guard let again = try? framing.parse(written), again.route == frame.route, again.payload == payload else {
            fatalError("a bare array round trip changed the frame: \(String(decoding: written, as: UTF8.self))")
        }
        return
    }
    guard case .at = shapes[index].payload else { return }
    if let parts = frame.parts, (try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: parts)) == nil {
        return
    }
    let shape = shapes[index]
    let name: FrameValue? =
        switch shape.eventNameKind {
        case _ where shape.eventName == nil: nil
        case .string: .string(frame.eventName)
        case .integer: .integer(Int(frame.eventName)!)
        case .bool: .bool(frame.eventName == "true")
        case .null: .null
        }
    let written = framing.frame(
        address: EventAddress(shape: index, name: name), channel: frame.channel,
        payload: frame.parts == nil ? frame.payload : nil, parts: frame.parts)
    guard let again = try? framing.parse(written) else {
        fatalError("\(shape.name) wrote a frame it cannot read: \(String(decoding: written, as: UTF8.self))")
    }
    guard again.route == frame.route, again.channel == frame.channel, again.payload == frame.payload,
        again.parts == frame.parts
    else {
        fatalError("\(shape.name) round trip changed the frame: \(String(decoding: written, as: UTF8.self))")
    }
}

extension JSONValue {
    /// An object's keys; `nil` for any other value.
    var objectKeys: Set<String>? {
        if case .object(let members) = self { Set(members.keys) } else { nil }
    }
}
