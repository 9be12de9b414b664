/// The counts `schemagen lint` prints for a contract, and tests assert.
public struct ContractSummary: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var channels: Int
    public var clientToServer: Int
    public var serverToClient: Int
    public var both: Int
    public var types: Int

    public init(_ contract: Contract) {
        let directions = contract.allEvents.map(\.event.direction)
        name = contract.name
        channels = contract.channels.count
        clientToServer = directions.filter { $0 == .clientToServer }.count
        serverToClient = directions.filter { $0 == .serverToClient }.count
        both = directions.filter { $0 == .both }.count
        types = contract.types.count
    }

    public var events: Int { clientToServer + serverToClient + both }

    /// `Zikr: 32 events (9 client-to-server, 23 server-to-client), 0 channels, 1 type`
    public var description: String {
        var directions = ["\(clientToServer) client-to-server", "\(serverToClient) server-to-client"]
        if both > 0 { directions.append("\(both) both ways") }
        return "\(name): \(Self.count(events, "event")) (\(directions.joined(separator: ", "))), "
            + "\(Self.count(channels, "channel")), \(Self.count(types, "type"))"
    }

    /// `1 event`, `2 events`.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
