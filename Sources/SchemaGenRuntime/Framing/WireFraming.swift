import Foundation

/// How a contract frames events on the wire. Generated clients hold their contract's framing.
public enum WireFraming: Hashable, Sendable {
    /// Socket.IO: `["event_name", payload]`, or `["event_name"]` without payload.
    case socketIO
    /// An object with a name key and a payload key: `{"event": "...", "channel": "...", "data": ...}`.
    case envelope(Envelope)
    /// A flat object whose `key` names the event, beside the payload's own fields.
    case discriminator(key: String)
    /// Any JSON frames: a list of shapes, tried in order (see ``FrameShape``).
    case shapes([FrameShape])

    public struct Envelope: Hashable, Sendable {
        public var nameKey: String
        public var payloadKey: String
        /// The key naming the channel in each frame, when frames carry it.
        public var channelKey: String?
        /// Whether the payload travels as a string holding JSON (Pusher's `data`).
        public var payloadIsJSONString: Bool

        public init(nameKey: String, payloadKey: String, channelKey: String? = nil, payloadIsJSONString: Bool = false) {
            self.nameKey = nameKey
            self.payloadKey = payloadKey
            self.channelKey = channelKey
            self.payloadIsJSONString = payloadIsJSONString
        }
    }

    /// A frame taken apart.
    ///
    /// A class, not a struct: a frame passes through every consumer (subscriptions, pending requests, responders,
    /// listeners, streams) and each closure boundary copied the struct's seven references, a third of a
    /// frame's dispatch time in retains and releases (docs/performance.md). One allocation per frame costs less.
    public final class ParsedFrame: Sendable {
        public let eventName: String
        /// The channel the frame names, if it names one.
        public let channel: String?
        /// The payload's JSON bytes; `nil` when the frame has none. With discriminator framing, the whole frame.
        public let payload: Data?
        /// The whole frame, for events that also read envelope fields.
        public let frame: Data
        /// What listeners of the frame's event are filed under: the event name, or for shapes the shape's index
        /// and the name (``EventAddress/route``).
        public let route: String
        /// The name of the shape the frame matched; `nil` for the fixed framings.
        public let shape: String?
        /// For a shape with envelope fields: one JSON object holding them by key, and the payload under
        /// ``WireFraming/payloadPartKey``, which generated event types decode in one go.
        public let parts: Data?
        /// The payload as the framing parsed it (Socket.IO), so `WireDecoder` does not scan it again.
        let parsedPayload: ParsedPayload?
        /// For a shape that names no event, the contract's event (``FrameShape/unnamedEvent``).
        let unnamedEvent: String?

        /// The event as reports name it: the name the frame carries, or for a frame shape that names no event, the
        /// contract's event of that shape.
        public var reportedName: String {
            eventName.isEmpty ? unnamedEvent ?? eventName : eventName
        }

        public convenience init(
            eventName: String, channel: String?, payload: Data?, frame: Data, route: String? = nil,
            shape: String? = nil, parts: Data? = nil
        ) {
            self.init(
                eventName: eventName, channel: channel, payload: payload, frame: frame, route: route, shape: shape,
                parts: parts,
                parsedPayload: nil)
        }

        init(
            eventName: String, channel: String?, payload: Data?, frame: Data, route: String?, shape: String?,
            parts: Data?,
            parsedPayload: ParsedPayload?, unnamedEvent: String? = nil
        ) {
            self.unnamedEvent = unnamedEvent
            self.eventName = eventName
            self.channel = channel
            self.payload = payload
            self.frame = frame
            self.route = route ?? eventName
            self.shape = shape
            self.parts = parts
            self.parsedPayload = parsedPayload
        }

        /// The parts of a shape with envelope fields, or the whole frame for an object envelope.
        public var partsOrFrame: Data { parts ?? frame }
    }

    /// A payload's tape, made while its frame was taken apart: its offsets are into the frame's bytes.
    struct ParsedPayload: Sendable {
        var tokens: [JSONTape.Token]
    }

