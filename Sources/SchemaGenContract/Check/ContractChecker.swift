import SchemaGenRuntime

/// The check stage: turns a located syntax tree into a valid ``Contract``, or reports every problem.
package struct ContractChecker: Sendable {
    package init() {}

    /// What checking found: the contract when there was no error, and all diagnostics in file order.
    package struct Result: Sendable {
        package var contract: Contract?
        package var diagnostics: [Diagnostic]
    }

    package func check(_ root: SyntaxNode) -> Result {
        var checker = Checker()
        var contract = checker.readContract(root)
        var bag = checker.diagnostics
        if let read = contract, !bag.hasErrors {
            contract = CorrelationDefaults.resolve(read, into: &bag)
        }
        if let contract, !bag.hasErrors {
            // The whole-contract checks read the model only; their reports join in this order.
            NameCollisionCheck(contract: contract).run(into: &bag)
            RecursionCheck(contract: contract).run(into: &bag)
            FramingConsistencyCheck(contract: contract).run(into: &bag)
            ReplyCheck(contract: contract).run(into: &bag)
            AnswerCheck(contract: contract).run(into: &bag)
            ChannelRequestCheck(contract: contract).run(into: &bag)
            SubscriptionCheck(contract: contract).run(into: &bag)
            AckCheck(contract: contract).run(into: &bag)
            SocketIOCheck(contract: contract).run(into: &bag)
            ExampleCheck(contract: contract).run(into: &bag)
            ScenarioCheck(contract: contract).run(into: &bag)
        }
        return Result(contract: bag.hasErrors ? nil : contract, diagnostics: bag.sorted)
    }
}

