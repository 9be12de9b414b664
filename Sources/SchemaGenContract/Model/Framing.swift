import SchemaGenRuntime

/// How an event is framed on the wire, declared by each contract.
public enum Framing: Hashable, Sendable {
    /// Socket.IO: the event name, then the payload as the first argument (`["join_group",{"groupId":"g1"}]`).
    case socketIO
    /// A JSON object with a name key and a payload key (Pusher `event`/`data`, Supabase `event`/`payload`,
    /// Comapi `name`/`payload`).
    case envelope(EnvelopeFraming)
    /// A flat JSON object: the payload's own fields plus a key naming the event (`{"type":"ping",...}`).
    case discriminator(key: String)
    /// Any JSON frames: shapes tried in order, each with its constants, name, payload and envelope fields at
    /// paths or array slots (`frames:`).
    case shapes([ShapeDeclaration])

    /// The word the contract uses for the style.
    package var style: String {
        switch self {
        case .socketIO: "socket.io"
        case .envelope: "envelope"
        case .discriminator: "discriminator"
        case .shapes: "frames"
        }
    }

    /// `frames:` that read and write the frames this framing does, as a contract writes it in flow style: for a
    /// contract that needs what only shapes say (two events with one name). `nil` for Socket.IO's packets and a
    /// payload carried inside a string (Pusher's `data`), which no shape reads.
    package var equivalentShapes: String? {
        switch self {
        case .discriminator(let key):
            return "frames: {message: {name: \(Self.flowScalar(key)), payload: rest}}"
        case .envelope(let envelope) where envelope.payloadEncoding == .json:
            var parts = [
                "name: \(Self.flowScalar(envelope.nameKey))", "payload: \(Self.flowScalar(envelope.payloadKey))",
            ]
            if let channel = envelope.channelKey { parts.append("channel: \(Self.flowScalar(channel))") }
            if !envelope.fields.isEmpty {
                let fields = envelope.fields.map {
                    "\(Self.flowScalar($0.wireName)): \(Self.flowScalar($0.type.spelling))"
                }
                parts.append("fields: {\(fields.joined(separator: ", "))}")
            }
            return "frames: {message: {\(parts.joined(separator: ", "))}}"
        default:
            return nil
        }
    }

    /// `text` as a YAML flow scalar: plain when it is letters, digits, `_`, `.` and `-` (and a type's closing `?`),
    /// else double-quoted.
    private static func flowScalar(_ text: String) -> String {
        let plain =
            !text.isEmpty && !text.hasPrefix("?")
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "_.-?".unicodeScalars.contains($0)
            }
        return plain
            ? text
            : "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
    }

    /// The frame shapes, for contracts that declare `frames:`.
    package var shapes: [ShapeDeclaration]? {
        if case .shapes(let shapes) = self { return shapes }
        return nil
    }

    /// Whether frames are arrays that name their channel, as Phoenix's `[join_ref, ref, topic, event, payload]`
    /// (`schemas/supabase-realtime.yaml`): over Phoenix such a contract describes every message, where any other
    /// describes only the broadcasts inside them (`schemas/order-status.yaml`).
    public var isArrayWithChannel: Bool {
        shapes?.contains { $0.isArray && $0.shape.channel != nil } ?? false
    }
}

/// One shape under `frames:`: the runtime's ``FrameShape`` with the contract's typed envelope fields.
public struct ShapeDeclaration: Hashable, Sendable {
    /// How the runtime reads and writes the shape; its `fields` are `fields` here, by key.
    package var shape: FrameShape
    /// Envelope fields with their types; each `wireName` is the field's path as the contract writes it.
    package var fields: [Field]
    package var description: String?
    /// Whether events without `frame:` travel in this shape (`default: true`).
    package var isDefault = false
    package var location: SourceLocation

    package init(
        shape: FrameShape, fields: [Field], description: String? = nil, isDefault: Bool = false,
        location: SourceLocation
    ) {
        self.shape = shape
        self.fields = fields
        self.description = description
        self.isDefault = isDefault
        self.location = location
    }

    package var name: String { shape.name }

    /// The top-level keys the shape itself reads (its event name, channel, fields and conditions): a `payload: rest`
    /// object shape's payload is the frame beside them, so they are not the payload's.
    package var ownKeys: Set<String> {
        let paths =
            [shape.eventName, shape.channel].compactMap { $0 } + shape.fields.map(\.path)
            + shape.conditions.map(\.path) + shape.required
        return Set(
            paths.compactMap { path in
                if case .key(let key)? = path.steps.first { key } else { nil }
            })
    }
    /// Whether events of this shape are told apart by a name (else the shape carries one event).
    package var namesEvents: Bool { shape.eventName != nil }
    package var isArray: Bool { shape.container != .object }
}

/// `framing: envelope`: one object per frame, its event's name under one key and its payload under another.
public struct EnvelopeFraming: Hashable, Sendable {
    /// How the payload is carried in the envelope.
    package enum PayloadEncoding: String, Hashable, Sendable, CaseIterable {
        /// As JSON (Supabase, Comapi).
        case json
        /// As a string holding JSON (Pusher's `data`).
        case jsonString = "json-string"
    }

    /// The key holding the event name.
    package var nameKey: String
    /// The key holding the payload.
    package var payloadKey: String
    /// The key naming the channel in each frame, when the frames say it (Pusher's `channel`).
    package var channelKey: String?
    package var payloadEncoding: PayloadEncoding
    /// Fields every frame carries beside the payload (Comapi's `id`, `apiSpace`, `context`).
    package var fields: [Field]
}

/// How `Date` values are written on the wire.
package enum DateEncoding: String, Hashable, Sendable, CaseIterable {
    /// `2025-01-31T09:30:00Z`
    case iso8601 = "iso8601"
    /// `2025-01-31T09:30:00.000Z`, as JavaScript's `Date.toJSON` writes.
    case iso8601Fractional = "iso8601-fractional"
    /// Seconds since 1970 as a number.
    case unixSeconds = "unix-seconds"
    /// Milliseconds since 1970 as a number, as JavaScript's `Date.now()` gives.
    case unixMilliseconds = "unix-milliseconds"
    /// Microseconds since 1970 as a number.
    case unixMicroseconds = "unix-microseconds"
}

extension Framing {
    /// The runtime's description of this framing, which writes and reads the actual bytes: the one conversion of
    /// the contract's framing into the runtime's, which the Swift target spells and the docs' example runs.
    package var wireFraming: WireFraming {
        switch self {
        case .socketIO: .socketIO
        case .discriminator(let key): .discriminator(key: key)
        case .envelope(let envelope):
            .envelope(
                .init(
                    nameKey: envelope.nameKey, payloadKey: envelope.payloadKey, channelKey: envelope.channelKey,
                    payloadIsJSONString: envelope.payloadEncoding == .jsonString))
        case .shapes(let shapes): .shapes(shapes.map(\.shape))
        }
    }

    /// For an event whose payload is the rest of its frame (a discriminated object, a `payload: rest` object shape):
    /// the keys the framing reads itself, which are not the payload's; nil for an event whose payload sits apart.
    package func keysBesidePayload(of event: Event) -> Set<String>? {
        if case .discriminator(let key) = self { return [key] }
        guard let index = event.shapeIndex, let shape = shapes?[index], shape.shape.payload == .rest, !shape.isArray
        else { return nil }
        return shape.ownKeys
    }
}
