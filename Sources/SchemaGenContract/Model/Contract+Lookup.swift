@_spi(Generated) import SchemaGenRuntime

extension Contract {
    /// The event `wireName` outside channels (`channel` `nil`), or of the channel keyed `channel`, with its channel.
    package func event(_ wireName: String, inChannel channel: String?) -> (channel: Channel?, event: Event)? {
        guard let channel else { return events.first { $0.wireName == wireName }.map { (nil, $0) } }
        guard let scope = channels.first(where: { $0.name == channel }),
            let event = scope.events.first(where: { $0.wireName == wireName })
        else { return nil }
        return (scope, event)
    }
}

extension [Channel] {
    /// The channels one of whose addresses `address` is, with its parameters' values in the template's order: those
    /// whose template it fits and whose parameters' values read as their types (`seat-x` is no address of
    /// `seat-{seat}` when `seat` is an `Int`).
    package func fitting(_ address: String) -> [(channel: Channel, values: [String])] {
        compactMap { channel in
            guard let values = channel.address.runtimeTemplate.values(in: address),
                zip(channel.address.parameterNames, values).allSatisfy({ name, value in
                    channel.parameters.first { $0.name == name }?.type != .int || Int(value) != nil
                })
            else { return nil }
            return (channel, values)
        }
    }
}

extension AddressTemplate {
    /// The template as the runtime matches addresses against it: what generated servers' listeners across a channel's
    /// addresses use, so a contract's tools read an address as generated code does.
    @_spi(Generated) public var runtimeTemplate: ChannelTemplate {
        ChannelTemplate(
            segments.map { segment in
                switch segment {
                case .literal(let text): .literal(text)
                case .parameter: .parameter
                }
            })
    }
}

extension Contract {
    /// Whether the reply to `request` is the list of channel addresses it took (its value is `[String]`, as Deribit's
    /// `public/subscribe` answers `["deribit_price_index.btc_usd"]`): a channel's `subscribe()` then throws when its
    /// address is not among them, and the generated server subscribes the connection to those alone.
    package func repliesChannelsTaken(_ request: Event) -> Bool {
        guard let reply = request.reply, request.channelRequest != nil else { return false }
        let value = reply.type ?? events.first { $0.wireName == reply.event }?.payload
        return value?.valueType == .array(.scalar(.string))
    }
}
