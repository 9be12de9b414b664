import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// Which flows each named type travels in: through event payloads and envelope fields, directly or nested.
package struct TypeUsage {
    package private(set) var flows: [String: Set<Flow>] = [:]
    /// The events that carry each named type, sorted.
    package private(set) var carriers: [String: [AffectedEvent]] = [:]

    package init(_ contract: Contract) {
        var envelopeFields: [Field] = []
        if case .envelope(let envelope) = contract.framing { envelopeFields = envelope.fields }
        for (channel, event) in contract.allEvents {
            let eventFlows = Flow.of(event.direction)
            var visited: Set<String> = []
            for type in ([event.payload].compactMap { $0 } + (event.envelopeFields + envelopeFields).map(\.type)) {
                mark(type, eventFlows, in: contract, visited: &visited)
            }
            let carrier = AffectedEvent(
                channel: channel?.name, event: event.wireName, flows: eventFlows.sorted { $0.rawValue < $1.rawValue })
            for name in visited { carriers[name, default: []].append(carrier) }
        }
        carriers = carriers.mapValues { $0.sorted() }
    }

    /// The flows in which a changed type meets both versions: those of the events that carry it in the old contract
    /// and in the new one, each the ways it travels in both. An event only one version has is reported as added or
    /// removed; a type only it carries reaches nobody on the other version (a new client-to-server event using a
    /// changed type breaks no old app, which never sends it).
    package static func sharedFlows(old: TypeUsage, new: TypeUsage) -> [String: Set<Flow>] {
        var shared: [String: Set<Flow>] = [:]
        for (type, carriers) in new.carriers {
            for carrier in carriers {
                guard
                    let before = old.carriers[type]?.first(where: {
                        $0.channel == carrier.channel && $0.event == carrier.event
                    })
                else { continue }
                shared[type, default: []].formUnion(Set(carrier.flows).intersection(before.flows))
            }
        }
        return shared
    }

    private mutating func mark(
        _ type: TypeRef, _ eventFlows: Set<Flow>, in contract: Contract, visited: inout Set<String>
    ) {
        switch type {
        case .scalar: return
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element):
            mark(element, eventFlows, in: contract, visited: &visited)
        case .object(let object):
            for field in object.fields { mark(field.type, eventFlows, in: contract, visited: &visited) }
        case .tuple(let tuple):
            for element in tuple.elements { mark(element.type, eventFlows, in: contract, visited: &visited) }
        case .named(let name):
            flows[name, default: []].formUnion(eventFlows)
            guard visited.insert(name).inserted else { return }
            switch contract.type(named: name)?.kind {
            case .object(let object)?:
                for field in object.fields { mark(field.type, eventFlows, in: contract, visited: &visited) }
            case .tuple(let tuple)?:
                for element in tuple.elements { mark(element.type, eventFlows, in: contract, visited: &visited) }
            case .union(let union)?:
                for member in union.members { mark(member.type, eventFlows, in: contract, visited: &visited) }
            default: return
            }
        }
    }
}
