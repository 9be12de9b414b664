/// Socket.IO acknowledgements (`ack:`): only Socket.IO carries them; an event is acknowledged by the one side that
/// receives it, so it goes one way; and an acknowledged event is not also a request of another kind.
package struct AckCheck {
    package let contract: Contract

    package func run(into diagnostics: inout DiagnosticBag) {
        for scope in [contract.events] + contract.channels.map(\.events) {
            for event in scope {
                guard let ack = event.ack else { continue }
                let owner = "event '\(event.wireName)'"
                guard case .socketIO = contract.framing else {
                    diagnostics.error(
                        "\(owner) has an `ack:`, but acknowledgements are Socket.IO's and this contract frames events with "
                            + "\(contract.framing.style); for an answer that is an event of its own, write `reply:`",
                        at: ack.location)
                    continue
                }
                if event.direction == .both {
                    diagnostics.error(
                        "\(owner) has an `ack:` and goes both ways, so it is not clear who acknowledges it; split it into a "
                            + "client-to-server and a server-to-client event", at: ack.location)
                }
                if event.reply != nil || event.subscription != nil {
                    diagnostics.error(
                        "\(owner) has an `ack:` and a `\(event.reply != nil ? "reply" : "subscription"):`; an event is answered one "
                            + "way: keep one", at: ack.location)
                }
            }
        }
    }
}
