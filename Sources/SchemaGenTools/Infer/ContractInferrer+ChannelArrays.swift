import SchemaGenContract

/// Drafting the frame shapes of arrays led by a channel id (``FramingGuess/Framing/channelArrays(objects:slot:heartbeats:names:)``):
/// Bitfinex's `[17082, [...]]` beside the objects that subscribe and assign the ids.
extension ContractInferrer {
    /// The shape of the events' objects, from the framing members they would have alone: `framing: {discriminator:
    /// type}` is `{name: type, payload: rest}`; an envelope's keys are the shape's; a `frames:` message stays as it is.
    static func messageShape(_ members: [(key: String, value: DocumentValue)]) -> DocumentValue {
        guard let (key, value) = members.first else { return .object([]) }
        switch (key, value) {
        case ("framing", .object(let framing)):
            if case .string(let name)? = framing.first(where: { $0.key == "discriminator" })?.value {
                return .object([("name", .string(name)), ("payload", .string("rest"))])
            }
            if case .object(let envelope)? = framing.first(where: { $0.key == "envelope" })?.value {
                return .object(envelope)
            }
        case ("frames", .object(let shapes)):
            if let message = shapes.first?.value { return message }
        default: break
        }
        return .object([])
    }

    /// A shape per heartbeat word, its constant at its position, then the arrays' shape: the id, and the elements
    /// after it as the payload.
    static func channelArrayShapes(
        slot: String, heartbeats: [String], names: FramingGuess.ChannelArrayNames
    ) -> [(key: String, value: DocumentValue)] {
        let idField: DocumentValue = .object([(slot, .string("Int"))])
        var shapes: [(key: String, value: DocumentValue)] = []
        let word = slot == "word" ? "kind" : "word"
        for (index, heartbeat) in heartbeats.enumerated() {
            shapes.append(
                (
                    names.heartbeats[index],
                    .object([
                        ("array", .array([.string(slot), .string(word)])),
                        ("when", .object([(word, .string(heartbeat))])), ("exact", .bool(true)), ("fields", idField),
                    ])
                ))
        }
        shapes.append(
            (
                names.data,
                .object([("array", .array([.string(slot)])), ("payload", .string("rest")), ("fields", idField)])
            ))
        return shapes
    }

    /// The shape an event of channel arrays travels in (the data's or a heartbeat's, named as the event); `nil` for the
    /// objects' events, which take the first shape.
    func channelArrayShape(of wireName: String) -> String? {
        guard case .channelArrays(_, _, _, let names)? = framing else { return nil }
        return names.data == wireName || names.heartbeats.contains(wireName) ? wireName : nil
    }
}
