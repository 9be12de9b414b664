import Foundation
import SchemaGenContract
import SchemaGenRuntime

/// What `schemagen-record --send-examples` sends once connected: each client-to-server event outside channels, in the
/// contract's order, with its first example (a whole frame as written, a payload framed as the generated client
/// frames it), or with a value made from its types when it has none.
public enum ExampleSends {
    public static func frames(of contract: Contract) -> [OutgoingFrame] {
        let synthesizer = FrameSynthesizer(contract: contract)
        return contract.events.filter(\.direction.isEmittedByClient).map { event in
            let data: Data
            switch event.examples.first {
            case let example? where example.form == .frame:
                data = Data(example.json.utf8)
            case let example?:
                data = synthesizer.frame(
                    of: event, in: nil, payload: try? DocumentValue(parsingJSON: Data(example.json.utf8)))
            case nil:
                data = synthesizer.frame(of: event, in: nil)
            }
            return OutgoingFrame(eventName: event.wireName, channel: nil, payload: nil, data: data)
        }
    }
}
