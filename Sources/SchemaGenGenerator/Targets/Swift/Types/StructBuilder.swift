import SchemaGenContract
/// Builds the contexts of structs and enums: properties, coding keys, constants, initializers, nested
/// inline objects.
package struct StructBuilder {
    package let speller: SwiftTypeSpeller
    /// For each named type, the named types its fields reach by value or through optionals.
    package var reachable: [String: Set<String>] = [:]

    /// Builds the reachability that decides which optional fields must be stored out of line.
    package init(speller: SwiftTypeSpeller, contract: Contract? = nil) {
        self.speller = speller
        guard let contract else { return }
        // Only types that hold others inline have edges: most hold scalars and lists only, and a set for each
        // was most of this (serial) step for a large contract.
        var edges: [String: Set<String>] = [:]
        var held: [String] = []
        for type in contract.types {
            held.removeAll(keepingCapacity: true)
            switch type.kind {
            case .object(let object): Self.addNamesHeldInline(by: object.fields, to: &held)
            case .tuple(let tuple): Self.addNamesHeldInline(by: tuple.elements, to: &held)
            default: break
            }
            if !held.isEmpty { edges[type.name] = Set(held) }
        }
        for start in edges.keys {
            var seen: Set<String> = []
            var queue = Array(edges[start] ?? [])
            while let next = queue.popLast() {
                if seen.insert(next).inserted { queue += edges[next] ?? [] }
            }
            reachable[start] = seen
        }
    }

    /// Adds the named types `fields` hold without an array or dictionary in between (by value or optional).
    /// Fields are read in place, and no list made for each: every field of a large contract passes here.
    package static func addNamesHeldInline(by fields: [Field], to names: inout [String]) {
        for index in fields.indices { addNamesHeldInline(fields[index].type, to: &names) }
    }

    private static func addNamesHeldInline(_ type: TypeRef, to names: inout [String]) {
        switch type {
        case .named(let name): names.append(name)
        case .optional(let wrapped), .nullable(let wrapped): addNamesHeldInline(wrapped, to: &names)
        case .object(let object): addNamesHeldInline(by: object.fields, to: &names)
        case .tuple(let tuple): addNamesHeldInline(by: tuple.elements, to: &names)
        case .scalar, .array, .dictionary: break
        }
    }

    package static let conformances = "Codable, Hashable, Sendable"

    /// The runtime's `MemberwiseEquatable`, which generated structs and event enums conform to by writing
    /// `membersEqual(_:_:)`, and the function that compares each member there, spelled for this file.
    package var memberwiseEquatable: String { speller.runtime("MemberwiseEquatable") }
    package var memberComparison: String { "\(speller.runtime("Members")).equal" }

    package var coding: FieldCoding { FieldCoding(speller: speller) }

    package func namedType(_ type: NamedType) -> TypeContext {
        let name = SwiftSyntax.identifier(type.name)
        let documentation = SwiftSyntax.documentation(type.description, deprecation: type.deprecation)
        switch type.kind {
        case .object(let object):
            return TypeContext(
                name: name, documentation: documentation,
                structure: structure(object.fields, eventName: nil, owner: type.name),
                enumeration: nil)
        case .enumeration(let enumeration):
            let isInteger = enumeration.rawType == .integer
            let cases = enumeration.cases.map { enumCase in
                EnumCaseContext(
                    name: SwiftSyntax.identifier(enumCase.swiftName),
                    rawValue: isInteger ? enumCase.wireValue : SwiftSyntax.stringLiteral(enumCase.wireValue),
                    documentation: SwiftSyntax.documentation(enumCase.description, deprecation: enumCase.deprecation))
            }
            return TypeContext(
                name: name, documentation: documentation, structure: nil,
                enumeration: EnumContext(rawType: isInteger ? "Swift.Int" : "Swift.String", cases: cases))
        case .tuple(let tuple):
            return TypeContext(
                name: name, documentation: documentation,
                structure: tupleStructure(tuple, eventName: nil, owner: type.name),
                enumeration: nil)
        case .union(let union):
            return TypeContext(
                name: name, documentation: documentation, structure: nil, enumeration: nil, union: unionContext(union))
        case .flags(let flags):
            let contexts = flags.flags.map { flag in
                FlagContext(
                    name: SwiftSyntax.identifier(flag.swiftName), value: "1 << \(flag.bit)",
                    documentation: SwiftSyntax.documentation(flag.description, deprecation: flag.deprecation),
                    deprecation: SwiftSyntax.deprecationAttribute(flag.deprecation))
            }
            return TypeContext(
                name: name, documentation: documentation, structure: nil, enumeration: nil,
                flags: FlagsContext(flags: contexts))
        }
    }

    /// `a, b or c`.
    private static func alternatives(_ items: [String]) -> String {
        items.count > 1 ? items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1] : items.joined()
    }

    private func unionContext(_ union: UnionType) -> UnionContext {
        let fallback = union.fallback.map { member in
            UnionCaseContext(
                name: SwiftSyntax.identifier(member.swiftName), type: speller.spell(member.type),
                documentation: SwiftSyntax.documentation(member.description), selector: "")
        }
        let cases = union.members.map { member in
            let selector: String =
                switch union.selector {
                case .kind: member.kind.rawValue
                case .field(_, let rawType):
                    rawType == .integer ? member.tag ?? "0" : SwiftSyntax.stringLiteral(member.tag ?? "")
                }
            let elementSelector =
                member.elementKind.map { ".\($0.rawValue)?" + (member.takesEmptyArray ? ", nil" : "") } ?? ""
            return UnionCaseContext(
                name: SwiftSyntax.identifier(member.swiftName), type: speller.spell(member.type),
                documentation: SwiftSyntax.documentation(member.description), selector: selector,
                elementSelector: elementSelector)
        }
        switch union.selector {
        case .kind:
            let arrayMembers = union.members.filter { $0.elementKind != nil }
            let kinds =
                union.members.filter { $0.elementKind == nil }.map(\.kind.article)
                + (arrayMembers.isEmpty ? [] : ["an array"])
            return UnionContext(
                cases: cases, isByKind: true, isByField: false, tagKey: "", tagType: "",
                kindsText: Self.alternatives(kinds), kindCases: cases.filter(\.elementSelector.isEmpty),
                arrayCases: cases.filter { !$0.elementSelector.isEmpty }, hasArrayCases: !arrayMembers.isEmpty,
                arraysText: Self.alternatives(arrayMembers.map(\.kindText)))
        case .field(let key, let rawType):
            return UnionContext(
                cases: cases, isByKind: false, isByField: true, tagKey: SwiftSyntax.stringLiteral(key),
                tagType: rawType == .integer ? "Swift.Int" : "Swift.String", kindsText: "", fallback: fallback)
        }
    }

    /// A struct with `fields`; `extra` are properties placed after them (an envelope's payload).
    /// - Parameters:
    ///   - owner: the named type this struct belongs to (itself, or the named type an inline object is nested
    ///     in), whose cycles decide which fields are stored out of line.
    ///   - codesObject: whether the struct codes as a JSON object (`false` for a tuple, which codes as an array).
    package func structure(
        _ fields: [Field], eventName: String?, owner: String? = nil, codesObject: Bool = true,
        extra: [(property: PropertyContext, wireName: String, type: TypeRef, nested: TypeContext?)] = []
    ) -> StructContext {
        var properties: [PropertyContext] = []
        var constants: [PropertyContext] = []
        var constantChecks: [SwiftStatement] = []
        var constantEncodings: [SwiftExpression] = []
        var fieldEncodings: [SwiftExpression] = []
        var patternEncodings: [SwiftStatement] = []
        var nested: [TypeContext] = []
        // Reserved, not grown: every context is held until the file is rendered.
        properties.reserveCapacity(fields.count + extra.count)
        fieldEncodings.reserveCapacity(fields.count + extra.count)
        for field in fields {
            // Named only where the field declares a nested type (the name is text built for every field otherwise).
            let nestedName = field.type.declaresInlineType ? SwiftName.typeName(forMember: field.swiftName) : ""
            let type = speller.spell(field.type, inlineName: nestedName)
            let unwrapped = speller.spell(field.type.unwrapped, inlineName: nestedName)
            // Escaped once: it is the name, the storage and the argument (each a keyword lookup).
            let identifier = SwiftSyntax.identifier(field.swiftName)
            let storage = field.deprecation == nil ? identifier : "_" + field.swiftName
            let constantValue = field.constant.map(SwiftSyntax.literal)
            var isIndirect = false
            // `T?`, `T | null` and `(T | null)?` alike: each is held in a Swift optional, which is what may close a cycle.
            if let owner, field.type.isSwiftOptional, case .named(let target) = field.type.valueType {
                isIndirect = target == owner || reachable[target]?.contains(owner) == true
            }
            var decoding: SwiftExpression?
            if let constant = constantValue {
                if codesObject {
                    let key = SwiftSyntax.stringLiteral(field.wireName)
                    let typed = SwiftExpression.plain("\(constant) as \(type)")
                    constantChecks.append(
                        .expression(
                            .try(
                                .call(
                                    .plain("fields"), "expect",
                                    [SwiftArgument(nil, .plain(key)), SwiftArgument("equals", typed)]))))
                    constantEncodings.append(
                        .call(".value", [SwiftArgument(nil, .plain(key)), SwiftArgument(nil, typed)]))
                }
            } else if !codesObject {
                // A tuple's elements are coded by TupleBuilder.
            } else if let pattern = field.keyPattern {
                decoding = coding.patternDecoding(field, pattern: pattern)
                patternEncodings.append(coding.patternEncoding(.plain("self.\(storage)"), pattern: pattern))
            } else {
                let key = SwiftSyntax.stringLiteral(field.wireName)
                decoding = coding.fieldDecoding(field.type, encoding: field.encoding, key: key, inlineName: nestedName)
                // `self.` also tells a field named `self` from the value itself.
                fieldEncodings.append(
                    coding.fieldEncoding(
                        field.type, encoding: field.encoding, value: .plain("self." + storage), key: key,
                        inlineName: nestedName
                    ))
            }
            let property = PropertyContext(
                name: identifier, storageName: storage, argumentName: field.swiftName == "self" ? "_self" : identifier,
                type: type,
                unwrappedType: unwrapped, isOptional: field.type.isSwiftOptional,
                documentation: SwiftSyntax.documentation(field.description),
                deprecation: SwiftSyntax.deprecationAttribute(field.deprecation), isIndirect: isIndirect,
                constantValue: constantValue,
                decoding: decoding)
            if constantValue != nil {
                constants.append(property)
            } else {
                properties.append(property)
            }
            if case .object(let object) = field.type.unwrapped {
                nested.append(
                    TypeContext(
                        name: nestedName, documentation: SwiftSyntax.documentation(field.description),
                        structure: structure(object.fields, eventName: nil, owner: owner), enumeration: nil))
            }
        }
        for item in extra {
            let key = SwiftSyntax.stringLiteral(item.wireName)
            fieldEncodings.append(
                coding.fieldEncoding(
                    item.type, encoding: nil, value: .plain("self." + item.property.storageName), key: key,
                    inlineName: "Payload"))
            properties.append(
                item.property.decoded(
                    by: coding.fieldDecoding(item.type, encoding: nil, key: key, inlineName: "Payload")))
            if let type = item.nested { nested.append(type) }
        }
        // Fields of pattern keys default to no keys, as optional fields default to nil.
        let patterned = Set(fields.filter { $0.keyPattern != nil }.map(\.swiftName))
        var parameters: [SwiftParameter] = []
        var arguments: [SwiftArgument] = []
        parameters.reserveCapacity(properties.count)
        arguments.reserveCapacity(codesObject ? properties.count : 0)
        for property in properties {
            let name = property.name.unescapedIdentifier
            parameters.append(
                Self.parameter(
                    property, type: property.type, isPatterned: !patterned.isEmpty && patterned.contains(name)))
            if codesObject, let decoding = property.decoding {
                arguments.append(SwiftArgument(SwiftSyntax.argumentLabel(name), decoding))
            }
        }
        let reader = SwiftExpression.plain(speller.runtime("WireFields"))
        let writer = SwiftExpression.plain(speller.runtime("WireFieldWriter"))
        let readFields = SwiftExpression.try(.call(reader, [SwiftArgument(nil, .plain("decoder"))]))
        let makeWriter = SwiftExpression.call(writer, [SwiftArgument(nil, .plain("encoder"))])
        // Every member but those of pattern keys is read with `fields` and written by a link of the chain.
        let links = constantEncodings + fieldEncodings
        return StructContext(
            conformances: Self.conformances, memberwiseEquatable: memberwiseEquatable,
            memberComparison: memberComparison,
            eventName: eventName, properties: properties, constants: constants, hasFieldCoding: codesObject,
            fieldsDeclaration: links.isEmpty ? .discard(readFields) : .let("fields", readFields),
            writerDeclaration: links.isEmpty ? .discard(makeWriter) : .expression(.try(makeWriter)),
            constantChecks: constantChecks, fieldArguments: SwiftArgumentList(arguments), fieldEncodings: links,
            patternEncodings: patternEncodings, initializerParameters: SwiftParameterList(parameters),
            nestedTypes: nested)
    }
}

