import Foundation
@_spi(Generated) import SchemaGenRuntime

/// Frames of a contract's events as generated code writes them: the runtime's own ``WireFraming`` around a payload,
/// with the envelope's or frame shape's fields and a channel address made from the channel's template. The
/// reference's "Wire format" examples and the frames `infer`'s round trip verifies come from here.
package struct FrameSynthesizer {
    package let contract: Contract
    package var values: ValueSynthesizer

    package init(contract: Contract, variant: ValueSynthesizer.Variant = .typical) {
        self.contract = contract
        values = ValueSynthesizer(contract: contract, variant: variant)
    }

    /// The frame of `event` (in `channel`, when it belongs to one) carrying `payload`, by default one made from the
    /// event's payload type. `address` is the channel's address (by default one made from its template); `fields`
    /// give envelope or frame shape fields their values (the mock's correlation values), the others are made up
    /// unless `onlyGivenFields` (an example of a whole frame leaves out the optional fields it does not show).
    /// The frame of `event` with every value made from its types: what the oracle's readers are asked about.
    package func madeUpFrame(of event: Event, in channel: Channel?) -> Data {
        frame(of: event, in: channel)
    }

    /// The frame of `event` with every value made from its types, except the payload's fields `fields` names, which
    /// hold the JSON values it gives (a scenario's `where:` values, for the oracle's app frames); at `address` when
    /// given, else one made from the channel's template.
    package func madeUpFrame(
        of event: Event, in channel: Channel?, address: String? = nil, settingPayloadFields fields: [String: String]
    )
        -> Data
    {
        guard case .object(var members)? = event.payload.map({ values.value(of: $0) }) else {
            return frame(of: event, in: channel, address: address)
        }
        for (key, json) in fields {
            guard let value = try? DocumentValue(parsingJSON: Array(json.utf8)) else { continue }
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = value
            } else {
                members.append((key, value))
            }
        }
        return frame(of: event, in: channel, address: address, payload: .object(members))
    }

    /// The frame of `event` whose payload holds a value of `type` made from the contract's types: an item of a
    /// subscription that says what a shared `JSON` event holds for it (`type:`).
    package func madeUpFrame(of event: Event, in channel: Channel?, holding type: TypeRef) -> Data {
        frame(of: event, in: channel, payload: values.value(of: type))
    }

    /// The JSON of a payload made from `event`'s types (as a scenario's `send:` gives it), nil without a payload.
    package func madeUpPayloadJSON(of event: Event) -> String? {
        event.payload.map { values.value(of: $0).json }
    }

    /// The fields of `event`'s object payload a scenario's `where:` may compare (a string, number, boolean or enum),
    /// each with the JSON of a value made from its type, and of another value of its type when one is easily made (a
    /// plain string, a whole number, a boolean, an enum's second case): an app frame that must not satisfy it.
    package func madeUpConditions(of event: Event) -> [(field: String, json: String, other: String?)] {
        guard let fields = event.payload.flatMap(contract.objectFields(of:)) else { return [] }
        return fields.compactMap { field in
            guard field.constant == nil, ScenarioCheck.isComparable(field.type.valueType, in: contract),
                let value = values.value(of: field, depth: 1)
            else { return nil }
            var other: DocumentValue?
            switch (field.type.valueType, value) {
            case (.scalar(.string), .string(let text)) where field.encoding == nil: other = .string(text + "-other")
            case (.scalar(.int), .integer(let number)) where field.encoding == nil: other = .integer(number + 1)
            case (.scalar(.bool), .bool(let flag)): other = .bool(!flag)
            case (.named(let name), _):
                if case .enumeration(let enumeration)? = contract.type(named: name)?.kind, enumeration.cases.count > 1 {
                    let wire = enumeration.cases[1].wireValue
                    other = enumeration.rawType == .integer ? .integer(Int(wire) ?? 0) : .string(wire)
                }
            default: break
            }
            return (field.wireName, value.json, other?.json)
        }
    }

    package func frame(
        of event: Event, in channel: Channel?, address: String? = nil, payload: DocumentValue? = nil,
        fields given: [String: DocumentValue] = [:], onlyGivenFields: Bool = false
    ) -> Data {
        let madeUp = onlyGivenFields ? nil : values
        let payloadJSON = (payload ?? event.payload.map { values.value(of: $0) }).map { Data($0.json.utf8) }
        let address = address ?? channel.map(Self.address)
        let framing = contract.framing.wireFraming
        switch contract.framing {
        case .shapes(let shapes):
            guard let eventAddress = event.address, let index = event.shapeIndex else { return Data() }
            var parts: Data?
            if !shapes[index].fields.isEmpty {
                var members = shapes[index].fields.compactMap { field in
                    (given[field.wireName] ?? madeUp?.value(of: field, depth: 1)).map {
                        (key: field.wireName, value: $0)
                    }
                }
                if let payloadJSON, let value = try? DocumentValue(parsingJSON: payloadJSON) {
                    members.append((WireFraming.payloadPartKey, value))
                }
                parts = Data(DocumentValue.object(members).json.utf8)
            }
            return framing.frame(
                address: eventAddress, channel: address, payload: parts == nil ? payloadJSON : nil, parts: parts)
        case .envelope(let envelope):
            let frame = framing.frame(eventName: event.wireName, channel: address, payload: payloadJSON)
            // The frame without payload is the same bytes up to its closing brace: the fields go there, after the
            // event name, as servers such as Comapi send them.
            let head = framing.frame(eventName: event.wireName, channel: address, payload: nil)
            return insertingFields(
                envelope.fields + event.envelopeFields, given: given, madeUp: madeUp, into: frame, at: head.count - 1)
        case .socketIO, .discriminator:
            return framing.frame(eventName: event.wireName, channel: address, payload: payloadJSON)
        }
    }

    /// The frame as it crosses the socket: a Socket.IO event inside its Engine.IO and Socket.IO packet, with the
    /// namespace of its channel or the contract's; other framings' frames are their own messages.
    package func message(of event: Event, in channel: Channel?, payload: DocumentValue? = nil) -> Data {
        let frame = frame(of: event, in: channel, payload: payload)
        guard case .socketIO = contract.framing else { return frame }
        let namespace = channel.map(Self.address) ?? contract.namespace ?? "/"
        return Data(SocketIOPacket.message(.event, namespace: namespace, data: frame).utf8)
    }

    /// For a Socket.IO event with `ack:`: the event asking for acknowledgement `id`, and the receiver's answer with a
    /// value of the ack's type (a tuple's elements are the answer's arguments).
    package func acknowledgedExchange(of event: Event, in channel: Channel?, id: Int) -> (question: Data, answer: Data)?
    {
        guard case .socketIO = contract.framing, let ack = event.ack else { return nil }
        let namespace = channel.map(Self.address) ?? contract.namespace ?? "/"
        let frame = frame(of: event, in: channel)
        let arguments = acknowledgementArguments(of: ack)
        return (
            Data(SocketIOPacket.message(.event, namespace: namespace, ackID: id, data: frame).utf8),
            Data(SocketIOPacket.message(.ack, namespace: namespace, ackID: id, data: Data(arguments.json.utf8)).utf8)
        )
    }

    /// The arguments of an acknowledgement of type `ack` as a Socket.IO ack packet carries them: a tuple's elements,
    /// or the one value.
    package func acknowledgementArguments(of ack: AckDeclaration) -> DocumentValue {
        let value = values.value(of: ack.type)
        return contract.spreadsArguments(of: ack) ? value : .array([value])
    }

    /// The arguments of an acknowledgement of `event` made from its `ack:` type, as a Socket.IO ack packet carries
    /// them; nil when the event is not acknowledged.
    package func madeUpAcknowledgement(of event: Event) -> Data? {
        event.ack.map { Data(acknowledgementArguments(of: $0).json.utf8) }
    }

    /// A channel's address with `1` for each parameter (`room:{roomId}` → `room:1`).
    package static func address(_ channel: Channel) -> String {
        channel.address.segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter: "1"
            }
        }.joined()
    }

    private func insertingFields(
        _ fields: [Field], given: [String: DocumentValue], madeUp values: ValueSynthesizer?, into frame: Data,
        at offset: Int
    ) -> Data {
        var members = Data()
        for field in fields {
            guard let value = given[field.wireName] ?? values?.value(of: field, depth: 1) else { continue }
            members.append(contentsOf: Array(",\(field.wireName.jsonStringLiteral):\(value.json)".utf8))
        }
        var result = frame
        result.insert(contentsOf: members, at: result.startIndex + offset)
        return result
    }
}
