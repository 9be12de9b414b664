extension TypeRef {
    /// A piece of a type's spelling: literal text, or the name of a named type (which docs link).
    package enum SpellingSegment: Hashable, Sendable {
        case text(String)
        case typeName(String)

        package var text: String {
            switch self {
            case .text(let text), .typeName(let text): text
            }
        }
    }

    /// The type as a contract (and the API guides) write it: `String`, `[Notification]`, `[String: Int]?`,
    /// `{ groupId: String, error?: String }`.
    package var spelling: String {
        spellingSegments.map(\.text).joined()
    }

    /// ``spelling`` in pieces, so named types can be linked.
    package var spellingSegments: [SpellingSegment] {
        switch self {
        case .scalar(let scalar): [.text(scalar.rawValue)]
        case .named(let name): [.typeName(name)]
        case .array(let element): [.text("[")] + element.spellingSegments + [.text("]")]
        case .dictionary(let value): [.text("[String: ")] + value.spellingSegments + [.text("]")]
        case .optional(.nullable(let wrapped)): [.text("(")] + wrapped.spellingSegments + [.text(" | null)?")]
        case .optional(let wrapped): wrapped.spellingSegments + [.text("?")]
        case .nullable(let wrapped): wrapped.spellingSegments + [.text(" | null")]
        case .object(let object): object.spellingSegments
        case .tuple(let tuple): tuple.spellingSegments
        }
    }
}

extension ObjectType {
    /// `{ groupId: String, error?: String }`: optional fields carry the `?` on their name, as the guides write them.
    package var spelling: String {
        spellingSegments.map(\.text).joined()
    }

    package var spellingSegments: [TypeRef.SpellingSegment] {
        guard !fields.isEmpty else { return [.text("{}")] }
        var segments: [TypeRef.SpellingSegment] = [.text("{ ")]
        for (index, field) in fields.enumerated() {
            if index > 0 { segments.append(.text(", ")) }
            if let pattern = field.keyPattern, case .dictionary(let value) = field.type {
                segments += [.text("/\(pattern)/: ")] + value.spellingSegments
            } else if case .optional(let wrapped) = field.type {
                segments += [.text("\(field.wireName)?: ")] + wrapped.spellingSegments
            } else {
                segments += [.text("\(field.wireName): ")] + field.type.spellingSegments
            }
            segments += field.encodingSegments
        }
        return segments + [.text(" }")]
    }
}

extension TupleType {
    /// `[price: String, quantity: String]`, `[subscription: String, filters: Filter...]`: a JSON array of named
    /// elements, optional ones with `?` on their name.
    package var spellingSegments: [TypeRef.SpellingSegment] {
        var segments: [TypeRef.SpellingSegment] = [.text("[")]
        for (index, element) in elements.enumerated() {
            if index > 0 { segments.append(.text(", ")) }
            if isVariadic, index == elements.count - 1, case .array(let each) = element.type {
                segments += [.text("\(element.wireName): ")] + each.spellingSegments + [.text("...")]
            } else if case .optional(let wrapped) = element.type {
                segments += [.text("\(element.wireName)?: ")] + wrapped.spellingSegments
            } else {
                segments += [.text("\(element.wireName): ")] + element.type.spellingSegments
            }
            segments += element.encodingSegments
        }
        return segments + [.text("]")]
    }
}

extension Field {
    /// ` as string`, ` as unix-milliseconds`: a field's own wire form, after its type in a spelling.
    package var encodingSegments: [TypeRef.SpellingSegment] {
        encoding.map { [.text(" as \($0.spelling)")] } ?? []
    }
}
