import Foundation
@_spi(Generated) import SchemaGenRuntime

/// Reads any frame against a contract, as generated clients and servers read it: which event it is (by the runtime's
/// own framing, so frames are taken apart exactly as generated code takes them apart), whether it travels the way the
/// contract says, and whether its payload and envelope fields are what the contract declares, each difference with
/// its JSON path in the frame and the contract's line.
public struct FrameInterpreter: Sendable {
    package let contract: Contract
    private let framing: WireFraming
    /// The events by route (the wire name, or a frame shape's index and name), in contract order.
    private let eventsByRoute: [String: [(channel: Channel?, event: Event)]]
    private let channelTemplates: [String: ChannelTemplate]

    public init(contract: Contract) {
        self.contract = contract
        framing = contract.framing.wireFraming
        var byRoute: [String: [(channel: Channel?, event: Event)]] = [:]
        for (channel, event) in contract.allEvents {
            byRoute[event.address?.route ?? event.wireName, default: []].append((channel, event))
        }
        eventsByRoute = byRoute
        channelTemplates = Dictionary(
            contract.channels.map { ($0.name, $0.address.runtimeTemplate) }, uniquingKeysWith: { first, _ in first })
    }

    /// What the contract says about `frame`, sent by the client (`.clientToServer`) or the server
    /// (`.serverToClient`); `channel` is the channel the transport delivered it on when the frame does not name one
    /// (a Socket.IO namespace).
    package func read(_ frame: Data, channel deliveredOn: String? = nil, sentBy direction: Direction) -> FrameReading {
        let parsed: WireFraming.ParsedFrame
        do {
            parsed = try framing.parse(frame)
        } catch {
            return FrameReading(
                event: nil,
                findings: [
                    FrameFinding(
                        severity: .mismatch, path: "$", message: "not a frame of this contract's framing: \(error)",
                        contractLocation: nil)
                ])
        }
        let address = parsed.channel ?? deliveredOn
        let routed = eventsByRoute[parsed.route] ?? []
        // Where frames cannot name a channel (the connection or subscription is the channel, as with a plain
        // envelope), a frame that names none may be any channel's event.
        let candidates =
            address == nil && !framesNameChannels ? routed : routed.filter { inScope($0.channel, address: address) }
        guard
            let (channel, event) = candidates.first(where: {
                $0.event.direction == direction || $0.event.direction == .both
            })
                ?? candidates.first
        else {
            let place = address.map { " on channel \(ValueChecker.quoted($0))" } ?? ""
            return FrameReading(
                event: nil,
                findings: [
                    FrameFinding(
                        severity: .mismatch, path: "$",
                        message: "event \(ValueChecker.quoted(parsed.reportedName))\(place) is not in the contract",
                        contractLocation: nil)
                ])
        }
        let identified = IdentifiedEvent(
            wireName: event.wireName, channel: channel?.name, address: channel == nil ? nil : address,
            shape: parsed.shape, location: event.location)
        var checker = ValueChecker(contract: contract)
        if event.direction != .both && event.direction != direction {
            checker.mismatch(
                "$",
                "`\(event.wireName)` is \(event.direction.rawValue) in the contract, but this frame was sent \(direction.rawValue)",
                event.location)
        }
        checkPayload(parsed.payload, for: event, &checker)
        checkFrameFields(of: parsed, for: event, &checker)
        return FrameReading(event: identified, findings: checker.findings)
    }

    /// What the contract says about `payload` as the payload of `event` (an example, a value captured without its
    /// frame).
    public func readPayload(_ payload: Data, of event: Event) -> [FrameFinding] {
        var checker = ValueChecker(contract: contract)
        checkPayload(payload, for: event, &checker)
        return checker.findings
    }

    /// What the contract says about a Socket.IO acknowledgement of `event`: `arguments` is the array of its
    /// arguments, read against the event's `ack:` (a tuple type is the whole array; another type its first element).
    /// Findings are at `$.ack`.
    package func readAcknowledgement(_ arguments: Data, of event: Event) -> [FrameFinding] {
        var checker = ValueChecker(contract: contract)
        guard let ack = event.ack else {
            checker.notice("$.ack", "`\(event.wireName)` is not acknowledged in the contract", event.location)
            return checker.findings
        }
        guard case .array(let items)? = Self.jsonValue(arguments) else {
            checker.mismatch("$.ack", "an acknowledgement's arguments are a JSON array", ack.location)
            return checker.findings
        }
        if contract.spreadsArguments(of: ack) {
            checker.check(.array(items), against: ack.type, at: "$.ack", declaredAt: ack.location)
        } else {
            checker.check(items.first, against: ack.type, at: "$.ack[0]", declaredAt: ack.location)
        }
        return checker.findings
    }