/// The state of one check: diagnostics so far, and what later parts need from earlier ones.
package struct Checker: Sendable {
    package var diagnostics = DiagnosticBag()
    /// Names declared under `types:`, in contract order, gathered first so a type may be used before it is declared.
    package var declaredTypeNames: [String] = [] {
        didSet { declaredTypeNameSet = Set(declaredTypeNames) }
    }
    /// The same names, for lookups (a contract may declare thousands of types).
    package private(set) var declaredTypeNameSet: Set<String> = []
    /// The names of `flags:` types, which `encoding: string` accepts as numbers.
    package var flagsTypeNames: Set<String> = []
    /// Type expressions parsed so far, by their text: contracts repeat a few spellings (`String?`) many times.
    package var parsedTypeExpressions: [String: Result<TypeExpression, TypeExpressionParser.Failure>] = [:]
    /// The contract's framing, once read; event checks depend on it.
    package var framing: Framing?
    /// Events that took the first naming shape for want of `frame:` while several shapes name events (warned once).
    package var eventsPlacedByDefault: [(name: String, location: SourceLocation)] = []

    package init() {}

    package static let topLevelKeys = [
        "schemagen", "name", "title", "description", "version", "framing", "frames", "separator", "namespace", "dates",
        "types", "events", "channels", "scenarios", "servers",
    ]

    /// Reads the whole contract. Returns a contract even when errors were found (so later checks can
    /// run on what is there); the caller drops it if there are errors.
    package mutating func readContract(_ root: SyntaxNode) -> Contract? {
        guard root.entries != nil else {
            diagnostics.error(
                "a contract is a YAML mapping that starts with `schemagen: 1`, found \(root.kindDescription) at the top level",
                at: root.location)
            return nil
        }
        // The format version comes first: a contract for a version this build does not know is reported
        // once, rather than as a flood of unknown keys.
        var versionOnly = DiagnosticBag()
        guard
            let versionReader = MappingReader(root, owner: "the contract", allowedKeys: nil, diagnostics: &versionOnly),
            let formatVersion = readFormatVersion(versionReader)
        else { return nil }
        guard
            let top = MappingReader(
                root, owner: "the contract", allowedKeys: Self.topLevelKeys, diagnostics: &diagnostics)
        else {
            return nil
        }

        let name = readNamespace(top)
        let title = top["title"].flatMap { readText($0, what: "`title`") }
        let description = top["description"].flatMap { readText($0, what: "`description`") }
        let version = top["version"].flatMap { readText($0, what: "`version`") }
        // Type names first: frame shapes' fields, like every field, may name a type declared further down.
        let typesReader = top["types"].flatMap {
            MappingReader($0, owner: "`types`", allowedKeys: nil, entryKind: "type", diagnostics: &diagnostics)
        }
        declaredTypeNames = typesReader?.entries.compactMap(\.keyText) ?? []
        flagsTypeNames = Set(
            typesReader?.entries.filter { $0.value.entries?.contains { $0.keyText == "flags" } == true }.compactMap(
                \.keyText) ?? [])
        if let frames = top.entry("frames") {
            if let other = top.entry("framing") {
                diagnostics.error(
                    "the contract has both `framing:` and `frames:`; keep one (`frames:` describes any shape, `framing:` names a common one)",
                    at: frames.key.location, notes: [.note("`framing:` is here", at: other.key.location)])
            } else {
                framing = readFrameShapes(frames.value)
            }
        } else {
            framing = top.required(
                "framing", in: "the contract",
                hint:
                    "say how events travel: `framing: socket.io`, an `envelope:`, a `discriminator:`, or `frames:` for any other shape (docs/contract-format.md)",
                diagnostics: &diagnostics
            ).flatMap { readFraming($0) }
        }
        let dates = top["dates"].flatMap { readDateEncoding($0) } ?? .iso8601

        var types: [NamedType] = []
        if let typesReader { types = readNamedTypes(typesReader) }
        settleUnionKinds(&types, dates: dates)
        var events: [Event] = []
        if let node = top["events"] { events = readEvents(node, scope: "the contract's `events`") }
        var channels: [Channel] = []
        if let node = top["channels"] { channels = readChannels(node) }
        if events.isEmpty, channels.allSatisfy(\.events.isEmpty), !diagnostics.hasErrors {
            diagnostics.warning(
                "the contract declares no events; add them under `events:` or a channel's `events:`", at: root.location)
        }
        framing = settleShapes(
            framing,
            events: events.map { (nil, $0) } + channels.flatMap { channel in channel.events.map { (channel, $0) } })
        let separator = top["separator"].flatMap { readSeparator($0, framing: framing) }
        let namespace = top["namespace"].flatMap { readRootNamespace($0, framing: framing, channels: channels) }
        guard let name, let framing else { return nil }
        var contract = Contract(
            formatVersion: formatVersion, name: name, title: title, description: description, version: version,
            framing: framing,
            dateEncoding: dates, types: types, events: events, channels: channels, location: root.location)
        contract.separator = separator
        contract.namespace = namespace
        if let node = top["scenarios"] { contract.scenarios = readScenarios(node, events: events, channels: channels) }
        if let node = top["servers"] { contract.servers = readServers(node, framing: framing) }
        return contract
    }

    /// `namespace: /chat`: the Socket.IO namespace the contract's events outside channels travel in, so the
    /// generated code, the reference, TypeScript and AsyncAPI all say the one the server serves.
    private mutating func readRootNamespace(_ node: SyntaxNode, framing: Framing?, channels: [Channel]) -> String? {
        guard let text = readText(node, what: "`namespace`") else { return nil }
        guard case .socketIO? = framing else {
            diagnostics.error(
                "`namespace` is a Socket.IO namespace, and this contract's framing is not `socket.io`; remove it "
                    + "(a plain WebSocket's endpoint is the URL the app connects to)", at: node.location)
            return nil
        }
        guard text.hasPrefix("/"), !text.contains("{"), !text.contains(where: \.isWhitespace) else {
            diagnostics.error(
                "a Socket.IO namespace starts with `/` and has no placeholders or spaces, as `namespace: /chat`; found '\(text)'",
                at: node.location)
            return nil
        }
        if let clash = channels.first(where: { $0.address.raw == text }) {
            diagnostics.error(
                "`namespace` \(text) is also the address of channel '\(clash.name)': its events and the contract's own would share "
                    + "one namespace; move them into one place", at: node.location,
                notes: [.note("the channel is here", at: clash.location)])
            return nil
        }
        return text == "/" ? nil : text
    }

    /// `separator: newline` or `separator: record-separator`: several frames in one WebSocket message.
    private mutating func readSeparator(_ node: SyntaxNode, framing: Framing?) -> FrameSeparator? {
        guard let text = readText(node, what: "`separator`") else { return nil }
        guard let separator = FrameSeparator(rawValue: text) else {
            let choices = FrameSeparator.allCases.map(\.rawValue)
            diagnostics.error(
                "unknown `separator` '\(text)'; write `newline` (one frame per line, as newline-delimited JSON) or `record-separator` "
                    + "(each frame ends with 0x1E)\(Suggestions.hint(for: text, in: choices))", at: node.location)
            return nil
        }
        if case .socketIO? = framing {
            diagnostics.error(
                "`separator` does not apply to Socket.IO, whose packets Engine.IO frames itself; remove it",
                at: node.location)
            return nil
        }
        return separator
    }

    private mutating func readFormatVersion(_ top: MappingReader) -> Int? {
        guard
            let node = top.required(
                "schemagen", in: "the contract",
                hint: "add `schemagen: 1` (the contract format version) as the first line",
                diagnostics: &diagnostics)
        else { return nil }
        guard let version = node.int else {
            diagnostics.error(
                "the format version must be a whole number such as `schemagen: 1`, found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        guard Contract.supportedFormatVersions.contains(version) else {
            diagnostics.error(
                "unsupported contract format version \(version); this schemagen reads format version \(Contract.supportedFormatVersions.upperBound) (`schemagen: \(Contract.supportedFormatVersions.upperBound)`), "
                    + "which holds everything schemagen 2 added (frame shapes, requests, subscriptions): write `schemagen: 1`, or update schemagen for a newer format",
                at: node.location)
            return nil
        }
        return version
    }

    private mutating func readNamespace(_ top: MappingReader) -> String? {
        guard
            let node = top.required(
                "name", in: "the contract",
                hint: "add `name: MyAPI`, the Swift namespace for the generated code",
                diagnostics: &diagnostics),
            let name = readText(node, what: "`name`")
        else { return nil }
        guard SwiftName.isValidIdentifier(name), !SwiftName.needsBackticks(name), ScalarType(rawValue: name) == nil
        else {
            let fix = SwiftName.upperCamel(name).map { "; for example `name: \($0)`" } ?? ""
            diagnostics.error(
                "'\(name)' cannot be a Swift namespace: `name` must be a Swift type name (letters, digits and '_', not a keyword or built-in type)\(fix)",
                at: node.location)
            return nil
        }
        return name
    }
}
