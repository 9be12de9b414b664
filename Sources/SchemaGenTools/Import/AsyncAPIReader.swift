import SchemaGenContract
import SchemaGenGenerator
/// Reads one AsyncAPI document into a contract's syntax tree (see ``AsyncAPIImporter``).
package struct AsyncAPIReader {
    package let root: SyntaxNode
    package let requestedPerspective: AsyncAPIImporter.Perspective?
    package var diagnostics: [Diagnostic] = []
    /// `3.0.0`, `2.6.0`, as the document says.
    package private(set) var version = ""
    /// Whether the document is schemagen's own export (it then carries the contract's framing).
    var isExport: Bool { root["x-schemagen-framing"] != nil }

    package init(root: SyntaxNode, perspective: AsyncAPIImporter.Perspective?) {
        self.root = root
        self.requestedPerspective = perspective
    }

    /// One event as the document describes it, gathered from channels, messages and operations.
    struct ImportedEvent {
        var key: String
        var message: SyntaxNode
        var sent = false
        var received = false
        var reply: DocumentValue?
        var ack: DocumentValue?
    }

    struct ImportedChannel {
        var name: String
        var node: SyntaxNode
        /// `nil` for the events outside channels.
        var address: String?
        /// For the events outside channels, a Socket.IO namespace other than `/` their channel gives as its address.
        var namespace: String?
        var events: [ImportedEvent] = []
    }

    /// The document's WebSocket servers as a contract's `servers:`: schemagen's own URL when it wrote the document,
    /// else AsyncAPI 3's host, protocol and path (2.x's `url`); servers of other protocols (MQTT, Kafka) are left out
    /// with a warning.
    mutating func servers(isVersion3: Bool) -> DocumentValue? {
        guard let entries = root["servers"]?.entries else { return nil }
        var servers: [(key: String, value: DocumentValue)] = []
        for entry in entries {
            guard let name = entry.keyText else { continue }
            let server = entry.value
            let scheme = (server["protocol"]?.text ?? "").lowercased()
            guard ["ws", "wss", "http", "https"].contains(scheme) else {
                diagnostics.append(
                    .warning(
                        "server '\(name)' speaks \(scheme.isEmpty ? "no protocol" : scheme), not WebSocket; left out",
                        at: entry.key.location))
                continue
            }
            var url = server["x-schemagen-url"]?.text
            if url == nil, isVersion3, let host = server["host"]?.text {
                url = "\(scheme)://\(host)\(server["pathname"]?.text ?? "")"
            } else if url == nil, let written = server["url"]?.text {
                url = written.contains("://") ? written : "\(scheme)://\(written)"
            }
            guard let url else { continue }
            servers.append(
                (
                    name,
                    .members([
                        ("url", .string(url)), ("description", server["description"]?.text.map(DocumentValue.string)),
                    ])
                ))
        }
        return servers.isEmpty ? nil : .object(servers)
    }

    package mutating func contract() -> DocumentValue? {
        guard root.entries != nil else {
            diagnostics.append(
                .error(
                    "an AsyncAPI document is a mapping that starts with `asyncapi:`, found \(root.kindDescription)",
                    at: root.location))
            return nil
        }
        guard let versionNode = root["asyncapi"], let version = versionNode.text else {
            diagnostics.append(
                .error("`asyncapi:` is missing; this does not look like an AsyncAPI document", at: root.location))
            return nil
        }
        self.version = version
        let isVersion3 = version.hasPrefix("3.")
        guard isVersion3 || version.hasPrefix("2.") else {
            diagnostics.append(
                .error(
                    "AsyncAPI \(version) is not supported; import reads 3.0 and 2.x (2.6) documents",
                    at: versionNode.location))
            return nil
        }
        let perspective = requestedPerspective ?? (isExport ? .app : .server)
        let info = root["info"]
        let title = info?["title"]?.text
        let name = root["x-schemagen-name"]?.text ?? title.flatMap(SwiftName.upperCamel) ?? "API"

        var schemas = schemaReader()
        let types: [(key: String, value: DocumentValue)] = namedTypes(&schemas)
        let channels =
            isVersion3
            ? channelsV3(perspective: perspective, schemas: &schemas)
            : channelsV2(perspective: perspective, schemas: &schemas)

        var members: [(key: String, value: DocumentValue)] = [("schemagen", .integer(1)), ("name", .string(name))]
        if let title { members.append(("title", .string(title))) }
        if let description = info?["description"]?.text.map(Self.ownDescription), !description.isEmpty {
            members.append(("description", .string(description)))
        }
        if let version = info?["version"]?.text { members.append(("version", .string(version))) }
        if case .object(let framing)? = root["x-schemagen-framing"]?.documentValue {
            members += framing
        } else {
            members.append(guessedFraming(channels, schemas: schemas))
        }
        if let separator = root["x-schemagen-separator"]?.text { members.append(("separator", .string(separator))) }
        let isSocketIO = members.contains { $0.key == "framing" && $0.value == .string("socket.io") }
        if isSocketIO, let namespace = channels.lazy.compactMap(\.namespace).first {
            members.append(("namespace", .string(namespace)))
        }
        if let dates = root["x-schemagen-dates"]?.text, dates != "iso8601" { members.append(("dates", .string(dates))) }
        if let servers = servers(isVersion3: isVersion3) { members.append(("servers", servers)) }
        if !types.isEmpty { members.append(("types", .object(types))) }
        // Several channels may stand for the connection itself (no address, `/`): their events are one list.
        let rootEvents = uniqueByName(channels.filter { $0.address == nil }.flatMap(\.events), in: "outside channels")
        if !rootEvents.isEmpty { members.append(("events", .object(rootEvents.map { event($0, schemas: &schemas) }))) }
        let named = channels.filter { $0.address != nil }
        if !named.isEmpty {
            members.append(
                ("channels", .object(named.map { channel in (channel.name, self.channel(channel, schemas: &schemas)) }))
            )
        }
        diagnostics += schemas.diagnostics
        return .object(members)
    }

    /// The framing of a document that does not say (AsyncAPI has no word for it), with a warning saying it is a
    /// guess: Socket.IO, unless a channel's address is not a namespace (`smartylighting/streetlights/…`, a queue's
    /// name), which a Socket.IO frame has no place for; then an envelope that carries the channel's address beside
    /// the event's name, so the contract is valid and keeps every address.
    mutating func guessedFraming(
        _ channels: [ImportedChannel], schemas: AsyncAPISchemaReader
    ) -> (key: String, value: DocumentValue) {
        let location = (root["channels"] ?? root).location
        var fix = "change it to the API's (an `envelope:`, a `discriminator:` or `frames:`, docs/contract-format.md)"
        if let pinned = Self.pinnedProperty(of: channels.flatMap(\.events), schemas: schemas) {
            fix +=
                "; \(pinned.count) of \(pinned.total) messages pin `\(pinned.key)` to one value: if it names the event on the wire, that is "
                + "`framing: {discriminator: \(pinned.key)}`, each event keyed by its value and without the field"
        }
        guard let address = channels.lazy.compactMap(\.address).first(where: { !$0.hasPrefix("/") }) else {
            diagnostics.append(
                .warning(
                    "AsyncAPI does not say how events are framed on the wire; the contract says `framing: socket.io`: \(fix)",
                    at: location))
            return ("framing", .string("socket.io"))
        }
        diagnostics.append(
            .warning(
                "AsyncAPI does not say how events are framed on the wire, and the address '\(address)' is not a Socket.IO namespace; "
                    + "the contract says `framing: {envelope: {name: event, payload: data, channel: channel}}` "
                    + "(`{\"event\": ..., \"channel\": ..., \"data\": ...}`): \(fix)", at: location))
        return (
            "framing",
            .object([
                (
                    "envelope",
                    .object([("name", .string("event")), ("payload", .string("data")), ("channel", .string("channel"))])
                )
            ])
        )
    }

    /// The property most messages' payloads pin to one value (Slack's `type: {enum: [hello]}`, Kraken's
    /// `event: {const: ping}`), which likely names the event on the wire: held by more than half of the messages,
    /// and by at least two.
    static func pinnedProperty(
        of events: [ImportedEvent], schemas: AsyncAPISchemaReader
    ) -> (key: String, count: Int, total: Int)? {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for event in events {
            guard let payload = event.message["payload"] else { continue }
            let object = schemas.merged(payload["$ref"]?.text.flatMap(schemas.resolve) ?? payload)
            for entry in object["properties"]?.entries ?? [] {
                guard let key = entry.keyText, AsyncAPISchemaReader.constant(of: entry.value) != nil else { continue }
                if counts[key] == nil { order.append(key) }
                counts[key, default: 0] += 1
            }
        }
        // The first of the most pinned, so the hint is the same on every run.
        var best: (key: String, count: Int)?
        for key in order {
            let count = counts[key, default: 0]
            if count > best?.count ?? 0 { best = (key, count) }
        }
        guard let best, best.count >= 2, best.count * 2 > events.count else { return nil }
        return (best.key, best.count, events.count)
    }

    /// The document's own description, without the paragraphs schemagen's export adds.
    static func ownDescription(_ text: String) -> String {
        text.components(separatedBy: "\n\n").filter {
            !$0.hasPrefix("Generated by schemagen from")
                && !$0.hasPrefix("How events are framed on the wire is not something AsyncAPI describes")
        }.joined(separator: "\n\n")
    }

    // MARK: - References

    /// The node a local reference (`#/components/schemas/Order`) points at in `root`.
    package static func resolve(_ reference: String, in root: SyntaxNode) -> SyntaxNode? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: SyntaxNode? = root
        for step in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = step.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let elements = node?.elements, let index = Int(key) {
                node = index < elements.count ? elements[index] : nil
            } else {
                node = node?[key]
            }
        }
        return node
    }

    /// `node`, or what its `$ref` points at.
    mutating func dereferenced(_ node: SyntaxNode) -> SyntaxNode? {
        guard let reference = node["$ref"]?.text else { return node }
        guard let target = Self.resolve(reference, in: root) else {
            diagnostics.append(.warning("the reference '\(reference)' does not resolve; left out", at: node.location))
            return nil
        }
        return target
    }

    func schemaReader() -> AsyncAPISchemaReader {
        let root = self.root
        let resolve: (String) -> SyntaxNode? = { Self.resolve($0, in: root) }
        var reader = AsyncAPISchemaReader(resolve: resolve, namedTypes: [:])
        var named: [String: String] = [:]
        // Each event owns a type named after it, in the same namespace as named types.
        var taken = Set(messageNames().map { SwiftName.typeName(forMember: SwiftName.lowerCamel($0) ?? $0) })
        for entry in root["components"]?["schemas"]?.entries ?? [] {
            guard let key = entry.keyText, becomesNamedType(entry.value, reader: reader) else { continue }
            // Type names are Swift type names: `subscriptionStatus` is `SubscriptionStatus`; a name Swift, the
            // generated code or the contract reserves (`default`, `Client`, `String`) gets `Type` after it, and
            // one an event's own type has (`ping` and its payload `ping`) gets `Payload`.
            var name = SwiftName.upperCamel(key) ?? "Type"
            if SwiftName.needsBackticks(name) || ScalarType(rawValue: name) != nil || !SwiftName.isValidIdentifier(name)
                || NameCollisionCheck.reservedTypeNames[name] != nil
            {
                name += "Type"
            }
            if taken.contains(name) { name += "Payload" }
            while taken.contains(name) { name += "_" }
            taken.insert(name)
            named["#/components/schemas/\(key)"] = name
        }
        reader = AsyncAPISchemaReader(resolve: resolve, namedTypes: named)
        return reader
    }

    /// The names of the messages outside channels (a message's `name`, else its key): their events' own types
    /// share the namespace with named types (a channel's events' types are declared inside its type).
    func messageNames() -> [String] {
        (root["channels"]?.entries ?? []).flatMap { channel -> [String] in
            let node = channel.value["$ref"]?.text.flatMap { Self.resolve($0, in: root) } ?? channel.value
            let address =
                node["address"]?.text ?? (root["asyncapi"]?.text?.hasPrefix("2.") == true ? channel.keyText : nil)
            guard channel.keyText == "root" || address == nil || address == "/" else { return [] }
            var names = (node["messages"]?.entries ?? []).map { entry in
                let message = entry.value["$ref"]?.text.flatMap { Self.resolve($0, in: root) } ?? entry.value
                return message["name"]?.text ?? entry.keyText ?? ""
            }
            // AsyncAPI 2: the messages of `publish` and `subscribe`.
            for operation in ["publish", "subscribe"] {
                guard let message = node[operation]?["message"] else { continue }
                for option in message["oneOf"]?.elements ?? [message] {
                    let resolved = option["$ref"]?.text.flatMap { Self.resolve($0, in: root) } ?? option
                    if let name = resolved["name"]?.text ?? resolved["messageId"]?.text { names.append(name) }
                }
            }
            return names
        }
    }

    /// Schemas a contract declares under `types:`: objects, enums, tuples, flags, and unions whose members can be
    /// told apart (by a discriminator, a constant member, or their JSON kinds). Others (a string with a format, a
    /// list, a union a contract cannot tell apart) are written where they are used.
    func becomesNamedType(_ schema: SyntaxNode, reader: AsyncAPISchemaReader) -> Bool {
        if let options = schema["oneOf"]?.elements {
            return schema["discriminator"] != nil || Self.constantMember(of: options, reader: reader) != nil
                || Set(options.map { Self.kind(of: $0, reader: reader) }).count == options.count
        }
        return schema["properties"] != nil || schema["patternProperties"] != nil || schema["enum"] != nil
            || schema["allOf"] != nil
            || schema["x-schemagen-flags"] != nil || schema["items"]?.elements != nil
            || (schema["type"]?.text == "object" && schema["additionalProperties"] == nil)
    }

    /// The JSON kind a schema's values have, as far as `type` (or an object's keys) says; for an array, with the kind
    /// of its first element, which tells apart a union's array members (a list of rows, one row).
    static func kind(of schema: SyntaxNode, reader: AsyncAPISchemaReader) -> String {
        let resolved = reader.merged(schema["$ref"]?.text.flatMap(reader.resolve) ?? schema)
        if resolved["type"]?.text == "array", let first = resolved["items"]?.elements?.first ?? resolved["items"] {
            return "array of " + kind(of: first, reader: reader)
        }
        if let type = resolved["type"]?.text { return type == "integer" ? "number" : type }
        return resolved["properties"] != nil
            ? "object" : "unknown \(resolved.location.line):\(resolved.location.column)"
    }

    /// A property every member holds as a different constant (`type: heartbeat`, `type: update`): the union's
    /// discriminator, with each member's value.
    static func constantMember(
        of options: [SyntaxNode], reader: AsyncAPISchemaReader
    ) -> (key: String, tags: [String])? {
        let members = options.map { reader.merged($0["$ref"]?.text.flatMap(reader.resolve) ?? $0) }
        guard let first = members.first?["properties"]?.entries else { return nil }
        for candidate in first.compactMap(\.keyText) {
            let tags = members.compactMap { AsyncAPISchemaReader.constant(of: $0["properties"]?[candidate])?.text }
            if tags.count == members.count, Set(tags).count == tags.count { return (candidate, tags) }
        }
        return nil
    }

    // MARK: - Types

    mutating func namedTypes(_ schemas: inout AsyncAPISchemaReader) -> [(key: String, value: DocumentValue)] {
        var types: [(key: String, value: DocumentValue)] = []
        for entry in root["components"]?["schemas"]?.entries ?? [] {
            guard let key = entry.keyText, let name = schemas.namedTypes["#/components/schemas/\(key)"] else {
                continue
            }
            let schema = entry.value
            var members: [(key: String, value: DocumentValue)] = []
            if let description = schema["description"]?.text { members.append(("description", .string(description))) }
            if schema["deprecated"]?.bool == true {
                members.append(
                    ("deprecated", schema["x-schemagen-deprecation"]?.text.map(DocumentValue.string) ?? .bool(true)))
            }
            if let flags = schema["x-schemagen-flags"]?.entries {
                members.append(
                    ("flags", .object(flags.compactMap { flag in flag.keyText.map { ($0, flag.value.documentValue) } }))
                )
            } else if let values = schema["enum"]?.elements {
                let descriptions = schema["x-schemagen-descriptions"], swiftNames = schema["x-schemagen-swift-names"]
                members.append(
                    (
                        "enum",
                        .array(
                            values.map { value in
                                let description = value.text.flatMap { descriptions?[$0]?.text },
                                    swiftName = value.text.flatMap { swiftNames?[$0]?.text }
                                guard description != nil || swiftName != nil else { return value.documentValue }
                                return .members([
                                    ("value", value.documentValue), ("swiftName", swiftName.map(DocumentValue.string)),
                                    ("description", description.map(DocumentValue.string)),
                                ])
                            })
                    ))
            } else if let options = schema["oneOf"]?.elements {
                members.append(
                    (
                        "union",
                        union(
                            options, discriminator: schema["discriminator"], schemas: &schemas, what: "type '\(name)'")
                    ))
            } else if let items = schema["items"]?.elements {
                members.append(
                    (
                        "tuple",
                        schemas.tupleElements(
                            items, rest: schema["additionalItems"], variadicName: schema["x-schemagen-variadic"]?.text,
                            required: schema["minItems"]?.int ?? items.count, what: "type '\(name)'")
                    ))
            } else {
                members.append(("fields", schemas.fields(of: schema, what: "type '\(name)'")))
            }
            types.append((name, .object(members)))
        }
        return types
    }

    /// `union:` by JSON kind (`- name: Type`), or by a field's value (`discriminator:` and `cases:`).
    mutating func union(
        _ options: [SyntaxNode], discriminator: SyntaxNode?, schemas: inout AsyncAPISchemaReader, what: String
    ) -> DocumentValue {
        if let key = discriminator?.text ?? discriminator?["propertyName"]?.text
            ?? Self.constantMember(of: options, reader: schemas)?.key
        {
            var cases: [(key: String, value: DocumentValue)] = []
            var fallback: DocumentValue?
            for option in options {
                // schemagen's fallback member, which takes every tag no case lists.
                if option["x-schemagen-fallback"] != nil, let member = option["allOf"]?.elements?.first,
                    case .expression(let type, _) = schemas.spell(member, what: "the fallback of \(what)")
                {
                    fallback =
                        option["title"]?.text.map { .object([("type", .string(type)), ("swiftName", .string($0))]) }
                        ?? .string(type)
                    continue
                }
                // schemagen writes `allOf: [the member, {properties: {key: {const: tag}}}]`; other documents put the
                // constant in the member itself.
                let parts = option["allOf"]?.elements ?? [option]
                let tag =
                    parts.compactMap { AsyncAPISchemaReader.constant(of: $0["properties"]?[key])?.text }.first
                    ?? AsyncAPISchemaReader.constant(
                        of: schemas.merged(option["$ref"]?.text.flatMap(schemas.resolve) ?? option)["properties"]?[key])?
                    .text
                let member =
                    option["allOf"] == nil
                    ? option
                    : (parts.first { AsyncAPISchemaReader.constant(of: $0["properties"]?[key]) == nil } ?? parts[0])
                guard let tag, case .expression(let type, _) = schemas.spell(member, what: "a case of \(what)") else {
                    schemas.warn("a case of \(what) has no constant `\(key)`; left out", at: option)
                    continue
                }
                cases.append(
                    (
                        tag,
                        option["title"]?.text.map { .object([("type", .string(type)), ("swiftName", .string($0))]) }
                            ?? .string(type)
                    ))
            }
            return .members([("discriminator", .string(key)), ("cases", .object(cases)), ("fallback", fallback)])
        }
        return .array(
            options.map { option in
                let type: String =
                    if case .expression(let type, _) = schemas.spell(option, what: "a member of \(what)") { type } else
                    { "JSON" }
                return option["title"]?.text.map { .object([($0, .string(type))]) } ?? .string(type)
            })
    }

    // MARK: - Events

    mutating func channel(_ channel: ImportedChannel, schemas: inout AsyncAPISchemaReader) -> DocumentValue {
        let parameters =
            channel.node["parameters"]?.entries?.compactMap { entry -> (key: String, value: DocumentValue)? in
                guard let name = entry.keyText else { return nil }
                let type =
                    entry.value["x-schemagen-type"]?.text
                    ?? (entry.value["schema"]?["type"]?.text == "integer" ? "Int" : "String")
                let description = entry.value["description"]?.text
                return (
                    name,
                    description.map { .object([("type", .string(type)), ("description", .string($0))]) }
                        ?? .string(type)
                )
            } ?? []
        return .members([
            ("address", channel.address.map(DocumentValue.string)),
            ("description", channel.node["description"]?.text.map(DocumentValue.string)),
            ("swiftName", channel.node["x-schemagen-swift-name"]?.text.map(DocumentValue.string)),
            (
                "deprecated",
                channel.node["x-schemagen-deprecation"].map { $0.text.map(DocumentValue.string) ?? .bool(true) }
            ),
            ("parameters", parameters.isEmpty ? nil : .object(parameters)),
            (
                "events",
                .object(
                    uniqueByName(channel.events, in: "in the channel '\(channel.name)'").map {
                        event($0, schemas: &schemas)
                    })
            ),
        ])
    }

    /// The events with their first message of each name: a contract names each event once per scope.
    mutating func uniqueByName(_ events: [ImportedEvent], in scope: String) -> [ImportedEvent] {
        var unique: [ImportedEvent] = []
        for event in events {
            let name = event.message["name"]?.text ?? event.key
            if unique.contains(where: { ($0.message["name"]?.text ?? $0.key) == name }) {
                diagnostics.append(
                    .warning(
                        "the message '\(name)' is listed again \(scope); the contract keeps the first",
                        at: event.message.location))
                continue
            }
            unique.append(event)
        }
        return unique
    }

    mutating func event(
        _ event: ImportedEvent, schemas: inout AsyncAPISchemaReader
    ) -> (key: String, value: DocumentValue) {
        let message = event.message
        let name = message["name"]?.text ?? event.key
        let direction: String
        switch (event.sent, event.received) {
        case (true, true): direction = "both"
        case (true, false): direction = "client-to-server"
        case (false, true): direction = "server-to-client"
        case (false, false):
            direction = message["x-schemagen-direction"]?.text ?? "server-to-client"
            if message["x-schemagen-direction"] == nil {
                diagnostics.append(
                    .warning(
                        "no operation sends or receives the message '\(name)'; the contract says the server sends it",
                        at: message.location))
            }
        }
        var payload: DocumentValue?
        if let schema = message["payload"] {
            // A payload that is a named object is written in place, so a reply can match one of its fields (a
            // contract matches fields of inline payloads); schemagen's own exports say which payloads were named.
            if !isExport, let reference = schema["$ref"]?.text, let target = Self.resolve(reference, in: root),
                target["properties"] != nil || target["allOf"] != nil
            {
                payload = schemas.fields(of: target, what: "the payload of '\(name)'")
            } else {
                switch schemas.spell(schema, what: "the payload of '\(name)'") {
                case .expression(let type, _): payload = .string(type)
                case .object(let fields): payload = fields
                case .tuple(let elements): payload = elements
                }
            }
        }
        let wire = message["x-schemagen-event"]
        // Generated clients have members of these names; an event sent by the app cannot take one.
        let swiftName =
            message["x-schemagen-swift-name"]?.text
            ?? NameCollisionCheck.swiftNameAvoidingClientMembers(
                wireName: name, sentByApp: direction != "server-to-client")
        return (
            name,
            .members([
                ("direction", .string(direction)),
                ("description", (message["description"] ?? message["summary"])?.text.map(DocumentValue.string)),
                (
                    "deprecated",
                    message["x-schemagen-deprecation"].map { $0.text.map(DocumentValue.string) ?? .bool(true) }
                ),
                ("swiftName", swiftName.map(DocumentValue.string)),
                ("frame", message["x-schemagen-frame"]?.text.map(DocumentValue.string)),
                ("wire", wire.flatMap { $0.text == name ? nil : $0.documentValue }),
                ("payload", payload),
                ("envelope", message["x-schemagen-envelope-fields"]?.documentValue),
                ("reply", event.reply),
                ("subscription", message["x-schemagen-subscription"]?.documentValue),
                ("ack", event.ack),
                ("answer", message["x-schemagen-answer"]?.documentValue),
                ("subscribes", message["x-schemagen-subscribes"]?.text.map(DocumentValue.string)),
                ("unsubscribes", message["x-schemagen-unsubscribes"]?.text.map(DocumentValue.string)),
            ])
        )
    }
}