    /// Whether the framing has a place for a channel in each frame: a Socket.IO packet's namespace, an envelope's
    /// channel key, a frame shape's channel path.
    private var framesNameChannels: Bool {
        switch contract.framing {
        case .socketIO: true
        case .envelope(let envelope): envelope.channelKey != nil
        case .discriminator: false
        case .shapes(let shapes): shapes.contains { $0.shape.channel != nil }
        }
    }

    /// Whether a frame naming `address` belongs to `channel`'s scope (`nil`: events outside channels).
    private func inScope(_ channel: Channel?, address: String?) -> Bool {
        guard let channel else {
            // Socket.IO names the namespace of events outside channels when it is not the root one.
            return address == nil || address == contract.namespace
        }
        guard let address, let template = channelTemplates[channel.name] else { return false }
        return template.values(in: address) != nil
    }

    private func checkPayload(_ payload: Data?, for event: Event, _ checker: inout ValueChecker) {
        let path = "$.payload"
        guard let type = event.payload else {
            if let payload, payload != Data("null".utf8), !payload.isEmpty, !isOnlyFramingKeys(payload, of: event) {
                checker.notice(
                    path, "a payload the contract does not declare for `\(event.wireName)` (generated code ignores it)",
                    event.location)
            }
            return
        }
        guard let bytes = payload else {
            return checker.check(nil, against: type, at: path, declaredAt: event.location)
        }
        guard var value = Self.jsonValue(bytes) else {
            return checker.mismatch(path, "the payload is not JSON", event.location)
        }
        if case .object(var members) = value, let own = contract.framing.keysBesidePayload(of: event) {
            for key in own { members[key] = nil }
            value = .object(members)
        }
        checker.check(value, against: type, at: path, declaredAt: event.location)
    }

    /// Whether `payload` is an object of nothing but the framing's own keys (`{"type":"bye"}`): no payload at all.
    private func isOnlyFramingKeys(_ payload: Data, of event: Event) -> Bool {
        guard let own = contract.framing.keysBesidePayload(of: event),
            case .object(let members)? = Self.jsonValue(payload)
        else { return false }
        return members.keys.allSatisfy(own.contains)
    }

    /// The fields every frame of the event carries beside its payload: the envelope's, or its frame shape's.
    private func checkFrameFields(of parsed: WireFraming.ParsedFrame, for event: Event, _ checker: inout ValueChecker) {
        let fields: [Field] =
            switch contract.framing {
            case .envelope(let envelope): envelope.fields + event.envelopeFields
            case .shapes(let shapes): event.shapeIndex.map { shapes[$0].fields } ?? []
            default: []
            }
        guard !fields.isEmpty else { return }
        guard case .object(let members)? = Self.jsonValue(parsed.parts ?? parsed.frame) else { return }
        for field in fields {
            let member = members[field.wireName]
            checker.check(
                member, against: field.type, at: ValueChecker.path("$", field.wireName), declaredAt: field.location,
                encoding: field.encoding)
        }
    }

    /// `bytes` as a value to check, or `nil` when they are not JSON. A number no `Double` holds (`1e-400`) is kept
    /// as written: generated code refuses it only where the contract reads it (the checker decodes each scalar as
    /// generated code does), and skips it under a key the contract does not have.
    package static func jsonValue(_ bytes: Data) -> JSONValue? {
        if let value = try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: bytes) { return value }
        return (try? DocumentValue(parsingJSON: bytes)).map(JSONValue.init(keepingNumbers:))
    }
}

extension JSONValue {
    /// A parsed document as a `JSONValue`, numbers kept as written however large or small.
    package init(keepingNumbers document: DocumentValue) {
        switch document {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .integer(let number): self = .number(JSONNumber(number))
        case .number(let text): self = JSONNumber(text: text).map(JSONValue.number) ?? .null
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSONValue.init(keepingNumbers:)))
        case .object(let members):
            var object: [String: JSONValue] = [:]
            for (key, value) in members { object[key] = JSONValue(keepingNumbers: value) }
            self = .object(object)
        }
    }
}
