import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// Comparing the contract as a whole: its name, framing, namespace and shapes.
extension ContractDiffer {
    package func compareContracts(_ recorder: inout Recorder) {
        let all = Set(Flow.allCases)
        if old.name != new.name {
            recorder.record(
                .swiftAPI, "namespace renamed from \(code: old.name) to \(code: new.name)", at: Place(), flows: all)
        }
        if old.title != new.title || old.description != new.description {
            recorder.record(.documentation, "title or description changed", at: Place(), flows: all)
        }
        if old.version != new.version {
            recorder.record(
                .documentation,
                "API version \(new.version.map(code) ?? "removed") (was \(old.version.map(code) ?? "none"))",
                at: Place(), flows: all)
        }
        compareServers(&recorder)
        if let before = old.framing.readShapes, let after = new.framing.readShapes,
            old.framing.shapes != nil || new.framing.shapes != nil
        {
            // Frame shapes on either side: compared by the frames they read, an envelope or a discriminator as the
            // one shape that reads the same.
            compareShapes(before, after, &recorder)
        } else if case .envelope(var before) = old.framing, case .envelope(var after) = new.framing,
            before.fields != after.fields
        {
            // The envelope's fields are fields of every frame, both ways: compared as fields, apart from how frames
            // are laid out.
            let flows = Set(
                new.allEvents.flatMap { Flow.of($0.event.direction) }
                    + old.allEvents.flatMap { Flow.of($0.event.direction) })
            compareFields(before.fields, after.fields, place: Place().appending("(envelope)"), flows: flows, &recorder)
            (before.fields, after.fields) = ([], [])
            if before != after {
                recorder.record(
                    .framingChanged, "framing changed from \(old.framing.summary) to \(new.framing.summary)",
                    at: Place(), flows: all)
            }
        } else if old.framing != new.framing {
            recorder.record(
                .framingChanged, "framing changed from \(old.framing.summary) to \(new.framing.summary)", at: Place(),
                flows: all)
        }
        if old.namespace != new.namespace {
            // The root scope's namespace is its address: where every event outside channels travels.
            recorder.record(
                .channelAddressChanged,
                "the namespace of the events outside channels changed from \(code: old.rootNamespace) to \(code: new.rootNamespace)",
                at: Place(), flows: all)
        }
        if old.separator != new.separator {
            func messages(_ separator: FrameSeparator?) -> String {
                switch separator {
                case .newline?: "several to a message, one per line"
                case .recordSeparator?: "each ending with 0x1E, several to a message"
                case nil: "one to a message"
                }
            }
            recorder.record(
                .framingChanged, "frames travel \(messages(new.separator)) (was \(messages(old.separator)))",
                at: Place(), flows: all)
        }
        // A contract without dates read by its `dates:` (none, or each with its own encoding) is not changed by it.
        if old.dateEncoding != new.dateEncoding, !old.readsDatesWithItsEncoding, !new.readsDatesWithItsEncoding {
            recorder.record(
                .documentation,
                "dates changed from \(code: old.dateEncoding.rawValue) to \(code: new.dateEncoding.rawValue), which no field reads",
                at: Place(), flows: all)
        } else if old.dateEncoding != new.dateEncoding {
            let isoVariants: Set<DateEncoding> = [.iso8601, .iso8601Fractional]
            let kind: ChangeKind =
                isoVariants.contains(old.dateEncoding) && isoVariants.contains(new.dateEncoding)
                ? .dateEncodingVariant : .dateEncodingChanged
            recorder.record(
                kind, "dates changed from \(code: old.dateEncoding.rawValue) to \(code: new.dateEncoding.rawValue)",
                at: Place(), flows: all)
        }
    }

    /// Frame shapes paired by the frames they read (``ShapePairing``): a shape added, removed, moved or read
    /// differently changes which frames reach which events; a shape renamed that reads the same frames changes
    /// nothing on the wire; its envelope fields compare as fields.
    package func compareShapes(_ before: [ShapeDeclaration], _ after: [ShapeDeclaration], _ recorder: inout Recorder) {
        let all = Set(Flow.allCases)
        let pairing = ShapePairing(old: old, new: new)
        let previousOf = Dictionary(pairing.counterparts.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, shape) in before.enumerated() where pairing.counterparts[index] == nil {
            recorder.record(
                .framingChanged, "frame shape \(code: shape.name) removed",
                at: Place().appending("(frame \(shape.name))"), flows: all)
        }
        for (index, shape) in after.enumerated() {
            let place = Place().appending("(frame \(shape.name))")
            guard let previousIndex = previousOf[index] else {
                recorder.record(.framingChanged, "frame shape \(code: shape.name) added", at: place, flows: all)
                continue
            }
            let previous = before[previousIndex]
            if !pairing.readTheSame.contains(previousIndex) {
                recorder.record(
                    .framingChanged,
                    "frame shape \(code: shape.name) reads frames differently (its constants, name, payload or channel)",
                    at: place, flows: all)
            } else if previous.name != shape.name {
                recorder.record(
                    .documentation,
                    "frame shape \(code: previous.name) renamed \(code: shape.name); it reads the same frames",
                    at: place, flows: all)
            }
            compareFields(previous.fields, shape.fields, place: place, flows: all, &recorder)
        }
        // The order shapes are tried in, among those both versions have.
        let commonBefore = before.indices.compactMap { pairing.counterparts[$0] }
        if commonBefore != commonBefore.sorted() {
            let names = commonBefore.sorted().map { after[$0].name }
            let was = before.indices.filter { pairing.counterparts[$0] != nil }.map { before[$0].name }
            recorder.record(
                .framingChanged,
                "frame shapes tried in another order: \(names.joined(separator: ", ")) (was \(was.joined(separator: ", ")))",
                at: Place(), flows: all)
        }
    }

    /// Whether `previous` (of the old contract) and `event` (of the new) sit in shapes that read the same frames,
    /// under the same value.
    package func samePlacement(_ previous: Event, _ event: Event) -> Bool {
        guard let before = previous.shapeIndex, let after = event.shapeIndex else { return true }
        return ShapePairing(old: old, new: new).counterparts[before] == after && previous.wireValue == event.wireValue
    }

    /// Where an event sits among frame shapes, in words: "`10` in frame shape `opcode`".
    package func placement(_ event: Event, in contract: Contract) -> ChangePhrase? {
        guard let shapes = contract.framing.shapes, let index = event.shapeIndex else { return nil }
        let value: ChangePhrase = event.wireValue.map { "\(code: $0.description) in " } ?? ""
        return value + "frame shape \(code: shapes[index].name)"
    }

    /// Where the API lives (`servers:`) is documentation to generated code, which takes its URL from the app: a moved
    /// or removed server is a deploy to coordinate, not a message that fails to decode.
    private func compareServers(_ recorder: inout Recorder) {
        let all = Set(Flow.allCases)
        let before = Dictionary(old.servers.map { ($0.name, $0.url) }, uniquingKeysWith: { first, _ in first })
        for server in new.servers {
            switch before[server.name] {
            case nil:
                recorder.record(
                    .documentation, "server \(code: server.name) added (\(code: server.url))", at: Place(), flows: all)
            case let url? where url != server.url:
                recorder.record(
                    .documentation, "server \(code: server.name) moved from \(code: url) to \(code: server.url)",
                    at: Place(), flows: all)
            default:
                continue
            }
        }
        for server in old.servers where !new.servers.contains(where: { $0.name == server.name }) {
            recorder.record(
                .documentation, "server \(code: server.name) removed (was \(code: server.url))", at: Place(), flows: all
            )
        }
    }
}
