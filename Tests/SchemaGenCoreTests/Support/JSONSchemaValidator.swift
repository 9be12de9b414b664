import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// A JSON value, as a YAML contract reads under the JSON Schema (YAML 1.2 core schema).
indirect enum JSONValue: Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    init(_ node: SyntaxNode) {
        switch node.kind {
        case .scalar(let scalar):
            if node.isNull {
                self = .null
            } else if let flag = node.bool {
                self = .bool(flag)
            } else if scalar.style == .plain, let number = Double(scalar.text),
                scalar.text.first.map({ $0.isNumber || $0 == "-" }) == true
            {
                self = .number(number)
            } else {
                self = .string(scalar.text)
            }
        case .sequence(let elements): self = .array(elements.map(JSONValue.init))
        case .mapping(let entries): self = .object(entries.map { ($0.keyText ?? "", JSONValue($0.value)) })
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }
}

/// Validates JSON values against the subset of JSON Schema (2020-12) that the contract schema uses.
/// Any other keyword in a schema is an error, so the validator never passes a document by ignoring a rule.
struct JSONSchemaValidator {
    let root: JSONValue

    static let supportedKeywords: Set<String> = [
        "$schema", "$id", "$ref", "$defs", "$comment", "title", "description", "markdownDescription", "default",
        "examples",
        "type", "properties", "required", "additionalProperties", "patternProperties", "propertyNames",
        "items", "minItems", "enum", "const", "pattern", "minLength", "minProperties", "maxProperties",
        "oneOf", "anyOf", "allOf", "not", "if", "then", "else",
    ]

    /// Errors as `path: problem`; empty when `value` is valid.
    func validate(_ value: JSONValue) -> [String] {
        var errors: [String] = []
        check(value, against: root, at: "$", errors: &errors)
        return errors
    }

    private func check(_ value: JSONValue, against schema: JSONValue, at path: String, errors: inout [String]) {
        if case .bool(let allowed) = schema {
            if !allowed { errors.append("\(path): no value is allowed here") }
            return
        }
        guard case .object(let keywords) = schema else { errors.append("\(path): schema is not an object"); return }
        for (keyword, _) in keywords where !Self.supportedKeywords.contains(keyword) {
            errors.append("\(path): schema uses unsupported keyword '\(keyword)'")
        }
        if case .string(let reference)? = schema["$ref"] {
            guard let target = resolve(reference) else {
                errors.append("\(path): unresolvable $ref \(reference)"); return
            }
            check(value, against: target, at: path, errors: &errors)
        }
        if let type = schema["type"] {
            let allowed: [String] =
                if case .array(let names) = type {
                    names.compactMap { if case .string(let s) = $0 { s } else { nil } }
                } else if case .string(let name) = type { [name] } else { [] }
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                errors.append(
                    "\(path): expected \(allowed.joined(separator: " or ")), found \(Self.typeName(of: value))")
                return
            }
        }
        if case .array(let options)? = schema["enum"], !options.contains(value) {
            errors.append("\(path): value is not one of the allowed values")
        }
        if let constant = schema["const"], constant != value { errors.append("\(path): value must be the constant") }
        if case .string(let text) = value {
            if case .string(let pattern)? = schema["pattern"],
                text.range(of: pattern, options: .regularExpression) == nil
            {
                errors.append("\(path): '\(text)' does not match \(pattern)")
            }
            if case .number(let minimum)? = schema["minLength"], Double(text.count) < minimum {
                errors.append("\(path): string too short")
            }
        }
        if case .array(let elements) = value {
            if case .number(let minimum)? = schema["minItems"], Double(elements.count) < minimum {
                errors.append("\(path): too few items")
            }
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() {
                    check(element, against: items, at: "\(path)[\(index)]", errors: &errors)
                }
            }
        }
        if case .object(let pairs) = value {
            checkObject(pairs, schema: schema, at: path, errors: &errors)
        }
        if case .array(let all)? = schema["allOf"] {
            for option in all { check(value, against: option, at: path, errors: &errors) }
        }
        if case .array(let options)? = schema["anyOf"], !options.contains(where: { errorsFor(value, $0, path).isEmpty })
        {
            errors.append("\(path): matches none of the allowed shapes")
        }
        if case .array(let options)? = schema["oneOf"] {
            let matching = options.filter { errorsFor(value, $0, path).isEmpty }.count
            if matching != 1 {
                let detail =
                    matching == 0
                    ? options.map { errorsFor(value, $0, path).first ?? "" }.joined(separator: " | ")
                    : "\(matching) shapes"
                errors.append("\(path): must match exactly one shape, matched \(matching) (\(detail))")
            }
        }
        if let negated = schema["not"], errorsFor(value, negated, path).isEmpty {
            errors.append("\(path): matches a forbidden shape")
        }
        if let condition = schema["if"] {
            let branch = errorsFor(value, condition, path).isEmpty ? schema["then"] : schema["else"]
            if let branch { check(value, against: branch, at: path, errors: &errors) }
        }
    }

    private func checkObject(_ pairs: [(String, JSONValue)], schema: JSONValue, at path: String, errors: inout [String])
    {
        let keys = pairs.map(\.0)
        if case .array(let required)? = schema["required"] {
            for case .string(let key) in required where !keys.contains(key) {
                errors.append("\(path): missing required '\(key)'")
            }
        }
        if case .number(let minimum)? = schema["minProperties"], Double(pairs.count) < minimum {
            errors.append("\(path): too few properties")
        }
        if case .number(let maximum)? = schema["maxProperties"], Double(pairs.count) > maximum {
            errors.append("\(path): too many properties")
        }
        let properties: [(String, JSONValue)] = if case .object(let p)? = schema["properties"] { p } else { [] }
        let patterns: [(String, JSONValue)] = if case .object(let p)? = schema["patternProperties"] { p } else { [] }
        for (key, member) in pairs {
            if let names = schema["propertyNames"] {
                check(.string(key), against: names, at: "\(path).\(key) (name)", errors: &errors)
            }
            var matched = false
            if let property = properties.first(where: { $0.0 == key }) {
                matched = true
                check(member, against: property.1, at: "\(path).\(key)", errors: &errors)
            }
            for (pattern, subschema) in patterns where key.range(of: pattern, options: .regularExpression) != nil {
                matched = true
                check(member, against: subschema, at: "\(path).\(key)", errors: &errors)
            }
            if !matched, let additional = schema["additionalProperties"] {
                check(member, against: additional, at: "\(path).\(key)", errors: &errors)
            }
        }
    }

    private func errorsFor(_ value: JSONValue, _ schema: JSONValue, _ path: String) -> [String] {
        var errors: [String] = []
        check(value, against: schema, at: path, errors: &errors)
        return errors
    }

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSONValue? = root
        for component in reference.dropFirst(2).split(separator: "/") { node = node?[String(component)] }
        return node
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }

    private static func typeName(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
