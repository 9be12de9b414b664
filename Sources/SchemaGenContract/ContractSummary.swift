/// The counts `schemagen lint` prints for a contract, and tests assert.
package struct ContractSummary: Hashable, Sendable, CustomStringConvertible {
    package var name: String
    package var channels: Int
    package var clientToServer: Int
    package var serverToClient: Int
    package var both: Int
    package var types: Int

    package init(_ contract: Contract) {
        let directions = contract.allEvents.map(\.event.direction)
        name = contract.name
        channels = contract.channels.count
        clientToServer = directions.filter { $0 == .clientToServer }.count
        serverToClient = directions.filter { $0 == .serverToClient }.count
        both = directions.filter { $0 == .both }.count
        types = contract.types.count
    }

    package var events: Int { clientToServer + serverToClient + both }

    /// `Zikr: 32 events (9 client-to-server, 23 server-to-client), 0 channels, 1 type`
    package var description: String {
        var directions = ["\(clientToServer) client-to-server", "\(serverToClient) server-to-client"]
        if both > 0 { directions.append("\(both) both ways") }
        return "\(name): \(Self.count(events, "event")) (\(directions.joined(separator: ", "))), "
            + "\(Self.count(channels, "channel")), \(Self.count(types, "type"))"
    }

    /// `1 event`, `2 events`.
    package static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
