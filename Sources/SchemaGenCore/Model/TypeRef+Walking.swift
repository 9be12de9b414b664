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

extension TypeRef {
    /// Whether a `Date` is in this type, outside named types (which are looked at where they are declared).
    var holdsDate: Bool {
        switch self {
        case .scalar(let scalar): scalar == .date
        case .named: false
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element): element.holdsDate
        case .object(let object): object.fields.contains { $0.type.holdsDate }
        case .tuple(let tuple): tuple.elements.contains { $0.type.holdsDate }
        }
    }
}

extension Contract {
    /// Whether any value is a date read and written with the contract's `dates:`, not with a field's own `encoding:`.
    public var readsDatesWithItsEncoding: Bool {
        let fields = allObjects.flatMap(\.object.fields)
        if fields.contains(where: { field in
            if case .date = field.encoding { return false }
            return field.type.holdsDate
        }) { return true }
        if allEvents.contains(where: { $0.event.payload.map { !$0.isObject && $0.holdsDate } ?? false }) { return true }
        return types.contains { type in
            if case .union(let union) = type.kind { return union.members.contains { $0.type.holdsDate } }
            return false
        }
    }
}
