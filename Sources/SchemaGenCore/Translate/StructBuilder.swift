/// Builds the contexts of structs and enums: properties, coding keys, constants, initializers, nested
/// inline objects.
struct StructBuilder {
    let speller: SwiftTypeSpeller
    let hasInitializer: Bool

    static let conformances = "Codable, Hashable, Sendable"

    func namedType(_ type: NamedType) -> TypeContext {
        let name = SwiftSyntax.identifier(type.name)
        let documentation = SwiftSyntax.documentation(type.description, deprecation: type.deprecation)
        switch type.kind {
        case .object(let object):
            return TypeContext(name: name, documentation: documentation, structure: structure(object.fields, eventName: nil), enumeration: nil)
        case .enumeration(let enumeration):
            let cases = enumeration.cases.map { enumCase in
                EnumCaseContext(name: SwiftSyntax.identifier(enumCase.swiftName), rawValue: SwiftSyntax.stringLiteral(enumCase.wireValue),
                                documentation: SwiftSyntax.documentation(enumCase.description, deprecation: enumCase.deprecation))
            }
            return TypeContext(name: name, documentation: documentation, structure: nil, enumeration: EnumContext(cases: cases))
        }
    }

    /// A struct with `fields`; `extra` are properties placed after them (an envelope's payload).
    func structure(_ fields: [Field], eventName: String?, extra: [(property: PropertyContext, wireName: String, nested: TypeContext?)] = []) -> StructContext {
        var properties: [PropertyContext] = []
        var constants: [PropertyContext] = []
        var codingKeys: [CodingKeyContext] = []
        var nested: [TypeContext] = []
        for field in fields {
            let nestedName = SwiftName.typeName(forMember: field.swiftName)
            let type = speller.spell(field.type, inlineName: nestedName)
            let unwrapped = speller.spell(field.type.unwrapped, inlineName: nestedName)
            let storage = field.deprecation == nil ? SwiftSyntax.identifier(field.swiftName) : "_" + field.swiftName
            let property = PropertyContext(
                name: SwiftSyntax.identifier(field.swiftName), storageName: storage, codingKey: storage, type: type,
                unwrappedType: unwrapped, isOptional: field.type.isOptional, documentation: SwiftSyntax.documentation(field.description),
                deprecation: SwiftSyntax.deprecationAttribute(field.deprecation), constantValue: field.constant.map(SwiftSyntax.literal))
            codingKeys.append(CodingKeyContext(name: property.codingKey,
                                               rawValue: field.wireName == storage.unescapedIdentifier ? nil : SwiftSyntax.stringLiteral(field.wireName)))
            if field.constant != nil { constants.append(property) } else { properties.append(property) }
            if case .object(let object) = field.type.unwrapped {
                nested.append(TypeContext(name: nestedName, documentation: SwiftSyntax.documentation(field.description),
                                          structure: structure(object.fields, eventName: nil), enumeration: nil))
            }
        }
        for item in extra {
            properties.append(item.property)
            codingKeys.append(CodingKeyContext(name: item.property.codingKey,
                                               rawValue: item.wireName == item.property.codingKey.unescapedIdentifier ? nil : SwiftSyntax.stringLiteral(item.wireName)))
            if let type = item.nested { nested.append(type) }
        }
        let parameters = properties.map { "\($0.name): \($0.type)\($0.isOptional ? " = nil" : "")" }.joined(separator: ", ")
        return StructContext(
            conformances: Self.conformances, eventName: eventName, properties: properties, constants: constants,
            hasCodingKeys: !constants.isEmpty || codingKeys.contains { $0.rawValue != nil }, codingKeys: codingKeys,
            hasCustomCoding: !constants.isEmpty, hasInitializer: hasInitializer, initializerParameters: parameters, nestedTypes: nested)
    }
}

extension String {
    /// An identifier without the backticks that escape a keyword.
    var unescapedIdentifier: String { hasPrefix("`") ? String(dropFirst().dropLast()) : self }
}
