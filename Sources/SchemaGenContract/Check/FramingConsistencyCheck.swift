/// Constraints the framing puts on events: with a discriminator, the event name shares one JSON object
/// with the payload's fields, so the payload must be an object and must not use the discriminator key.
package struct FramingConsistencyCheck {
    package let contract: Contract

    package func run(into diagnostics: inout DiagnosticBag) {
        if case .envelope(let envelope) = contract.framing {
            checkEnvelope(envelope, into: &diagnostics)
        }
        if let shapes = contract.framing.shapes {
            ShapeConsistencyCheck(contract: contract, shapes: shapes).run(into: &diagnostics)
        }
        guard case .discriminator(let key) = contract.framing else { return }
        for (_, event) in contract.allEvents {
            guard let payload = event.payload else { continue }
            guard let fields = contract.objectFields(of: payload) else {
                diagnostics.error(
                    "with `discriminator` framing the payload of event '\(event.wireName)' must be an object (its fields share one JSON object with '\(key)'); wrap it in a field",
                    at: event.location)
                continue
            }
            if let clash = fields.first(where: { $0.wireName == key }) {
                diagnostics.error(
                    "field '\(key)' of the payload of event '\(event.wireName)' clashes with the discriminator key '\(key)', which holds the event name",
                    at: clash.location)
            }
        }
    }

    /// Envelope fields are read from incoming frames; sending them, and reading them beside a payload sent
    /// as a JSON string, is not supported yet, so such contracts are refused rather than half generated.
    private func checkEnvelope(_ envelope: EnvelopeFraming, into diagnostics: inout DiagnosticBag) {
        for (_, event) in contract.allEvents {
            let hasFields = !envelope.fields.isEmpty || !event.envelopeFields.isEmpty
            guard hasFields else { continue }
            if event.direction.isEmittedByClient {
                diagnostics.error(
                    "event '\(event.wireName)' is sent by the client and has envelope fields, which schemagen can read but not yet send; make it server-to-client or move the fields into its payload",
                    at: event.location)
            } else if envelope.payloadEncoding == .jsonString, event.payload != nil {
                diagnostics.error(
                    "event '\(event.wireName)' has envelope fields and a payload sent as a JSON string, a combination schemagen does not generate yet; move the fields into the payload",
                    at: event.location)
            }
        }
    }
}

extension Contract {
    /// The fields of a payload that is a JSON object (inline or a named struct); `nil` for any other type.
    package func objectFields(of type: TypeRef) -> [Field]? {
        switch type {
        case .object(let object): object.fields
        case .named(let name):
            if case .object(let object)? = self.type(named: name)?.kind { object.fields } else { nil }
        default: nil
        }
    }
}
