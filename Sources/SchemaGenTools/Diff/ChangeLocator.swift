import SchemaGenContract
import SchemaGenGenerator
/// Where a change sits in a contract file: the line of the deepest of its channel, event, named type and field path
/// that the contract declares, so a reviewer can jump to it.
package struct ChangeLocator {
    package let contract: Contract

    package func line(of change: ContractChange) -> Int? {
        var found: SourceLocation?
        var fields: [Field]?
        var events = contract.events
        if let name = change.channel {
            guard let channel = contract.channels.first(where: { $0.name == name }) else { return nil }
            found = channel.location
            events = channel.events
        }
        if let name = change.event {
            guard let event = events.first(where: { $0.wireName == name }) else { return found?.line }
            found = event.location
            fields = (event.payload.flatMap { contract.objectFields(of: $0.valueType) } ?? []) + event.envelopeFields
        }
        if let name = change.type {
            guard let type = contract.type(named: name) else { return found?.line }
            found = type.location
            fields =
                switch type.kind {
                case .object(let object): object.fields
                case .tuple(let tuple): tuple.elements
                default: nil
                }
        }
        for component in change.path {
            if component == "(envelope)" {
                if case .envelope(let envelope) = contract.framing { fields = envelope.fields }
                continue
            }
            // Element and value steps stay on the field that holds the collection.
            if component == "[]" || component == "[key]" { continue }
            guard let field = fields?.first(where: { $0.wireName == component }) else { break }
            found = field.location
            fields = contract.objectFields(of: Self.innermost(field.type))
        }
        return found?.line
    }

    /// A field's type without optionals and collections: where its members are declared.
    private static func innermost(_ type: TypeRef) -> TypeRef {
        switch type {
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element):
            innermost(element)
        default: type
        }
    }
}
