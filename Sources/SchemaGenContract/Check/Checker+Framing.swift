/// Reading `framing:` and `dates:`.
extension Checker {
    package static let framingStyles = ["socket.io", "envelope", "discriminator"]
    package static let envelopeKeys = ["name", "payload", "channel", "payloadEncoding", "fields"]

    /// `framing: socket.io`, `framing: {envelope: {...}}` or `framing: {discriminator: key}`.
    package mutating func readFraming(_ node: SyntaxNode) -> Framing? {
        if let scalar = node.scalar, !node.isNull {
            switch scalar.text {
            case "socket.io": return .socketIO
            case "envelope", "discriminator":
                diagnostics.error(
                    "`framing: \(scalar.text)` needs its keys; write it as a mapping (docs/contract-format.md#framing)",
                    at: node.location)
            default:
                diagnostics.error(
                    "unknown framing '\(scalar.text)'\(Suggestions.hint(for: scalar.text, in: Self.framingStyles))",
                    at: node.location)
            }
            return nil
        }
        guard
            let reader = MappingReader(
                node, owner: "`framing`", allowedKeys: ["envelope", "discriminator"], diagnostics: &diagnostics)
        else {
            return nil
        }
        guard reader.entries.count == 1, let entry = reader.entries.first, let style = entry.keyText else {
            if reader.entries.count > 1, let second = reader.entries.dropFirst().first {
                diagnostics.error(
                    "`framing` takes one style; remove '\(second.keyText ?? "")' or '\(reader.entries[0].keyText ?? "")'",
                    at: second.key.location)
            } else if reader.entries.isEmpty, node.entries?.isEmpty == true {
                diagnostics.error(
                    "`framing` is empty; write `socket.io`, an `envelope:` mapping or a `discriminator:` key",
                    at: node.location)
            }
            return nil
        }
        switch style {
        case "discriminator":
            guard let key = readText(entry.value, what: "`discriminator`"), !key.isEmpty else { return nil }
            return .discriminator(key: key)
        default:
            return readEnvelope(entry.value, keyLocation: entry.key.location)
        }
    }

    private mutating func readEnvelope(_ node: SyntaxNode, keyLocation: SourceLocation) -> Framing? {
        guard
            let reader = MappingReader(
                node, owner: "`envelope`", allowedKeys: Self.envelopeKeys, ownerLocation: keyLocation,
                diagnostics: &diagnostics)
        else { return nil }
        let nameKey = reader.required(
            "name", in: "`envelope`", hint: "name the key that holds the event name, e.g. `name: event`",
            diagnostics: &diagnostics
        ).flatMap { readText($0, what: "`name`") }
        let payloadKey = reader.required(
            "payload", in: "`envelope`", hint: "name the key that holds the payload, e.g. `payload: data`",
            diagnostics: &diagnostics
        ).flatMap { readText($0, what: "`payload`") }
        let channelKey = reader["channel"].flatMap { readText($0, what: "`channel`") }
        var encoding = EnvelopeFraming.PayloadEncoding.json
        if let node = reader["payloadEncoding"], let text = readText(node, what: "`payloadEncoding`") {
            if let value = EnvelopeFraming.PayloadEncoding(rawValue: text) {
                encoding = value
            } else {
                let choices = EnvelopeFraming.PayloadEncoding.allCases.map(\.rawValue)
                diagnostics.error(
                    "unknown payload encoding '\(text)'\(Suggestions.hint(for: text, in: choices))",
                    at: node.location)
            }
        }
        let fields = reader["fields"].map { readFields($0, owner: "`envelope`") } ?? []
        let keys = [("name", nameKey), ("payload", payloadKey), ("channel", channelKey)].compactMap { role, key in
            key.map { (role, $0) }
        }
        for (index, (role, key)) in keys.enumerated() {
            if let earlier = keys.prefix(index).first(where: { $0.1 == key }) {
                diagnostics.error(
                    "the envelope's \(role) key '\(key)' is also its \(earlier.0) key; each role needs its own key",
                    at: reader.entry(role)?.value.location ?? node.location)
            }
        }
        for field in fields where keys.contains(where: { $0.1 == field.wireName }) {
            diagnostics.error(
                "envelope field '\(field.wireName)' uses a key the envelope already reserves for the event name, payload or channel",
                at: field.location)
        }
        guard let nameKey, let payloadKey else { return nil }
        return .envelope(
            EnvelopeFraming(
                nameKey: nameKey, payloadKey: payloadKey, channelKey: channelKey,
                payloadEncoding: encoding, fields: fields))
    }

    package mutating func readDateEncoding(_ node: SyntaxNode) -> DateEncoding? {
        guard let text = readText(node, what: "`dates`") else { return nil }
        if let encoding = DateEncoding(rawValue: text) { return encoding }
        let choices = DateEncoding.allCases.map(\.rawValue)
        diagnostics.error(
            "unknown date encoding '\(text)'\(Suggestions.hint(for: text, in: choices))",
            at: node.location)
        return nil
    }
}
