import Foundation

/// Writes events as ``OutgoingFrame``s in a contract's framing: what a generated client and a generated server send
/// alike, so both sides of the wire frame an event the same way.
///
/// Unchecked: its encoder is only read after init, so it is safe to share on SDKs that do not mark it Sendable yet.
struct OutgoingFrames: @unchecked Sendable {
    let framing: WireFraming
    let encoder: JSONEncoder
    /// How frames share a message, when the API batches them: each frame is written as it travels alone.
    let separator: FrameSeparator?

    init(framing: WireFraming, encoder: JSONEncoder, separator: FrameSeparator? = nil) {
        self.framing = framing
        self.encoder = encoder
        self.separator = separator
    }

    private func message(_ frame: Data) -> Data {
        separator.map { $0.terminated(frame) } ?? frame
    }

    /// `value` encoded, and where its `Bytes` values sit when the framing's transport can carry them as bytes
    /// (Socket.IO's attachments); other framings skip the recording.
    private func encode(_ value: some Encodable) throws -> (json: Data, bytePaths: [[JSONPathStep]]) {
        guard case .socketIO = framing else { return (try encoder.encode(value), []) }
        return try BytePathRecorder.encode(value, with: encoder)
    }

    /// The event `eventName` with `payload` encoded; `ackID` asks for an acknowledgement.
    func frame(
        eventName: String, channel: String?, payload: (some Encodable & Sendable)?, ackID: Int? = nil
    ) throws -> OutgoingFrame {
        let body = try payload.map { try encode($0) }
        if let payload, let body, payload is any EnvelopeFrame {
            return frame(eventName: eventName, channel: channel, envelope: body.json, ackID: ackID)
        }
        return frame(
            eventName: eventName, channel: channel, body: body?.json, ackID: ackID, bytePaths: body?.bytePaths ?? [])
    }

    /// An event whose value is its whole envelope (``EnvelopeFrame``): the value's members after the envelope's name
    /// and channel keys, as the frame is read.
    func frame(eventName: String, channel: String?, envelope body: Data, ackID: Int? = nil) -> OutgoingFrame {
        var data = Data(framing.frame(eventName: eventName, channel: channel, payload: nil).dropLast())
        let members = body.dropFirst()
        if members.first != UInt8(ascii: "}") { data.append(UInt8(ascii: ",")) }
        data.append(contentsOf: members)
        return OutgoingFrame(eventName: eventName, channel: channel, payload: body, data: message(data), ackID: ackID)
    }

    /// The event `eventName` with its payload's JSON, if any, whose `Bytes` values sit at `bytePaths` (from the
    /// payload's root).
    func frame(
        eventName: String, channel: String?, body: Data?, ackID: Int? = nil, bytePaths: [[JSONPathStep]] = []
    ) -> OutgoingFrame {
        // Socket.IO's frame is `[name, payload]`: the payload is the array's second element.
        let inFrame = bytePaths.map { [JSONPathStep(key: "", index: 1)] + $0 }
        return OutgoingFrame(
            eventName: eventName, channel: channel, payload: body,
            data: message(framing.frame(eventName: eventName, channel: channel, payload: body)), ackID: ackID,
            bytePaths: inFrame)
    }

    /// The event at `address` (frame shapes). When the event's shape has envelope fields, `payload` is the event's
    /// whole value: its fields and its payload (``WireFraming/ParsedFrame/parts``).
    func frame(_ address: EventAddress, channel: String?, payload: (some Encodable & Sendable)?) throws -> OutgoingFrame
    {
        frame(address, channel: channel, body: try payload.map { try encoder.encode($0) })
    }

    /// The event at `address` with its value's JSON, if any.
    func frame(_ address: EventAddress, channel: String?, body: Data?) -> OutgoingFrame {
        let isParts =
            if case .shapes(let shapes) = framing, !shapes[address.shape].fields.isEmpty { true } else { false }
        let data = framing.frame(
            address: address, channel: channel, payload: isParts ? nil : body, parts: isParts ? body : nil)
        return OutgoingFrame(eventName: address.name?.text ?? "", channel: channel, payload: body, data: message(data))
    }

    /// `payload` encoded, with `value` written at `path` (keys joined by dots, through nested objects, made where
    /// missing): an answer that echoes its request's correlation value wherever the answer's type keeps it. Without a
    /// value, the payload as it is.
    ///
    /// For the event at `address` (frame shapes), a `path` that is one of its shape's fields names the field's key in
    /// the event's parts, where the fields sit under their written names (`"meta.id"`), not a path into them.
    func body(
        _ payload: some Encodable & Sendable, echoing value: JSONValue?, at path: String,
        of address: EventAddress? = nil
    ) throws -> (json: Data, bytePaths: [[JSONPathStep]]) {
        try body(payload, writing: [(path, value)], of: address)
    }

    /// `payload` encoded, with each value of `writes` written at its path, as ``body(_:echoing:at:of:)`` writes one;
    /// a write without a value is skipped.
    func body(
        _ payload: some Encodable & Sendable, writing writes: [(path: String, value: JSONValue?)],
        of address: EventAddress? = nil
    ) throws -> (json: Data, bytePaths: [[JSONPathStep]]) {
        let (encoded, bytePaths) = try encode(payload)
        let given = writes.compactMap { write in write.value.map { (write.path, $0) } }
        guard !given.isEmpty else { return (encoded, bytePaths) }
        var document = try WireDecoder(dates: .iso8601).decode(JSONValue.self, from: encoded)
        for (path, value) in given {
            if let address, case .shapes(let shapes) = framing,
                shapes[address.shape].fields.contains(where: { $0.key == path })
            {
                document.set(value, at: [path])
            } else {
                document.set(
                    value, at: path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...])
            }
        }
        // The written values are correlation values, not bytes: the bytes' paths stay as they were.
        return (try encoder.encode(document), bytePaths)
    }

    /// The acknowledgement of the peer's frame `ackID` (Socket.IO's `43<id>[...]`): `value` as its arguments when
    /// `spread` (a tuple type), else as its one argument.
    func acknowledgement(
        _ ackID: Int, eventName: String, channel: String?, with value: some Encodable & Sendable, spread: Bool
    ) throws -> OutgoingFrame {
        let (encoded, bytePaths) = try encode(value)
        let arguments = spread ? encoded : Data("[".utf8) + encoded + Data("]".utf8)
        return OutgoingFrame(
            eventName: eventName, channel: channel, payload: arguments, data: arguments, acknowledges: ackID,
            bytePaths: spread ? bytePaths : bytePaths.map { [JSONPathStep(key: "", index: 0)] + $0 })
    }
}