    /// Why a frame could not be taken apart.
    public struct MalformedFrame: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    // MARK: Writing

    /// The frame for an event; `payload` is the payload's JSON (`nil` for none).
    public func frame(eventName: String, channel: String?, payload: Data?) -> Data {
        var out = Data()
        switch self {
        case .shapes:
            return frame(
                address: EventAddress(shape: 0, name: .string(eventName)), channel: channel, payload: payload,
                parts: nil)
        case .socketIO:
            out.append(UInt8(ascii: "["))
            Self.appendString(eventName, to: &out)
            if let payload {
                out.append(UInt8(ascii: ","))
                out.append(payload)
            }
            out.append(UInt8(ascii: "]"))
        case .envelope(let envelope):
            out.append(UInt8(ascii: "{"))
            Self.appendString(envelope.nameKey, to: &out)
            out.append(UInt8(ascii: ":"))
            Self.appendString(eventName, to: &out)
            if let channelKey = envelope.channelKey, let channel {
                out.append(UInt8(ascii: ","))
                Self.appendString(channelKey, to: &out)
                out.append(UInt8(ascii: ":"))
                Self.appendString(channel, to: &out)
            }
            if let payload {
                out.append(UInt8(ascii: ","))
                Self.appendString(envelope.payloadKey, to: &out)
                out.append(UInt8(ascii: ":"))
                if envelope.payloadIsJSONString {
                    Self.appendString(String(decoding: payload, as: UTF8.self), to: &out)
                } else {
                    out.append(payload)
                }
            }
            out.append(UInt8(ascii: "}"))
        case .discriminator(let key):
            out.append(UInt8(ascii: "{"))
            Self.appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            Self.appendString(eventName, to: &out)
            // The payload is an object: its members follow the discriminator.
            if let payload, let open = payload.firstIndex(of: UInt8(ascii: "{")) {
                let rest = payload[payload.index(after: open)...]
                if rest.contains(where: { $0 != UInt8(ascii: "}") && $0 != 0x20 && $0 != 0x0A }) {
                    out.append(UInt8(ascii: ","))
                }
                out.append(contentsOf: rest)
            } else {
                out.append(UInt8(ascii: "}"))
            }
        }
        return out
    }

    /// The frame of the event at `address`. With shapes, `parts` is the event's value when it has envelope
    /// fields (see ``ParsedFrame/parts``); the fixed framings take the name's text and `payload`.
    public func frame(address: EventAddress, channel: String?, payload: Data?, parts: Data?) -> Data {
        guard case .shapes(let shapes) = self else {
            return frame(eventName: address.name?.text ?? "", channel: channel, payload: payload)
        }
        return shapes[address.shape].frame(name: address.name, channel: channel, payload: payload, parts: parts)
    }

    /// Appends `text` as a JSON string, escaped as JSONEncoder escapes (without escaping slashes).
    static func appendString(_ text: String, to out: inout Data) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20: out.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: Reading

