import Foundation
@_spi(Generated) import SchemaGenRuntime

/// Reading constants, enums and type expressions (`[String: Int]?`, named types resolved).
extension Checker {
    /// `const: uploading` (a string), `const: 3`, `const: true`. Quoted text is always a string.
    mutating func readConstant(_ node: SyntaxNode, what: String) -> ConstantValue? {
        guard let scalar = node.scalar, !node.isNull else {
            diagnostics.error(
                "the constant of \(what) must be a string, a whole number or a boolean, found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        if let flag = node.bool { return .bool(flag) }
        if let number = node.int { return .int(number) }
        if scalar.style == .plain, Double(scalar.text) != nil {
            diagnostics.error(
                "the constant of \(what) is a fractional number, which JSON cannot compare exactly; use a string, a whole number or a boolean",
                at: node.location)
            return nil
        }
        return .string(scalar.text)
    }

    /// A string enum: a list of values, each a plain value or `{value, swiftName, description, deprecated}`.
    mutating func readEnum(_ node: SyntaxNode, owner: String) -> EnumType {
        guard let elements = node.elements else {
            diagnostics.error(
                "`enum:` of \(owner) must be a list of values such as `[note, photo]`, found \(node.kindDescription)",
                at: node.location)
            return EnumType(cases: [])
        }
        if elements.isEmpty {
            diagnostics.error("\(owner) is an empty enum; list at least one value", at: node.location)
        }
        var cases: [EnumCase] = []
        var seen: [String: SourceLocation] = [:]
        var rawType: (type: EnumType.RawType, value: String, location: SourceLocation)?
        for element in elements {
            guard let (enumCase, type) = readEnumCase(element, owner: owner) else { continue }
            if let first = rawType, first.type != type {
                let (number, text) =
                    type == .integer ? (enumCase.wireValue, first.value) : (first.value, enumCase.wireValue)
                diagnostics.error(
                    "\(owner) mixes whole numbers and strings ('\(number)' is a number, '\(text)' a string); its values "
                        + "are all strings or all whole numbers: quote the numbers to make them strings",
                    at: enumCase.location,
                    notes: [.note("'\(first.value)' is the first value", at: first.location)])
                continue
            }
            rawType = rawType ?? (type, enumCase.wireValue, enumCase.location)
            if let first = seen[enumCase.wireValue] {
                diagnostics.error(
                    "duplicate value '\(enumCase.wireValue)' in \(owner); list each value once", at: enumCase.location,
                    notes: [.note("'\(enumCase.wireValue)' is first listed here", at: first)])
                continue
            }
            seen[enumCase.wireValue] = enumCase.location
            cases.append(enumCase)
        }
        return EnumType(rawType: rawType?.type ?? .string, cases: cases)
    }

    /// One value of an enum, as a bare value or a mapping with `value:`, and whether it is a string or a
    /// whole number.
    mutating func readEnumCase(_ node: SyntaxNode, owner: String) -> (EnumCase, EnumType.RawType)? {
        if node.scalar != nil {
            guard !node.isNull else {
                diagnostics.error(
                    "an enum value of \(owner) is empty; write the value as it appears on the wire", at: node.location)
                return nil
            }
            guard let (value, type) = readEnumValue(node, owner: owner) else { return nil }
            // `-1` would become `_1`, the name of `1`: negative numbers are spelled out.
            let name = type == .integer && value.hasPrefix("-") ? "minus" + value.dropFirst() : value
            return (
                EnumCase(
                    wireValue: value, swiftName: derivedSwiftName(name, what: "enum value", at: node.location),
                    description: nil, deprecation: nil, location: node.location), type
            )
        }
        guard
            let reader = MappingReader(
                node, owner: "an enum value of \(owner)", allowedKeys: Self.enumCaseKeys, diagnostics: &diagnostics),
            let valueNode = reader.required(
                "value", in: "an enum value of \(owner)", hint: "write the value as it appears on the wire",
                diagnostics: &diagnostics),
            readText(valueNode, what: "an enum `value`") != nil,
            let (value, type) = readEnumValue(valueNode, owner: owner)
        else { return nil }
        return (
            EnumCase(
                wireValue: value,
                swiftName: readSwiftName(reader, wireName: value, what: "enum value", at: valueNode.location),
                description: readDescription(reader), deprecation: readDeprecation(reader), location: valueNode.location
            ), type
        )
    }

    /// A scalar read as YAML 1.2's core schema reads it: quoted text is a string, a plain whole number an
    /// integer (`7`, `-1`, kept in decimal); a plain boolean or fraction is an error, since it cannot be an
    /// enum's raw value and was most likely meant as text.
    package mutating func readEnumValue(_ node: SyntaxNode, owner: String) -> (String, EnumType.RawType)? {
        guard let scalar = node.scalar else { return nil }
        let text = scalar.text
        guard scalar.style == .plain else { return (text, .string) }
        if text.wholeMatch(of: /[-+]?[0-9]+/) != nil {
            guard let value = Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
                diagnostics.error(
                    "the enum value \(text) of \(owner) is too large for a 64-bit integer; quote it to make it a string",
                    at: node.location)
                return nil
            }
            return (String(value), .integer)
        }
        let what: String? =
            if ["true", "True", "TRUE", "false", "False", "FALSE"].contains(text) {
                "a boolean"
            } else if text.wholeMatch(
                of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)/) != nil
            {
                "a number that is not whole"
            } else {
                nil
            }
        if let what {
            diagnostics.error(
                "the enum value \(text) of \(owner) is \(what) in YAML; enum values are strings or whole numbers: "
                    + "write \"\(text)\" if the wire value is the text", at: node.location)
            return nil
        }
        return (text, .string)
    }

