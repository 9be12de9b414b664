import Foundation

/// `examples:`: every example matches its event, as generated code reads it (through the ``FrameInterpreter``): a
/// payload's value against the event's payload, a whole frame against the contract, which must read it as this event
/// in the event's direction. A difference is an error at the example; what generated code tolerates (a key the
/// contract does not have, an enum value it does not list) a warning, since in an example it is most often a slip.
package struct ExampleCheck {
    package let contract: Contract

    package func run(into diagnostics: inout DiagnosticBag) {
        guard contract.allEvents.contains(where: { !$0.event.examples.isEmpty }) else { return }
        let interpreter = FrameInterpreter(contract: contract)
        for (channel, event) in contract.allEvents {
            for example in event.examples {
                let owner = "an example of event '\(event.wireName)'"
                let findings: [FrameFinding]
                switch example.form {
                case .payload:
                    findings = interpreter.readPayload(Data(example.json.utf8), of: event)
                case .frame:
                    let direction: Direction = event.direction == .clientToServer ? .clientToServer : .serverToClient
                    let reading = interpreter.read(Data(example.json.utf8), sentBy: direction)
                    if let found = reading.event, found.wireName != event.wireName || found.channel != channel?.name {
                        diagnostics.error(
                            "\(owner) is a frame of event '\(found.wireName)'\(found.channel.map { " on channel '\($0)'" } ?? ""); "
                                + "move it there, or correct its name", at: example.location)
                        continue
                    }
                    findings = reading.findings
                }
                for finding in findings {
                    let text = "\(owner) does not match it at \(finding.path): \(finding.message)"
                    if finding.severity == .mismatch {
                        diagnostics.error(text, at: example.location)
                    } else {
                        diagnostics.warning(text, at: example.location)
                    }
                }
            }
        }
    }
}
