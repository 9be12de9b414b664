/// Tuples: structs that code as JSON arrays, an element per property, in order.
extension StructBuilder {
    /// The struct of a tuple: its properties and initializer as for an object, and `init(from:)` and
    /// `encode(to:)` over an unkeyed container. Optional elements after the last required one are read when
    /// present and written only while a later element has a value; a variadic last element takes the rest.
    func tupleStructure(_ tuple: TupleType, eventName: String?, owner: String?) -> StructContext {
        var context = structure(tuple.elements, eventName: eventName, owner: owner)
        context.isTuple = true
        context.hasCodingKeys = false
        context.hasCustomCoding = false
        let lastRequired = tuple.elements.lastIndex { !$0.type.isOptional } ?? -1
        let variadicIndex = tuple.isVariadic ? tuple.elements.count - 1 : nil
        var decoding: [String] = []
        var encoding: [String] = []
        for (index, (element, property)) in zip(tuple.elements, context.properties).enumerated() {
            let storage = property.storageName
            if index == variadicIndex, case .array(let each) = element.type {
                let spelled = speller.spell(each, inlineName: "Object")
                decoding += ["var \(storage.unescapedIdentifier)Elements: [\(spelled)] = []", "while !container.isAtEnd {",
                             "\(storage.unescapedIdentifier)Elements.append(try container.decode(\(spelled).self))", "}",
                             "self.\(storage) = \(storage.unescapedIdentifier)Elements"]
                encoding += ["for element in \(storage) {", "try container.encode(element)", "}"]
            } else if element.type.isOptional {
                decoding.append("self.\(storage) = try container.decodeIfPresent(\(property.unwrappedType).self)")
                if index > lastRequired {
                    // Left out at the end of the array unless something after it is written.
                    let later = context.properties[index...].enumerated().map { offset, later in
                        index + offset == variadicIndex ? "!\(later.storageName).isEmpty" : "\(later.storageName) != nil"
                    }
                    encoding += ["if \(later.joined(separator: " || ")) {", "try container.encode(\(storage))", "}"]
                } else {
                    encoding.append("try container.encode(\(storage))")
                }
            } else {
                decoding.append("self.\(storage) = try container.decode(\(property.unwrappedType).self)")
                encoding.append("try container.encode(\(storage))")
            }
        }
        context.tupleDecoding = decoding
        context.tupleEncoding = encoding
        return context
    }
}
