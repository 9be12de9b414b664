/// Requests and their replies (`reply:`): the answering event exists in the request's scope and reaches the app,
/// and both events carry the matching field, as a whole number or text the client can choose.
struct ReplyCheck {
    let contract: Contract

    func run(into diagnostics: inout DiagnosticBag) {
        for scope in [contract.events] + contract.channels.map(\.events) {
            for event in scope {
                guard let reply = event.reply else { continue }
                let owner = "the reply of event '\(event.wireName)'"
                guard event.direction.isEmittedByClient else {
                    diagnostics.error("event '\(event.wireName)' has a reply but the app never sends it; a reply answers a client-to-server request",
                                      at: reply.location)
                    continue
                }
                var answers: [(Event, String)] = []
                for (name, role) in [(reply.event, "the reply"), (reply.error, "the error reply")] {
                    guard let name else { continue }
                    guard let answer = scope.first(where: { $0.wireName == name }) else {
                        let names = scope.filter(\.direction.isReceivedByClient).map(\.wireName)
                        diagnostics.error("\(owner) names event '\(name)', which this scope does not have\(Suggestions.hint(for: name, in: names))",
                                          at: reply.location)
                        continue
                    }
                    guard answer.direction.isReceivedByClient else {
                        diagnostics.error("\(owner) names event '\(name)', which the server never sends; name a server-to-client event",
                                          at: reply.location, notes: [.note("'\(name)' is declared here", at: answer.location)])
                        continue
                    }
                    answers.append((answer, role))
                }
                guard answers.count == (reply.error == nil ? 1 : 2) else { continue }
                for (carrier, role) in [(event, "the request")] + answers {
                    guard let field = matchField(reply.match, of: carrier, isRequest: carrier == event) else {
                        let place = carrier == event ? "its frame shape or of its inline payload (the client fills it in)" : "its frame shape or of its payload object"
                        diagnostics.error("\(owner) matches by '\(reply.match)', but \(role) '\(carrier.wireName)' has no such field; name a field of \(place)",
                                          at: reply.location,
                                          notes: [.note("'\(carrier.wireName)' is declared here", at: carrier.location)])
                        continue
                    }
                    guard [.scalar(.int), .scalar(.string)].contains(field.type.valueType) else {
                        diagnostics.error("\(owner) matches by '\(reply.match)', which is `\(field.type.spelling)` in \(role); a correlation value is "
                                          + "an `Int` or a `String` the client chooses", at: field.location)
                        continue
                    }
                    if reply.ids == .uuid, carrier == event, field.type.valueType != .scalar(.string) {
                        diagnostics.error("\(owner) has `ids: uuid`, but '\(reply.match)' is `\(field.type.spelling)` in \(role); a UUID is sent as a `String`",
                                          at: field.location)
                    }
                }
            }
        }
    }

    /// The field `key` of an event: a field of its frame shape or envelope, else of its payload object. A request's
    /// must be one its generated method can fill in: a shape's field, or a field of an inline payload.
    func matchField(_ key: String, of event: Event, isRequest: Bool) -> Field? {
        if let index = event.shapeIndex, let field = contract.framing.shapes?[index].fields.first(where: { $0.wireName == key }) {
            return field
        }
        if let field = event.envelopeFields.first(where: { $0.wireName == key }), !isRequest { return field }
        if isRequest {
            switch event.payload {
            case .object(let object)?: return object.fields.first { $0.wireName == key }
            case .tuple(let tuple)?: return tuple.elements.first { $0.wireName == key }
            default: return nil
            }
        }
        return contract.objectFields(of: event.payload?.unwrapped ?? .scalar(.json))?.first { $0.wireName == key }
    }
}
