import Foundation

/// What the generated client sends by itself (an `answer:`, a channel's `subscribe()`) must need nothing from the app.
extension Contract {
    /// What of `event` the client cannot fill in by itself, in words; `nil` when it sends it with no argument (or with
    /// only `given`, a field it fills: the channels a channel's `subscribe()` names).
    package func valueOnlyTheAppGives(_ event: Event, besides given: String? = nil) -> String? {
        if event.subscription != nil { return "it opens a subscription, whose items" + " nobody would read" }
        let counted =
            event.reply.flatMap { reply in reply.inOrder || reply.ids == .app ? nil : reply.match }
        var required: [String] = []
        if let index = event.shapeIndex, let fields = framing.shapes?[index].fields {
            required += fields.filter { !$0.type.isSwiftOptional }.map(\.wireName)
        }
        switch event.payload {
        case nil:
            break
        case .object(let object)?:
            required += object.fields.filter { !$0.type.isSwiftOptional }.map(\.wireName)
        case .named(let name)? where objectFields(of: .named(name)) != nil:
            // An object type of its own (the same payload declared by name) is sent with its fields `nil`.
            required += (objectFields(of: .named(name)) ?? []).filter { !$0.type.isSwiftOptional }.map(
                \.wireName)
        case let payload?:
            return "its payload is `\(payload.spelling)`, not an object of optional fields"
        }
        let missing = required.filter { $0 != counted && $0 != given }
        return missing.isEmpty ? nil : "its '\(missing[0])' is required"
    }
}
