import SchemaGenContract
/// Contract types as AsyncAPI Schema Objects (JSON Schema draft 07 with AsyncAPI's additions), as the values are
/// on the wire. What JSON Schema has no word for (a number written in a string, a date's encoding, bit flags, a
/// tuple element's name) is kept in `x-schemagen-…` extensions, so a document exported from a contract imports back
/// into the same contract.
package struct JSONSchemaWriter {
    package let contract: Contract

    /// The `$ref` of a named type under `components.schemas`.
    package static func reference(toType name: String) -> DocumentValue {
        .object([("$ref", .string("#/components/schemas/\(AsyncAPITranslator.key(name))"))])
    }

    package func schema(
        _ type: TypeRef, encoding: FieldEncoding? = nil, description: String? = nil, deprecated: Bool = false
    ) -> DocumentValue {
        var members = body(type, encoding: encoding)
        if let description, !description.isEmpty { members.append(("description", .string(description))) }
        if deprecated { members.append(("deprecated", .bool(true))) }
        return .object(members)
    }

    private func body(_ type: TypeRef, encoding: FieldEncoding?) -> [(key: String, value: DocumentValue)] {
        if encoding == .jsonString {
            // The value travels as JSON text; what that text holds is described beside it.
            return [
                ("type", .string("string")), ("contentMediaType", .string("application/json")),
                ("x-schemagen-json-string", schema(type)),
            ]
        }
        switch type {
        case .scalar(let scalar):
            return self.scalar(scalar, encoding: encoding)
        case .named(let name):
            if encoding == .numberAsString {
                return [
                    ("type", .string("string")), ("x-schemagen-encoding", .string("string")),
                    ("x-schemagen-type", Self.reference(toType: name)),
                ]
            }
            return [("$ref", .string("#/components/schemas/\(AsyncAPITranslator.key(name))"))]
        case .array(let element):
            return [("type", .string("array")), ("items", schema(element, encoding: encoding))]
        case .dictionary(let value):
            return [("type", .string("object")), ("additionalProperties", schema(value, encoding: encoding))]
        case .optional(let wrapped):
            // Inside an object a `T?` is a member left out of `required`; elsewhere (an array's element, a payload)
            // it may be null, and `x-schemagen-optional` says it was written `T?`.
            return body(.nullable(wrapped.valueType), encoding: encoding) + [("x-schemagen-optional", .bool(true))]
        case .nullable(let wrapped):
            return [("anyOf", .array([schema(wrapped, encoding: encoding), .object([("type", .string("null"))])]))]
        case .object(let object):
            return objectBody(object.fields)
        case .tuple(let tuple):
            return tupleBody(tuple)
        }
    }

    private func scalar(_ scalar: ScalarType, encoding: FieldEncoding?) -> [(key: String, value: DocumentValue)] {
        switch scalar {
        case .string: return [("type", .string("string"))]
        case .url: return [("type", .string("string")), ("format", .string("uri"))]
        case .bytes: return [("type", .string("string")), ("contentEncoding", .string("base64"))]
        case .bool: return [("type", .string("boolean"))]
        case .json: return [("x-schemagen-type", .string("JSON"))]
        case .int, .int64, .uint64, .double, .decimal:
            let spelled: [(key: String, value: DocumentValue)] =
                switch scalar {
                case .int: [("type", .string("integer"))]
                case .int64: [("type", .string("integer")), ("format", .string("int64"))]
                case .uint64:
                    [
                        ("type", .string("integer")), ("format", .string("uint64")), ("minimum", .integer(0)),
                        ("maximum", .number("18446744073709551615")),
                    ]
                case .double: [("type", .string("number")), ("format", .string("double"))]
                default: [("type", .string("number")), ("x-schemagen-type", .string("Decimal"))]
                }
            guard encoding == .numberAsString else { return spelled }
            return [
                ("type", .string("string")), ("pattern", .string(#"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$"#)),
                ("x-schemagen-encoding", .string("string")), ("x-schemagen-number", .object(spelled)),
            ]
        case .date:
            let dates: DateEncoding = if case .date(let own) = encoding { own } else { contract.dateEncoding }
            let own: [(key: String, value: DocumentValue)] =
                if case .date = encoding { [("x-schemagen-encoding", .string(dates.rawValue))] } else { [] }
            switch dates {
            case .iso8601, .iso8601Fractional:
                return [("type", .string("string")), ("format", .string("date-time"))] + own
            case .unixSeconds, .unixMilliseconds, .unixMicroseconds:
                return [("type", .string("number")), ("x-schemagen-date", .string(dates.rawValue))] + own
            }
        }
    }

    package func objectBody(_ fields: [Field]) -> [(key: String, value: DocumentValue)] {
        var properties: [(key: String, value: DocumentValue)] = []
        var patterns: [(key: String, value: DocumentValue)] = []
        var required: [DocumentValue] = []
        for (position, field) in fields.enumerated() {
            if let pattern = field.keyPattern {
                // Each member matching the pattern holds one value of the field's dictionary; the members together
                // are one field of the contract, whose name goes with them.
                var member = field
                if case .dictionary(let value) = field.type.unwrapped { member.type = value }
                if case .object(let members) = fieldSchema(member) {
                    patterns.append(
                        (
                            pattern,
                            .object(
                                members + [
                                    ("x-schemagen-field", .string(field.wireName)),
                                    ("x-schemagen-position", .integer(position)),
                                ])
                        ))
                }
                continue
            }
            let value = fieldSchema(field)
            properties.append((field.wireName, value))
            if !field.type.isOptional { required.append(.string(field.wireName)) }
        }
        var body: [(key: String, value: DocumentValue)] = [("type", .string("object"))]
        if !properties.isEmpty { body.append(("properties", .object(properties))) }
        if !patterns.isEmpty { body.append(("patternProperties", .object(patterns))) }
        if !required.isEmpty { body.append(("required", .array(required))) }
        return body
    }

    package func fieldSchema(_ field: Field) -> DocumentValue {
        var members: [(key: String, value: DocumentValue)]
        if let constant = field.constant {
            members = [("const", Self.value(constant))]
        } else if field.type.isOptional {
            // `T?` may be left out or be `null`, as schemagen's clients read it; `(T | null)?` is the same on the
            // wire, but a client keeps `null` apart from a missing member: the extension says which it is.
            members = body(.nullable(field.type.valueType), encoding: field.encoding)
            if field.type.isNullable { members.append(("x-schemagen-null-is-a-value", .bool(true))) }
        } else {
            members = body(field.type, encoding: field.encoding)
        }
        if field.swiftName != SwiftName.lowerCamel(field.wireName) {
            members.append(("x-schemagen-swift-name", .string(field.swiftName)))
        }
        if let description = field.description, !description.isEmpty {
            members.append(("description", .string(description)))
        }
        if let deprecation = field.deprecation {
            members.append(("deprecated", .bool(true)))
            if let message = deprecation.message { members.append(("x-schemagen-deprecation", .string(message))) }
        }
        return .object(members)
    }

    /// A tuple as draft 07 writes one: `items` in order, the required ones counted by `minItems`, a variadic
    /// last element as `additionalItems`; each element's name is its `title`.
    private func tupleBody(_ tuple: TupleType) -> [(key: String, value: DocumentValue)] {
        var elements = tuple.elements
        let variadic = tuple.isVariadic ? elements.popLast() : nil
        let items = elements.map { element -> DocumentValue in
            guard case .object(let members) = fieldSchema(element) else { return .null }
            return .object([("title", .string(element.wireName))] + members)
        }
        let required = (elements.lastIndex { !$0.type.isOptional }).map { $0 + 1 } ?? 0
        var body: [(key: String, value: DocumentValue)] = [
            ("type", .string("array")), ("items", .array(items)), ("minItems", .integer(required)),
        ]
        if let variadic {
            let element: TypeRef =
                if case .array(let inner) = variadic.type.unwrapped { inner } else { variadic.type.unwrapped }
            body.append(("additionalItems", schema(element, encoding: variadic.encoding)))
            body.append(("x-schemagen-variadic", .string(variadic.wireName)))
        } else {
            body.append(("maxItems", .integer(elements.count)))
        }
        return body
    }

    /// A named type under `components.schemas`.
    package func namedType(_ type: NamedType) -> DocumentValue {
        var members: [(key: String, value: DocumentValue)]
        switch type.kind {
        case .object(let object):
            members = objectBody(object.fields)
        case .enumeration(let enumeration):
            let values = enumeration.cases.map { value -> DocumentValue in
                enumeration.rawType == .integer ? .integer(Int(value.wireValue) ?? 0) : .string(value.wireValue)
            }
            members = [
                ("type", .string(enumeration.rawType == .integer ? "integer" : "string")), ("enum", .array(values)),
            ]
            let described = enumeration.cases.compactMap { value in
                value.description.map { (value.wireValue, DocumentValue.string($0)) }
            }
            if !described.isEmpty { members.append(("x-schemagen-descriptions", .object(described))) }
            let renamed = enumeration.cases.compactMap { value -> (String, DocumentValue)? in
                SwiftName.lowerCamel(value.wireValue) == value.swiftName
                    ? nil : (value.wireValue, .string(value.swiftName))
            }
            if !renamed.isEmpty { members.append(("x-schemagen-swift-names", .object(renamed))) }
        case .tuple(let tuple):
            members = tupleBody(tuple)
        case .union(let union):
            let options = union.members.map { member -> DocumentValue in
                var option = schema(member.type)
                if case .object(var optionMembers) = option {
                    optionMembers.insert(("title", .string(member.swiftName)), at: 0)
                    if case .field(let key, let rawType) = union.selector, let tag = member.tag {
                        let value: DocumentValue = rawType == .integer ? .integer(Int(tag) ?? 0) : .string(tag)
                        option = .object([
                            ("title", .string(member.swiftName)),
                            (
                                "allOf",
                                .array([
                                    schema(member.type),
                                    .object([
                                        ("type", .string("object")),
                                        ("properties", .object([(key, .object([("const", value)]))])),
                                        ("required", .array([.string(key)])),
                                    ]),
                                ])
                            ),
                        ])
                    } else {
                        option = .object(optionMembers)
                    }
                }
                return option
            }
            // The fallback takes every other tag: marked, as JSON Schema's `oneOf` has no word for "otherwise".
            let fallback = union.fallback.map { member in
                DocumentValue.object([
                    ("title", .string(member.swiftName)), ("x-schemagen-fallback", .bool(true)),
                    ("allOf", .array([schema(member.type)])),
                ])
            }
            members = [("oneOf", .array(options + (fallback.map { [$0] } ?? [])))]
            if case .field(let key, _) = union.selector { members.append(("discriminator", .string(key))) }
        case .flags(let flags):
            members = [
                ("type", .string("integer")), ("minimum", .integer(0)),
                ("x-schemagen-flags", .object(flags.flags.map { ($0.wireName, DocumentValue.integer($0.bit)) })),
            ]
        }
        if let description = type.description, !description.isEmpty {
            members.append(("description", .string(description)))
        }
        if let deprecation = type.deprecation {
            members.append(("deprecated", .bool(true)))
            if let message = deprecation.message { members.append(("x-schemagen-deprecation", .string(message))) }
        }
        return .object(members)
    }

    package static func value(_ constant: ConstantValue) -> DocumentValue {
        switch constant {
        case .string(let text): .string(text)
        case .int(let number): .integer(number)
        case .bool(let flag): .bool(flag)
        }
    }
}