    /// Takes a frame apart: finds the event name, the channel and the payload's bytes. The payload is a slice
    /// of the frame (no copy), except when it travels as a JSON string and has to be unescaped.
    public func parse(_ data: Data) throws(MalformedFrame) -> ParsedFrame {
        if case .shapes(let shapes) = self { return try Self.parse(data, shapes: shapes) }
        let result: Result<(name: String, channel: String?, payload: Payload), MalformedFrame> = data.withUnsafeBytes {
            raw in
            do {
                return .success(try parse(raw))
            } catch let failure as JSONSyntaxError {
                return .failure(MalformedFrame(reason: "\(failure.message) at byte \(failure.offset)"))
            } catch let malformed as MalformedFrame {
                return .failure(malformed)
            } catch {
                return .failure(MalformedFrame(reason: "\(error)"))
            }
        }
        let parts = try result.get()
        let payload: Data? =
            switch parts.payload {
            case .none: nil
            case .range(let range), .parsed(let range, _):
                data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]
            case .unescaped(let bytes): bytes
            }
        var parsed: ParsedPayload?
        if case .parsed(_, let tokens) = parts.payload {
            parsed = ParsedPayload(tokens: tokens)
        }
        return ParsedFrame(
            eventName: parts.name, channel: parts.channel, payload: payload, frame: data, route: nil, shape: nil,
            parts: nil,
            parsedPayload: parsed)
    }

    private enum Payload {
        case none
        case range(Range<Int>)
        /// A range whose value was parsed into a tape.
        case parsed(Range<Int>, [JSONTape.Token])
        case unescaped(Data)
    }

    private func parse(_ bytes: UnsafeRawBufferPointer) throws -> (name: String, channel: String?, payload: Payload) {
        var scanner = JSONScanner(bytes)
        switch self {
        case .socketIO:
            try scanner.expect(UInt8(ascii: "["), "a Socket.IO frame, a JSON array starting with the event name")
            let name = try scanner.parseString()
            var payload = Payload.none
            if scanner.consume(UInt8(ascii: ",")) {
                scanner.skipWhitespace()
                let start = scanner.index
                // Parsed for the decoder now, so the payload is scanned once; a payload that is not valid JSON is
                // only skipped, and fails when it is decoded, as it always has.
                if let tape = try? JSONTape(parsingValueIn: bytes.bindMemory(to: UInt8.self), at: start),
                    case var after = JSONScanner(bytes, at: tape.end),
                    after.consume(UInt8(ascii: ",")) || after.consume(UInt8(ascii: "]"))
                {
                    // (Only where the value ends as skipping it would end it: `12abc` is still skipped whole.)
                    scanner.index = tape.end
                    payload = .parsed(start..<tape.end, tape.tokens)
                } else {
                    payload = .range(try scanner.skipValue())
                }
                // Socket.IO events may carry more arguments (an acknowledgement); the contract types the first.
                while scanner.consume(UInt8(ascii: ",")) { _ = try scanner.skipValue() }
            }
            try scanner.expect(UInt8(ascii: "]"), "']' at the end of the Socket.IO frame")
            try scanner.expectEnd()
            return (name, nil, payload)
        case .envelope(let envelope):
            let members = try scanner.objectMembers()
            try scanner.expectEnd()
            guard let nameRange = members.first(where: { $0.key == envelope.nameKey })?.value else {
                throw MalformedFrame(reason: "the frame has no '\(envelope.nameKey)' key naming the event")
            }
            var nameScanner = JSONScanner(bytes, at: nameRange.lowerBound)
            let name = try nameScanner.parseString()
            var channel: String?
            // A channel that is not a string (`null`, a number) names no channel; a string must be valid JSON,
            // so a frame is never routed by a channel name read two ways.
            if let channelKey = envelope.channelKey, let range = members.first(where: { $0.key == channelKey })?.value,
                bytes[range.lowerBound] == UInt8(ascii: "\"")
            {
                var channelScanner = JSONScanner(bytes, at: range.lowerBound)
                channel = try channelScanner.parseString()
            }
            var payload = Payload.none
            if let range = members.first(where: { $0.key == envelope.payloadKey })?.value {
                if envelope.payloadIsJSONString, bytes[range.lowerBound] == UInt8(ascii: "\"") {
                    var stringScanner = JSONScanner(bytes, at: range.lowerBound)
                    payload = .unescaped(Data(try stringScanner.parseString().utf8))
                } else {
                    // `null` is a payload that is there: a `T | null` event's nil, where an absent key is no payload.
                    payload = .range(range)
                }
            }
            return (name, channel, payload)
        case .discriminator(let key):
            let members = try scanner.objectMembers()
            try scanner.expectEnd()
            guard let range = members.first(where: { $0.key == key })?.value else {
                throw MalformedFrame(reason: "the frame has no '\(key)' key naming the event")
            }
            var nameScanner = JSONScanner(bytes, at: range.lowerBound)
            return (try nameScanner.parseString(), nil, .range(0..<bytes.count))
        case .shapes:
            preconditionFailure("shapes are parsed by parse(_:shapes:)")
        }
    }
}
