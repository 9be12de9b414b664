import SchemaGenContract
import SchemaGenGenerator
/// JSON Schema (AsyncAPI's Schema Object) as contract types: a type expression (`[String]?`, `Order`) where one
/// says it all, or a field's mapping (`{type:, encoding:, const:, fields:, …}`) where it needs more. What a contract
/// cannot say becomes `JSON` with a located warning.
package struct AsyncAPISchemaReader {
    /// Resolves a local `$ref` to its node, and names `#/components/schemas/X` references.
    package let resolve: (String) -> SyntaxNode?
    /// The contract names of `components.schemas` that became named types.
    package let namedTypes: [String: String]
    package var diagnostics: [Diagnostic] = []
    /// The references being followed, innermost last: a schema that contains itself other than through a named
    /// type would be followed forever.
    private var following: [String] = []

    package init(resolve: @escaping (String) -> SyntaxNode?, namedTypes: [String: String]) {
        self.resolve = resolve
        self.namedTypes = namedTypes
    }

    /// What a schema is in a contract.
    package enum Spelled {
        /// A type expression, with what a field adds to it (encoding, description, …) when anything.
        case expression(String, extras: [(key: String, value: DocumentValue)])
        /// An object declared in place: its fields.
        case object(DocumentValue)
        /// A tuple declared in place: its elements.
        case tuple(DocumentValue)
    }

    /// An `allOf` of objects as one object: the parts' properties and required members together (the usual way
    /// JSON Schema shares common fields); any other schema as it is.
    package func merged(_ schema: SyntaxNode, visited: Set<String> = []) -> SyntaxNode {
        guard let parts = schema["allOf"]?.elements else { return schema }
        var properties: [SyntaxNode.Entry] = [], required: [SyntaxNode] = [], others: [SyntaxNode.Entry] = []
        for part in parts {
            // An `allOf` that includes itself, directly or not, adds nothing the second time.
            let reference = part["$ref"]?.text
            if let reference, visited.contains(reference) { continue }
            let resolved = merged(
                reference.flatMap(resolve) ?? part, visited: visited.union(reference.map { [$0] } ?? []))
            // A member in several parts is one member (each part adds constraints JSON Schema checks together).
            for entry in resolved["properties"]?.entries ?? []
            where !properties.contains(where: { $0.keyText == entry.keyText }) {
                properties.append(entry)
            }
            required += resolved["required"]?.elements ?? []
        }
        for entry in schema.entries ?? [] where !["allOf", "properties", "required"].contains(entry.keyText ?? "") {
            others.append(entry)
        }
        func key(_ text: String) -> SyntaxNode {
            SyntaxNode(kind: .scalar(.init(text: text, style: .plain)), location: schema.location)
        }
        return SyntaxNode(
            kind: .mapping(
                others + [
                    .init(key: key("type"), value: key("object"), duplicateOf: nil),
                    .init(
                        key: key("properties"),
                        value: SyntaxNode(kind: .mapping(properties), location: schema.location), duplicateOf: nil),
                    .init(
                        key: key("required"), value: SyntaxNode(kind: .sequence(required), location: schema.location),
                        duplicateOf: nil),
                ]), location: schema.location)
    }

    package mutating func spell(_ schema: SyntaxNode, what: String) -> Spelled {
        if schema["allOf"] != nil { return spell(merged(schema), what: what) }
        if let reference = schema["$ref"]?.text {
            if let name = namedTypes[reference] { return .expression(name, extras: []) }
            guard let target = resolve(reference) else {
                warn("\(what): the reference '\(reference)' does not resolve; typed JSON", at: schema)
                return .expression("JSON", extras: [])
            }
            guard !following.contains(reference) else {
                warn(
                    "\(what): '\(reference)' contains itself, which a contract says through a named object type; typed JSON",
                    at: schema)
                return .expression("JSON", extras: [])
            }
            following.append(reference)
            defer { following.removeLast() }
            return spell(target, what: what)
        }
        if let options = schema["anyOf"]?.elements ?? schema["oneOf"]?.elements {
            let others = options.filter { $0["type"]?.text != "null" }
            if others.count == 1, others.count < options.count {
                switch spell(others[0], what: what) {
                case .expression(let inner, let extras):
                    // A value outside an object written `T?` (a payload, an element) may be null; so is `T | null`.
                    return .expression(
                        schema["x-schemagen-optional"]?.bool == true ? inner + "?" : nullable(inner), extras: extras)
                case .object(let fields): return .object(fields)
                case .tuple(let elements): return .tuple(elements)
                }
            }
            warn(
                "\(what) is one of several schemas; a contract declares such unions under `types:` (`union:`), so it is typed JSON here",
                at: schema)
            return .expression("JSON", extras: [])
        }
        if let inner = schema["x-schemagen-json-string"] {
            return withExtras(spell(inner, what: what), [("encoding", .string("json-string"))])
        }
        if let number = schema["x-schemagen-number"], schema["x-schemagen-encoding"]?.text == "string" {
            return withExtras(spell(number, what: what), [("encoding", .string("string"))])
        }
        if schema["x-schemagen-encoding"]?.text == "string", let typeName = schema["x-schemagen-type"],
            typeName["$ref"] != nil
        {
            return withExtras(spell(typeName, what: what), [("encoding", .string("string"))])
        }
        var extras: [(key: String, value: DocumentValue)] = []
        if let own = schema["x-schemagen-encoding"]?.text, own != "string" { extras.append(("encoding", .string(own))) }
        let hasObjectKeys =
            schema["properties"] != nil || schema["additionalProperties"] != nil || schema["patternProperties"] != nil
        switch schema["type"]?.text ?? (hasObjectKeys ? "object" : nil) {
        case "string":
            if schema["contentEncoding"]?.text == "base64" { return .expression("Bytes", extras: extras) }
            switch schema["format"]?.text {
            case "date-time": return .expression("Date", extras: extras)
            case "uri", "url": return .expression("URL", extras: extras)
            default: return .expression("String", extras: extras)
            }
        case "integer":
            switch schema["format"]?.text {
            case "int64": return .expression("Int64", extras: extras)
            case "uint64": return .expression("UInt64", extras: extras)
            default: return .expression("Int", extras: extras)
            }
        case "number":
            // `x-schemagen-date` alone is the contract's own `dates:`; a field's own encoding comes with
            // `x-schemagen-encoding`, read above.
            if schema["x-schemagen-date"] != nil { return .expression("Date", extras: extras) }
            return .expression(schema["x-schemagen-type"]?.text == "Decimal" ? "Decimal" : "Double", extras: extras)
        case "boolean":
            return .expression("Bool", extras: extras)
        case "array":
            if let items = schema["items"]?.elements {
                return .tuple(
                    tupleElements(
                        items, rest: schema["additionalItems"], variadicName: schema["x-schemagen-variadic"]?.text,
                        required: schema["minItems"]?.int ?? items.count, what: what))
            }
            guard let items = schema["items"] else { return .expression("[JSON]", extras: extras) }
            switch spell(items, what: "the elements of \(what)") {
            case .expression(let element, let elementExtras): return .expression("[\(element)]", extras: elementExtras)
            case .object, .tuple:
                warn(
                    "\(what) is a list of objects declared in place; a contract names them under `types:`, so its elements are typed JSON",
                    at: items)
                return .expression("[JSON]", extras: [])
            }
        case "object":
            if schema["properties"] == nil, schema["patternProperties"] == nil,
                let values = schema["additionalProperties"], values.entries != nil
            {
                switch spell(values, what: "the values of \(what)") {
                case .expression(let value, let valueExtras):
                    return .expression("[String: \(value)]", extras: valueExtras)
                case .object, .tuple:
                    warn(
                        "\(what) maps keys to objects declared in place; a contract names them under `types:`, so its values are typed JSON",
                        at: values)
                    return .expression("[String: JSON]", extras: [])
                }
            }
            return .object(fields(of: schema, what: what))
        case "null":
            warn("\(what) is always null; typed JSON", at: schema)
            return .expression("JSON", extras: [])
        case nil:
            if schema["x-schemagen-type"]?.text != "JSON",
                schema.entries?.contains(where: { !($0.keyText ?? "").hasPrefix("x-") && $0.keyText != "description" })
                    == true
            {
                warn("\(what): a schema without `type` is typed JSON", at: schema)
            }
            return .expression("JSON", extras: [])
        case let other?:
            warn(
                "\(what) has the type '\(other)', which JSON Schema does not define; typed JSON",
                at: schema["type"] ?? schema)
            return .expression("JSON", extras: [])
        }
    }

    /// An object schema's properties as a contract's `fields:`.
    package mutating func fields(of schema: SyntaxNode, what: String) -> DocumentValue {
        let schema = merged(schema)
        let required = Set(schema["required"]?.elements?.compactMap(\.text) ?? [])
        var fields: [(key: String, value: DocumentValue)] = []
        for entry in schema["properties"]?.entries ?? [] {
            guard let name = entry.keyText else { continue }
            fields.append((name, field(entry.value, isRequired: required.contains(name), what: "'\(name)' of \(what)")))
        }
        for entry in schema["patternProperties"]?.entries ?? [] {
            guard let pattern = entry.keyText else { continue }
            var value = field(entry.value, isRequired: true, what: "the members matching /\(pattern)/ of \(what)")
            if case .object(var members) = value, case .string(let type)? = value["type"] {
                members.removeAll { $0.key == "type" }
                value = .object([("type", .string("[String: \(type)]")), ("keys", .string(pattern))] + members)
            } else if case .string(let type) = value {
                value = .object([("type", .string("[String: \(type)]")), ("keys", .string(pattern))])
            }
            let name = entry.value["x-schemagen-field"]?.text ?? "matching\(fields.count)"
            let position = min(entry.value["x-schemagen-position"]?.int ?? fields.count, fields.count)
            fields.insert((name, value), at: position)
        }
        return .object(fields)
    }

    /// One field: its type expression alone, or a mapping when it says more.
    package mutating func field(_ schema: SyntaxNode, isRequired: Bool, what: String) -> DocumentValue {
        var members: [(key: String, value: DocumentValue)] = []
        if let constant = Self.constant(of: schema) {
            members.append(("const", constant.documentValue))
        } else {
            let optional = isRequired ? "" : "?"
            switch spell(schema, what: what) {
            case .expression(let type, let extras):
                // Optional members may also be null; `x-schemagen-null-is-a-value` keeps null apart from absent.
                var spelled = type
                if !isRequired {
                    spelled =
                        type.hasSuffix(" | null")
                        ? (schema["x-schemagen-null-is-a-value"]?.bool == true
                            ? "(\(type))?" : String(type.dropLast(7)) + "?")
                        : type + optional
                }
                members.append(("type", .string(spelled)))
                members += extras
            case .object(let fields):
                members.append(("fields", fields))
                if !isRequired { members.append(("optional", .bool(true))) }
            case .tuple:
                warn(
                    "\(what) is a tuple declared in place; a contract declares tuples under `types:`, so it is typed JSON",
                    at: schema)
                members.append(("type", .string("JSON" + optional)))
            }
        }
        if let name = schema["x-schemagen-swift-name"]?.text { members.append(("swiftName", .string(name))) }
        if let description = schema["description"]?.text { members.append(("description", .string(description))) }
        if schema["deprecated"]?.bool == true {
            members.append(
                ("deprecated", schema["x-schemagen-deprecation"]?.text.map(DocumentValue.string) ?? .bool(true)))
        }
        if members.count == 1, members[0].key == "type" { return members[0].value }
        return .object(members)
    }

    /// The one value a schema allows: its `const`, or an `enum` of one value (`type: {enum: [hello]}`, how Slack's
    /// and other documents written before `const` pin an event's type).
    package static func constant(of schema: SyntaxNode?) -> SyntaxNode? {
        guard let schema else { return nil }
        if let constant = schema["const"] { return constant }
        if let values = schema["enum"]?.elements, values.count == 1 { return values[0] }
        return nil
    }

    /// A tuple's elements as a contract lists them: `- name: Type`, a variadic last one `- name: Type...`.
    package mutating func tupleElements(
        _ items: [SyntaxNode], rest: SyntaxNode?, variadicName: String?, required: Int, what: String
    ) -> DocumentValue {
        var elements: [DocumentValue] = items.enumerated().map { index, item in
            let name = item["title"]?.text ?? "element\(index)"
            return .object([(name, field(item, isRequired: index < required, what: "element '\(name)' of \(what)"))])
        }
        if let rest, rest.entries != nil {
            let name = variadicName ?? "rest"
            if case .expression(let type, _) = spell(rest, what: "the last elements of \(what)") {
                elements.append(.object([(name, .string(type + "..."))]))
            }
        }
        return .array(elements)
    }

    private func nullable(_ type: String) -> String {
        type.hasSuffix(" | null") ? type : type + " | null"
    }

    private func withExtras(_ spelled: Spelled, _ extras: [(key: String, value: DocumentValue)]) -> Spelled {
        if case .expression(let type, let own) = spelled { return .expression(type, extras: own + extras) }
        return spelled
    }

    package mutating func warn(_ message: String, at node: SyntaxNode) {
        diagnostics.append(.warning(message, at: node.location))
    }
}
