import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

extension Framing {
    /// `socket.io`, `envelope (event/data)`, `discriminator (type)`.
    package var summary: ChangePhrase {
        switch self {
        case .socketIO: "`socket.io`"
        case .discriminator(let key): "a \(code: key) discriminator"
        case .envelope(let envelope):
            "an envelope (\(code: envelope.nameKey)/\(code: envelope.payloadKey)\(envelope.payloadEncoding == .jsonString ? ", payload as a JSON string" : ""))"
        case .shapes(let shapes): "frame shapes (\(ChangePhrase.joined(shapes.map { code($0.name) }, separator: ", ")))"
        }
    }
}

extension FrameShape {
    /// The shape without its envelope fields, which are compared as fields.
    /// The shape as frames see it, apart from its fields: without them, and without the name reports give its event
    /// (`unnamedEvent` changes when an event joins the shape, which reads frames as before).
    package var withoutFields: FrameShape {
        var copy = self
        copy.fields = []
        copy.unnamedEvent = nil
        return copy
    }
}

extension AddressTemplate {
    /// The address as the wire sees it: literals with a placeholder for every parameter, whatever its name.
    package var wireShape: [String] {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter: "{}"
            }
        }
    }
}

/// A name or value, quoted whatever it holds (a wire name may have backticks).
package func code(_ value: some CustomStringConvertible) -> ChangePhrase {
    ChangePhrase(parts: [.code(value.description)])
}