extension StructBuilder {
    /// The parameters of the initializer of `structure` (built from `fields`), as code outside the struct
    /// writes them: inline objects' types qualified by the struct's name (`target: Send.Target`, not `target: Target`).
    package func parameters(
        _ fields: [Field], of structure: StructContext, outside owner: String
    )
        -> [SwiftParameter]
    {
        let qualified = Set(structure.nestedTypes.map(\.name))
        return zip(fields.filter { $0.constant == nil }, structure.properties).map { field, property in
            let nestedName = SwiftName.typeName(forMember: field.swiftName)
            let type =
                qualified.contains(nestedName)
                ? speller.spell(field.type, inlineName: "\(owner).\(nestedName)") : property.type
            return Self.parameter(property, type: type, isPatterned: field.keyPattern != nil)
        }
    }

    /// `name: Type`, `name argument: Type`, `name: Type? = nil` or, for pattern keys, `name: [String: T] = [:]`.
    private static func parameter(_ property: PropertyContext, type: String, isPatterned: Bool) -> SwiftParameter {
        SwiftParameter(
            property.name, property.argumentName != property.name ? property.argumentName : nil, type: type,
            default: property.isOptional ? .plain("nil") : isPatterned ? .plain("[:]") : nil)
    }
}

extension String {
    /// An identifier without the backticks that escape a keyword.
    package var unescapedIdentifier: String { hasPrefix("`") ? String(dropFirst().dropLast()) : self }
}
