import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// Which frame shape of the new contract each shape of the old one became, judged by the frames they read rather than
/// by their names (issue 50: a hand-written contract and `infer`'s draft of the same traffic name their shapes
/// differently, and `diff` said no event was understood). Shapes that read the same frames pair first, the same name
/// preferred; then shapes of the same name that read frames differently (reported as such).
package struct ShapePairing {
    /// Old shape index to new shape index.
    package let counterparts: [Int: Int]
    /// The pairs whose shapes read the same frames.
    package let readTheSame: Set<Int>

    package init(old: Contract, new: Contract) {
        guard let before = old.framing.readShapes, let after = new.framing.readShapes else {
            (counterparts, readTheSame) = ([:], [])
            return
        }
        let oldSignatures = before.indices.map { Self.signature(of: $0, in: old) }
        let newSignatures = after.indices.map { Self.signature(of: $0, in: new) }
        var pairs: [Int: Int] = [:]
        var same: Set<Int> = []
        var taken: Set<Int> = []
        func pair(where matches: (Int, Int) -> Bool, readingTheSame: Bool) {
            for oldIndex in before.indices where pairs[oldIndex] == nil {
                guard let newIndex = after.indices.first(where: { !taken.contains($0) && matches(oldIndex, $0) })
                else { continue }
                pairs[oldIndex] = newIndex
                taken.insert(newIndex)
                if readingTheSame { same.insert(oldIndex) }
            }
        }
        pair(
            where: { before[$0].name == after[$1].name && oldSignatures[$0] == newSignatures[$1] }, readingTheSame: true
        )
        pair(where: { oldSignatures[$0] == newSignatures[$1] }, readingTheSame: true)
        pair(where: { before[$0].name == after[$1].name }, readingTheSame: false)
        (counterparts, readTheSame) = (pairs, same)
    }

    /// The shape as the frames see it: without its name, its fields (compared as fields) and the event reports
    /// name, and with every key a frame must have to be read listed once: `has:`, the key that names the event, and
    /// the payload's key where every event of the shape needs its payload.
    package static func signature(of index: Int, in contract: Contract) -> FrameShape? {
        guard let shape = contract.framing.readShapes?[index].shape else { return nil }
        var signature = shape.withoutFields
        signature.name = ""
        var required = shape.required
        if let name = shape.eventName { required.append(name) }
        let events = contract.allEvents.map(\.event).filter { ($0.shapeIndex ?? 0) == index }
        if let payload = shape.payload.path, !events.isEmpty,
            events.allSatisfy({ $0.payload.map { !$0.isOptional } ?? false })
        {
            required.append(payload)
        }
        var seen: Set<String> = []
        signature.required = required.filter { seen.insert($0.description).inserted }.sorted {
            $0.description < $1.description
        }
        return signature
    }
}

extension Framing {
    /// The frame shapes this framing reads frames with, for comparing it with another: a contract's own shapes, or
    /// the one shape that reads what an envelope (with a JSON payload) or a discriminator reads, so a contract spelled
    /// with `framing:` and one spelled with the `frames:` that say the same are judged by their frames (issue 50).
    /// `nil` for Socket.IO and JSON-string envelopes, which no shape spells.
    package var readShapes: [ShapeDeclaration]? {
        switch self {
        case .shapes(let shapes):
            return shapes
        case .envelope(let envelope) where envelope.payloadEncoding == .json:
            let shape = FrameShape(
                name: "", container: .object, eventName: FramePath([.key(envelope.nameKey)]),
                payload: .at(FramePath([.key(envelope.payloadKey)])),
                channel: envelope.channelKey.map { FramePath([.key($0)]) },
                fields: envelope.fields.map { FrameShape.Field(key: $0.wireName, path: FramePath([.key($0.wireName)])) }
            )
            return [
                ShapeDeclaration(
                    shape: shape, fields: envelope.fields, isDefault: true,
                    location: SourceLocation(path: "", line: 0, column: 0))
            ]
        case .discriminator(let key):
            let shape = FrameShape(name: "", container: .object, eventName: FramePath([.key(key)]), payload: .rest)
            return [
                ShapeDeclaration(
                    shape: shape, fields: [], isDefault: true, location: SourceLocation(path: "", line: 0, column: 0))
            ]
        default:
            return nil
        }
    }
}
