/// The client's own answers (`answer:`): a server-to-client event outside channels answered by a client-to-server
/// event of the same scope that the client can send with no value from the app, and conditions on the event's payload
/// fields, each a value of its field's type.
package struct AnswerCheck {
    package let contract: Contract

    package func run(into diagnostics: inout DiagnosticBag) {
        for channel in contract.channels {
            for event in channel.events {
                guard let answer = event.answer else { continue }
                diagnostics.error(
                    "event '\(event.wireName)' of channel '\(channel.name)' has an `answer:`; the client answers by itself "
                        + "only outside channels: declare the event under the contract's `events:`", at: answer.location
                )
            }
        }
        for event in contract.events {
            guard let answer = event.answer else { continue }
            let owner = "the answer of event '\(event.wireName)'"
            guard event.direction.isReceivedByClient else {
                diagnostics.error(
                    "\(owner): '\(event.wireName)' is sent by the client only, so it never calls for an answer; put `answer:` "
                        + "on a server-to-client event", at: answer.location)
                continue
            }
            if event.reply != nil || event.ack != nil {
                diagnostics.error(
                    "\(owner): '\(event.wireName)' also has `\(event.reply != nil ? "reply" : "ack"):`, an answer of another kind; "
                        + "keep one", at: answer.location)
            }
            checkConditions(answer, of: event, owner: owner, into: &diagnostics)
            guard let sent = contract.events.first(where: { $0.wireName == answer.event }) else {
                let names = contract.events.filter(\.direction.isEmittedByClient).map(\.wireName)
                diagnostics.error(
                    "\(owner) names event '\(answer.event)', which the contract's `events:` do not have"
                        + Suggestions.hint(for: answer.event, in: names), at: answer.location)
                continue
            }
            guard sent.direction.isEmittedByClient else {
                diagnostics.error(
                    "\(owner) names event '\(answer.event)', which the client never sends; name a client-to-server event",
                    at: answer.location, notes: [.note("'\(sent.wireName)' is declared here", at: sent.location)])
                continue
            }
            if let missing = contract.valueOnlyTheAppGives(sent) {
                diagnostics.error(
                    "\(owner) names event '\(answer.event)', but \(missing), which only the app can give; the client sends its "
                        + "answer by itself, so every value of it must be optional (or the id it counts)",
                    at: answer.location,
                    notes: [.note("'\(sent.wireName)' is declared here", at: sent.location)])
            }
        }
    }

    private func checkConditions(
        _ answer: AnswerDeclaration, of event: Event, owner: String, into diagnostics: inout DiagnosticBag
    ) {
        guard !answer.when.isEmpty else { return }
        let fields = contract.objectFields(of: event.payload?.unwrapped ?? .scalar(.json)) ?? []
        for condition in answer.when {
            guard let field = fields.first(where: { $0.wireName == condition.key }) else {
                diagnostics.error(
                    "\(owner) answers only when '\(condition.key)' holds a value, but the payload of '\(event.wireName)' has no "
                        + "such field\(Suggestions.hint(for: condition.key, in: fields.map(\.wireName)))",
                    at: condition.location)
                continue
            }
            let fits =
                switch (field.type.valueType, condition.value) {
                case (.scalar(.string), .string), (.scalar(.int), .integer), (.scalar(.bool), .bool): true
                case (.named(let name), .string(let text)):
                    if case .enumeration(let values)? = contract.type(named: name)?.kind {
                        values.rawType == .string && values.cases.contains { $0.wireValue == text }
                    } else {
                        false
                    }
                default: false
                }
            if !fits {
                diagnostics.error(
                    "\(owner) answers only when '\(condition.key)' holds this value, but the field is `\(field.type.spelling)`; "
                        + "write a value of its type (a text, a whole number or a boolean)", at: condition.location)
            }
        }
    }
}
