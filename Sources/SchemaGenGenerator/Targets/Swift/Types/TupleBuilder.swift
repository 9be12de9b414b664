import SchemaGenContract
/// Tuples: structs that code as JSON arrays, an element per property, in order.
extension StructBuilder {
    /// The struct of a tuple: its properties and initializer as for an object, and `init(from:)` and
    /// `encode(to:)` over an unkeyed container. Optional elements after the last required one are read when
    /// present and written only while a later element has a value; a variadic last element takes the rest.
    package func tupleStructure(_ tuple: TupleType, eventName: String?, owner: String?) -> StructContext {
        var context = structure(tuple.elements, eventName: eventName, owner: owner, codesObject: false)
        context.isTuple = true
        let lastRequired = tuple.elements.lastIndex { !$0.type.isOptional } ?? -1
        let variadicIndex = tuple.isVariadic ? tuple.elements.count - 1 : nil
        var decoding: [SwiftStatement] = []
        var encoding: [SwiftStatement] = []
        for (index, (element, property)) in zip(tuple.elements, context.properties).enumerated() {
            let storage = property.storageName
            let inlineName = SwiftName.typeName(forMember: element.swiftName)
            if index == variadicIndex, case .array(let each) = element.type {
                let spelled = speller.spell(each, inlineName: "Object")
                let read = coding.elementDecoding(each, encoding: element.encoding, inlineName: inlineName)
                let elements = storage.unescapedIdentifier + "Elements"
                decoding += [
                    .var(elements, type: "[\(spelled)]", .plain("[]")),
                    .while(
                        [.test(.not(.member(.plain("container"), "isAtEnd")))],
                        [.expression(.call(.plain(elements), "append", [SwiftArgument(nil, read)]))]),
                    .assign(.plain("self.\(storage)"), .plain(elements)),
                ]
                encoding.append(
                    .for(
                        "element", in: .plain(storage),
                        [
                            coding.elementEncoding(
                                each, encoding: element.encoding, value: .plain("element"), inlineName: inlineName)
                        ]
                    ))
                continue
            }
            decoding.append(
                .assign(
                    .plain("self.\(storage)"),
                    coding.elementDecoding(element.type, encoding: element.encoding, inlineName: inlineName)))
            let write = coding.elementEncoding(
                element.type, encoding: element.encoding, value: .plain(storage), inlineName: inlineName)
            if element.type.isOptional, index > lastRequired {
                // Left out at the end of the array unless something after it is written.
                let later = context.properties[index...].enumerated().map { offset, later -> SwiftExpression in
                    index + offset == variadicIndex
                        ? .not(.member(.plain(later.storageName), "isEmpty"))
                        : .binary(.plain(later.storageName), "!=", .plain("nil"))
                }
                let condition = later.dropFirst().reduce(later[0]) { .binary($0, "||", $1) }
                encoding.append(.if([.test(condition)], [write]))
            } else {
                encoding.append(write)
            }
        }
        context.tupleDecoding = decoding
        context.tupleEncoding = encoding
        return context
    }
}
