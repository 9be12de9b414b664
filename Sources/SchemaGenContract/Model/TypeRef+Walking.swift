extension TypeRef {
    /// The inline objects this type declares, outermost first (an object's own nested objects follow it).
    package var inlineObjects: [ObjectType] {
        var objects: [ObjectType] = []
        forEachInlineObject { objects.append($0) }
        return objects
    }

    /// Calls `body` with each inline object this type declares, outermost first, without building lists on the way
    /// (every field of a large contract is walked several times).
    package func forEachInlineObject(_ body: (ObjectType) -> Void) {
        switch self {
        case .scalar, .named, .tuple: return
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element):
            element.forEachInlineObject(body)
        case .object(let object):
            body(object)
            for index in object.fields.indices { object.fields[index].type.forEachInlineObject(body) }
        }
    }

    /// Whether the type declares an object or a tuple of its own somewhere inside: generated code then declares a
    /// nested type for it.
    package var declaresInlineType: Bool {
        switch self {
        case .object, .tuple: true
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element):
            element.declaresInlineType
        case .scalar, .named: false
        }
    }

    /// The named types this type holds by value: not through an array, a dictionary or an optional,
    /// which generated code can store indirectly. A struct that reaches itself this way has no size.
    package var namesHeldByValue: [String] {
        switch self {
        case .named(let name): [name]
        case .object(let object): object.fields.flatMap(\.type.namesHeldByValue)
        case .tuple(let tuple): tuple.elements.flatMap(\.type.namesHeldByValue)
        case .scalar, .array, .dictionary, .optional, .nullable: []
        }
    }
}

extension Contract {
    /// Every object with fields the contract declares, named or inline, with what names it in messages.
    package var allObjects: [(owner: ObjectOwner, object: ObjectType)] {
        var result: [(owner: ObjectOwner, object: ObjectType)] = []
        forEachObject { result.append(($0, $1)) }
        return result
    }

    /// Calls `body` with each object ``allObjects`` lists, in its order, without building the list.
    package func forEachObject(_ body: (ObjectOwner, ObjectType) -> Void) {
        // By index, with only the name captured: copying each type, for each of its fields, was most of a walk.
        for typeIndex in types.indices {
            let name = types[typeIndex].name
            switch types[typeIndex].kind {
            case .object(let object):
                body(ObjectOwner(.type, name), object)
                for index in object.fields.indices {
                    object.fields[index].type.forEachInlineObject { body(ObjectOwner(.inlineObjectInType, name), $0) }
                }
            case .tuple(let tuple):
                body(ObjectOwner(.tuple, name), ObjectType(fields: tuple.elements))
            default:
                break
            }
        }
        func add(_ event: Event, of channel: Channel?) {
            var first = true
            event.payload?.forEachInlineObject { object in
                let role: ObjectOwner.Role =
                    first && event.payload?.unwrapped.isObject == true ? .payload : .inlineObjectInEvent
                body(ObjectOwner(role, event.wireName, channel: channel?.name), object)
                first = false
            }
            if case .tuple(let tuple)? = event.payload?.unwrapped {
                body(ObjectOwner(.payload, event.wireName, channel: channel?.name), ObjectType(fields: tuple.elements))
            }
            if !event.envelopeFields.isEmpty {
                body(
                    ObjectOwner(.envelopeOfEvent, event.wireName, channel: channel?.name),
                    ObjectType(fields: event.envelopeFields))
            }
        }
        for event in events { add(event, of: nil) }
        for channel in channels {
            for event in channel.events { add(event, of: channel) }
        }
        if case .envelope(let envelope) = framing, !envelope.fields.isEmpty {
            body(ObjectOwner(.envelope, ""), ObjectType(fields: envelope.fields))
        }
    }
}

/// What declares an object, in the words of a message (`the payload of event 'join' of channel 'room'`); the words
/// are made only when a message needs them.
package struct ObjectOwner: Sendable, CustomStringConvertible {
    package enum Role: Sendable {
        case type, inlineObjectInType, tuple, payload, inlineObjectInEvent, envelopeOfEvent, envelope
    }

    package let role: Role
    /// The type's name, or the event's wire name.
    package let name: String
    package let channel: String?

    package init(_ role: Role, _ name: String, channel: String? = nil) {
        self.role = role
        self.name = name
        self.channel = channel
    }

    package var description: String {
        let event = "event '\(name)'" + (channel.map { " of channel '\($0)'" } ?? "")
        return switch role {
        case .type: "type '\(name)'"
        case .inlineObjectInType: "an inline object in type '\(name)'"
        case .tuple: "tuple '\(name)'"
        case .payload: "the payload of \(event)"
        case .inlineObjectInEvent: "an inline object in \(event)"
        case .envelopeOfEvent: "the envelope of \(event)"
        case .envelope: "the envelope"
        }
    }
}

extension TypeRef {
    package var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}

extension TypeRef {
    /// Whether a `Date` is in this type, outside named types (which are looked at where they are declared).
    package var holdsDate: Bool {
        switch self {
        case .scalar(let scalar): scalar == .date
        case .named: false
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element):
            element.holdsDate
        case .object(let object): object.fields.contains { $0.type.holdsDate }
        case .tuple(let tuple): tuple.elements.contains { $0.type.holdsDate }
        }
    }
}

extension Contract {
    /// Whether any value is a date read and written with the contract's `dates:`, not with a field's own `encoding:`.
    package var readsDatesWithItsEncoding: Bool {
        let fields = allObjects.flatMap(\.object.fields)
        if fields.contains(where: { field in
            if case .date = field.encoding { return false }
            return field.type.holdsDate
        }) {
            return true
        }
        if allEvents.contains(where: { $0.event.payload.map { !$0.isObject && $0.holdsDate } ?? false }) { return true }
        return types.contains { type in
            if case .union(let union) = type.kind { return union.members.contains { $0.type.holdsDate } }
            return false
        }
    }
}

extension TypeRef {
    /// Whether the type is `scalar`, or holds it in an array, a dictionary or an optional (not inside objects, tuples
    /// or named types, which ``Contract/mentions(_:)`` walks once each).
    package func holdsDirectly(_ scalar: ScalarType) -> Bool {
        switch self {
        case .scalar(let own): own == scalar
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element):
            element.holdsDirectly(scalar)
        case .named, .object, .tuple: false
        }
    }
}

extension Contract {
    /// Whether any field, payload, union member or acknowledgement of the contract holds a `scalar`.
    package func mentions(_ scalar: ScalarType) -> Bool {
        var found = false
        forEachObject { _, object in found = found || object.fields.contains { $0.type.holdsDirectly(scalar) } }
        if found { return true }
        let unions = types.contains { type in
            guard case .union(let union) = type.kind else { return false }
            return (union.members + (union.fallback.map { [$0] } ?? [])).contains { $0.type.holdsDirectly(scalar) }
        }
        return unions
            || allEvents.contains { entry in
                entry.event.payload?.holdsDirectly(scalar) == true
                    || entry.event.ack?.type.holdsDirectly(scalar) == true
            }
    }
}
