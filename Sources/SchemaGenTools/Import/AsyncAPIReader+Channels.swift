import SchemaGenContract
import SchemaGenGenerator

/// The channels of AsyncAPI 3.0 and 2.x documents, read into the contract's channels and their events' places.
extension AsyncAPIReader {
    // MARK: - Channels (3.0)

    mutating func channelsV3(
        perspective: AsyncAPIImporter.Perspective, schemas: inout AsyncAPISchemaReader
    ) -> [ImportedChannel] {
        var channels: [ImportedChannel] = []
        var messagesByReference: [String: (channel: Int, event: Int)] = [:]
        for entry in root["channels"]?.entries ?? [] {
            guard let key = entry.keyText, let node = dereferenced(entry.value) else { continue }
            let address = node["address"]?.text
            let isRoot = key == "root" || address == nil || address == "/"
            var channel = ImportedChannel(name: key, node: node, address: isRoot ? nil : address)
            if isRoot, let address, address.hasPrefix("/"), address != "/" { channel.namespace = address }
            for message in node["messages"]?.entries ?? [] {
                guard let messageKey = message.keyText, let resolved = dereferenced(message.value) else { continue }
                messagesByReference["#/channels/\(key)/messages/\(messageKey)"] = (channels.count, channel.events.count)
                channel.events.append(ImportedEvent(key: messageKey, message: resolved))
            }
            channels.append(channel)
        }
        for entry in root["operations"]?.entries ?? [] {
            guard let operation = dereferenced(entry.value), let action = operation["action"]?.text else { continue }
            let sentByApp = (action == "send") == (perspective == .app)
            for reference in operation["messages"]?.elements?.compactMap({ $0["$ref"]?.text }) ?? [] {
                guard let (channel, event) = messagesByReference[reference] else { continue }
                if sentByApp {
                    channels[channel].events[event].sent = true
                } else {
                    channels[channel].events[event].received = true
                }
                if let reply = operation["reply"] {
                    attachReply(
                        reply, to: &channels[channel].events[event], messages: messagesByReference, channels: channels,
                        schemas: &schemas)
                    // A reply travels the other way; a message that is only ever a reply has no operation of its own.
                    for answer in reply["messages"]?.elements?.compactMap({ $0["$ref"]?.text }) ?? [] {
                        guard let (answerChannel, answerEvent) = messagesByReference[answer] else { continue }
                        if sentByApp {
                            channels[answerChannel].events[answerEvent].received = true
                        } else {
                            channels[answerChannel].events[answerEvent].sent = true
                        }
                    }
                }
            }
        }
        // Replies and acknowledgements travel inside their request's event; a message that is only an
        // acknowledgement is not an event of its own.
        for index in channels.indices {
            channels[index].events.removeAll { $0.message["x-schemagen-ack-of"] != nil }
        }
        return channels
    }

    mutating func attachReply(
        _ reply: SyntaxNode, to event: inout ImportedEvent, messages: [String: (channel: Int, event: Int)],
        channels: [ImportedChannel], schemas: inout AsyncAPISchemaReader
    ) {
        if let declared = event.message["x-schemagen-reply"]?.documentValue {
            event.reply = declared
        }
        for reference in reply["messages"]?.elements?.compactMap({ $0["$ref"]?.text }) ?? [] {
            guard let (channel, index) = messages[reference] else { continue }
            let answer = channels[channel].events[index].message
            if answer["x-schemagen-ack-of"] != nil, let payload = answer["payload"] {
                if case .expression(let type, _) = schemas.spell(payload, what: "the acknowledgement of '\(event.key)'")
                {
                    event.ack = .string(type)
                }
            } else if event.reply == nil, event.message["x-schemagen-subscription"] == nil {
                let name = answer["name"]?.text ?? channels[channel].events[index].key
                let requestMatch = Self.correlationPath(event.message)
                let replyMatch = Self.correlationPath(answer)
                guard let requestMatch else {
                    diagnostics.append(
                        .warning(
                            "the reply '\(name)' has no `correlationId` on the request, so the contract cannot match it; add `reply:` by hand",
                            at: reply.location))
                    continue
                }
                // A contract matches a reply by a member of its payload object; a payload it types as JSON has none.
                let answerKey = String((replyMatch ?? requestMatch).split(separator: ".").first ?? "")
                let answerPayload = answer["payload"].map { payload in
                    schemas.merged(payload["$ref"]?.text.flatMap { Self.resolve($0, in: root) } ?? payload)
                }
                guard answerPayload?["properties"]?[answerKey] != nil else {
                    diagnostics.append(
                        .warning(
                            "the reply '\(name)' carries its correlation in '\(answerKey)', which the contract cannot read from its payload "
                                + "(not one object); the request is imported without `reply:`", at: reply.location))
                    continue
                }
                event.reply = .members([
                    ("event", .string(name)),
                    (
                        "match",
                        replyMatch.map {
                            $0 == requestMatch
                                ? .string($0) : .object([("request", .string(requestMatch)), ("reply", .string($0))])
                        } ?? .string(requestMatch)
                    ),
                ])
            }
        }
    }

    /// `$message.payload#/meta/request_id` → `meta.request_id`.
    static func correlationPath(_ message: SyntaxNode) -> String? {
        guard let location = message["correlationId"]?["location"]?.text,
            let pointer = location.range(of: "$message.payload#/")
        else { return nil }
        return location[pointer.upperBound...].split(separator: "/").map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
        .joined(separator: ".")
    }

    // MARK: - Channels (2.x)

    /// AsyncAPI 2: each channel's `publish` is what clients send (the application receives it), `subscribe` what
    /// they receive; a message may be `oneOf` several.
    mutating func channelsV2(
        perspective: AsyncAPIImporter.Perspective, schemas: inout AsyncAPISchemaReader
    ) -> [ImportedChannel] {
        var channels: [ImportedChannel] = []
        for entry in root["channels"]?.entries ?? [] {
            guard let address = entry.keyText, let node = dereferenced(entry.value) else { continue }
            let isRoot = address == "/" || address.isEmpty
            let name =
                isRoot
                ? "root"
                : (SwiftName.lowerCamel(address.filter { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
                    ?? "channel\(channels.count)")
            var channel = ImportedChannel(name: name, node: node, address: isRoot ? nil : address)
            for (operationKey, sentByClient) in [("publish", true), ("subscribe", false)] {
                guard let operation = node[operationKey], let message = operation["message"] else { continue }
                let sentByApp = sentByClient == (perspective == .server)
                for option in message["oneOf"]?.elements ?? [message] {
                    guard let resolved = dereferenced(option) else { continue }
                    let key =
                        resolved["name"]?.text ?? resolved["messageId"]?.text ?? option["$ref"]?.text?.split(
                            separator: "/"
                        ).last.map(String.init)
                        ?? "\(operationKey)\(channel.events.count)"
                    if let index = channel.events.firstIndex(where: { $0.key == key }) {
                        if sentByApp {
                            channel.events[index].sent = true
                        } else {
                            channel.events[index].received = true
                        }
                    } else {
                        channel.events.append(
                            ImportedEvent(key: key, message: resolved, sent: sentByApp, received: !sentByApp))
                    }
                }
            }
            channels.append(channel)
        }
        return channels
    }
}