    /// Parses and resolves a type written as text; reports syntax errors and unknown names at their column.
    package mutating func readTypeExpression(_ node: SyntaxNode, what: @autoclosure () -> String) -> TypeRef? {
        guard let scalar = node.scalar, !node.isNull else {
            diagnostics.error(
                "the type of \(what()) must be written as text such as `String` or `[Item]`, found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        let parsed: Result<TypeExpression, TypeExpressionParser.Failure>
        if let known = parsedTypeExpressions[scalar.text] {
            parsed = known
        } else {
            parsed = TypeExpressionParser.parse(scalar.text)
            parsedTypeExpressions[scalar.text] = parsed
        }
        switch parsed {
        case .failure(let failure):
            diagnostics.error(
                "invalid type '\(scalar.text)' for \(what()): \(failure.message)",
                at: node.location(ofCharacterAt: failure.offset))
            return nil
        case .success(let expression):
            return resolve(expression, in: node, what: what())
        }
    }

    mutating func resolve(
        _ expression: TypeExpression, in node: SyntaxNode, what: @autoclosure () -> String
    ) -> TypeRef? {
        switch expression {
        case .optional(let wrapped):
            guard let inner = resolve(wrapped, in: node, what: what()) else { return nil }
            if inner.isOptional {
                diagnostics.error("the type of \(what()) is optional twice; write a single `?`", at: node.location)
                return nil
            }
            return .optional(inner)
        case .union(let alternatives):
            let values = alternatives.filter { if case .name("null", _) = $0.0 { false } else { true } }
            let nulls = alternatives.count - values.count
            guard values.count == 1, nulls == 1, let value = values.first else {
                let at = node.location(
                    ofCharacterAt: (values.count > 1 ? values[1] : alternatives[alternatives.count - 1]).offset)
                if values.count > 1 {
                    diagnostics.error(
                        "a type written `A | B` in \(what()) is a union, which needs a name: declare it under `types:` with `union: [A, B]` and use that name here "
                            + "(only `T | null` is written in place)", at: at)
                } else if values.isEmpty {
                    diagnostics.error(
                        "the type of \(what()) is only `null`; write the type of its values, `T | null`", at: at)
                } else {
                    diagnostics.error(
                        "`null` is written more than once in the type of \(what()); write `T | null`", at: at)
                }
                return nil
            }
            guard let inner = resolve(value.0, in: node, what: what()) else { return nil }
            if inner.isOptional {
                diagnostics.error(
                    "`T? | null` in \(what()): write `(T | null)?` when an absent value and `null` mean different things, or `T?` when they mean the same",
                    at: node.location(ofCharacterAt: value.offset))
                return nil
            }
            return inner.isNullable ? inner : .nullable(inner)
        case .array(let element):
            guard let inner = resolve(element, in: node, what: what()) else { return nil }
            if inner.isOptional, inner.isNullable {
                diagnostics.error(
                    "only a field can tell an absent value from `null`; inside an array write `T | null` (or `T?`)",
                    at: node.location)
                return nil
            }
            return .array(inner)
        case let .dictionary(key, value, keyOffset):
            guard case .name("String", _) = key else {
                diagnostics.error(
                    "dictionary keys must be `String`, as JSON object keys are; write `[String: T]`",
                    at: node.location(ofCharacterAt: keyOffset))
                return nil
            }
            guard let inner = resolve(value, in: node, what: what()) else { return nil }
            if inner.isOptional, inner.isNullable {
                diagnostics.error(
                    "only a field can tell an absent value from `null`; inside a dictionary write `T | null` (or `T?`)",
                    at: node.location)
                return nil
            }
            return .dictionary(inner)
        case let .name(name, offset):
            if let scalar = ScalarType(rawValue: name) { return .scalar(scalar) }
            if declaredTypeNameSet.contains(name) { return .named(name) }
            let known = ScalarType.allCases.map(\.rawValue) + declaredTypeNames
            let hint =
                Suggestions.closest(to: name, in: known).map { "; did you mean '\($0)'?" }
                ?? Self.foreignTypeNames[name].map { "; \($0)" }
                ?? "; declare it under `types:` or use a built-in type (\(ScalarType.allCases.map(\.rawValue).joined(separator: ", ")))"
            diagnostics.error("unknown type '\(name)' in \(what())\(hint)", at: node.location(ofCharacterAt: offset))
            return nil
        }
    }
}
