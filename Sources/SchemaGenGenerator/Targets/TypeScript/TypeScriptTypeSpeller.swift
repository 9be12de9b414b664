import SchemaGenContract
/// Spells contract types in TypeScript, as they are on the wire: a number in a string is a `string`, a date is
/// the `string` or `number` its encoding writes, `T?` a key that may be left out or `null`.
package struct TypeScriptTypeSpeller {
    package let contract: Contract

    /// The type of a value (an element, a payload, an alias); `encoding` applies to the scalars inside it.
    package func spell(_ type: TypeRef, encoding: FieldEncoding? = nil) -> String {
        if encoding == .jsonString { return "string" }
        switch type {
        case .scalar(let scalar):
            return spell(scalar, encoding: encoding)
        case .named(let name):
            if encoding == .numberAsString { return "string" }
            return name
        case .array(let element):
            return TypeScriptSyntax.postfixable(spell(element, encoding: encoding)) + "[]"
        case .dictionary(let value):
            return "Record<string, \(spell(value, encoding: encoding))>"
        case .optional(let wrapped), .nullable(let wrapped):
            // A value that is not a member cannot be absent, so an optional one is `null`.
            return nullable(spell(wrapped.valueType, encoding: encoding))
        case .object(let object):
            return objectType(object.fields)
        case .tuple(let tuple):
            return tupleType(tuple)
        }
    }

    package func spell(_ scalar: ScalarType, encoding: FieldEncoding?) -> String {
        switch scalar {
        case .string, .url: return "string"
        case .bytes:
            // Bytes are their base64 text in JSON, which is what a frame parsed with `JSON.parse` holds. Over
            // Socket.IO they may also travel as binary attachments (how schemagen's Swift client and server send
            // them), which socket.io-parser hands over as a Buffer in Node and an ArrayBuffer in browsers.
            guard case .socketIO = contract.framing else { return "string" }
            return "string | ArrayBuffer | Uint8Array"
        case .bool: return "boolean"
        case .json: return "unknown"
        case .int, .double, .int64, .decimal: return encoding == .numberAsString ? "string" : "number"
        // `JSON.parse` gives a `number`, which rounds past 2^53; a parser that keeps big integers (a reviver reading
        // the source text, json-bigint) gives a `bigint`.
        case .uint64: return encoding == .numberAsString ? "string" : "number | bigint"
        case .date:
            let dates: DateEncoding = if case .date(let own) = encoding { own } else { contract.dateEncoding }
            switch dates {
            case .iso8601, .iso8601Fractional: return "string"
            case .unixSeconds, .unixMilliseconds, .unixMicroseconds: return "number"
            }
        }
    }

    package func nullable(_ spelled: String) -> String {
        spelled.hasSuffix(" | null") || spelled == "null" ? spelled : spelled + " | null"
    }

    /// An object's members: fields by wire name (`T?` may be left out or `null`, `T | null` is always there),
    /// constants as literal types, and one index signature for fields that collect members by key pattern.
    package func members(_ fields: [Field]) -> [TypeScriptMember] {
        var members: [TypeScriptMember] = []
        var patterns: [String] = []
        for field in fields {
            if let pattern = field.keyPattern {
                patterns.append(
                    "Members whose keys match /\(pattern)/ (`\(field.swiftName)`): \(spell(field.type.valueType, encoding: field.encoding))."
                )
                continue
            }
            members.append(member(field))
        }
        if !patterns.isEmpty {
            // The index signature must admit every member's type, and the named ones are typed above.
            members.append(
                TypeScriptMember(
                    documentation: TypeScriptSyntax.documentation(patterns.joined(separator: "\n")),
                    declaration: "[key: string]: unknown;"))
        }
        return members
    }

    package func member(_ field: Field) -> TypeScriptMember {
        let key = TypeScriptSyntax.propertyKey(field.wireName)
        let documentation = TypeScriptSyntax.documentation(
            field.description, deprecation: field.deprecation,
            extra: field.constant == nil ? [] : ["Always this value for this event."])
        if let constant = field.constant {
            return TypeScriptMember(
                documentation: documentation, declaration: "\(key): \(TypeScriptSyntax.literal(constant));")
        }
        let optional = field.type.isOptional ? "?" : ""
        let type =
            field.type.isSwiftOptional
            ? nullable(spell(field.type.valueType, encoding: field.encoding))
            : spell(field.type, encoding: field.encoding)
        return TypeScriptMember(documentation: documentation, declaration: "\(key)\(optional): \(type);")
    }

    /// An object type written in place: `{` and a member per line, `}`.
    package func objectType(_ fields: [Field]) -> String {
        let lines = members(fields).flatMap { $0.documentation + [$0.declaration] }
        return lines.isEmpty ? "Record<string, never>" : "{\n" + lines.joined(separator: "\n") + "\n}"
    }

    /// A labelled tuple: optional elements after the last required one may be left out; others are `null`;
    /// a variadic last element takes the rest.
    package func tupleType(_ tuple: TupleType) -> String {
        let lastRequired = tuple.elements.lastIndex { !$0.type.isOptional } ?? -1
        let elements = tuple.elements.enumerated().map { index, element -> String in
            let label = TypeScriptSyntax.label(element.swiftName)
            if tuple.isVariadic, index == tuple.elements.count - 1 {
                // The checker gives a variadic element its array type (`Filter...` is `[Filter]`).
                return "...\(label): \(spell(element.type.unwrapped, encoding: element.encoding))"
            }
            let type = spell(element.type, encoding: element.encoding)
            return index > lastRequired && element.type.isOptional ? "\(label)?: \(type)" : "\(label): \(type)"
        }
        return "[" + elements.joined(separator: ", ") + "]"
    }
}
