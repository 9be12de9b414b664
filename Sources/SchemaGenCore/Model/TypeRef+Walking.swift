extension TypeRef {
    /// The inline objects this type declares, outermost first (an object's own nested objects follow it).
    public var inlineObjects: [ObjectType] {
        switch self {
        case .scalar, .named: []
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element): element.inlineObjects
        case .object(let object): [object] + object.fields.flatMap(\.type.inlineObjects)
        case .tuple: []
        }
    }

    /// The named types this type holds by value: not through an array, a dictionary or an optional,
    /// which generated code can store indirectly. A struct that reaches itself this way has no size.
    public var namesHeldByValue: [String] {
        switch self {
        case .named(let name): [name]
        case .object(let object): object.fields.flatMap(\.type.namesHeldByValue)
        case .tuple(let tuple): tuple.elements.flatMap(\.type.namesHeldByValue)
        case .scalar, .array, .dictionary, .optional, .nullable: []
        }
    }
}

extension Contract {
    /// Every object with fields the contract declares, named or inline, with words naming it for messages.
    public var allObjects: [(owner: String, object: ObjectType)] {
        var result: [(String, ObjectType)] = []
        for type in types {
            if case .object(let object) = type.kind {
                result.append(("type '\(type.name)'", object))
                result += object.fields.flatMap(\.type.inlineObjects).map { ("an inline object in type '\(type.name)'", $0) }
            }
            if case .tuple(let tuple) = type.kind {
                result.append(("tuple '\(type.name)'", ObjectType(fields: tuple.elements)))
            }
        }
        for (channel, event) in allEvents {
            let owner = "event '\(event.wireName)'" + (channel.map { " of channel '\($0.name)'" } ?? "")
            result += (event.payload?.inlineObjects ?? []).enumerated().map { index, object in
                (index == 0 && event.payload?.unwrapped.isObject == true ? "the payload of \(owner)" : "an inline object in \(owner)", object)
            }
            if case .tuple(let tuple)? = event.payload?.unwrapped {
                result.append(("the payload of \(owner)", ObjectType(fields: tuple.elements)))
            }
            if !event.envelopeFields.isEmpty {
                result.append(("the envelope of \(owner)", ObjectType(fields: event.envelopeFields)))
            }
        }
        if case .envelope(let envelope) = framing, !envelope.fields.isEmpty {
            result.append(("the envelope", ObjectType(fields: envelope.fields)))
        }
        return result
    }
}

extension TypeRef {
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
