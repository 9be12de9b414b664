import Foundation
import SchemaGenContract

extension EventExample {
    /// The example's payload as a value, keys in the contract's order: a frame's taken out of it as the runtime's
    /// framing takes it out (a discriminator's key and a `payload: rest` shape's own keys left out); `nil` for a frame without one. What the
    /// targets that describe payloads, not frames, export (AsyncAPI's message examples, TypeScript's constants).
    package func payloadValue(of event: Event, framing: Framing) -> DocumentValue? {
        var payload = Data(json.utf8)
        if form == .frame {
            guard let parsed = try? framing.wireFraming.parse(payload), let bytes = parsed.payload else { return nil }
            payload = bytes
        }
        guard
            var value = YAMLLoader().load(text: String(decoding: payload, as: UTF8.self), path: "example").root?
                .documentValue
        else { return nil }
        if form == .frame, case .object(let members) = value, let own = framing.keysBesidePayload(of: event) {
            value = .object(members.filter { !own.contains($0.key) })
        }
        return value
    }
}
