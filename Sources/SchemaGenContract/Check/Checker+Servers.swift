import Foundation

extension Checker {
    /// `servers:`: each a mapping with a `url:` (`wss://host/path`, or `https://` for Socket.IO, whose clients are
    /// given the HTTP URL) and an optional `description:`.
    package mutating func readServers(_ node: SyntaxNode, framing: Framing) -> [ServerDeclaration] {
        guard
            let reader = MappingReader(
                node, owner: "`servers`", allowedKeys: nil, entryKind: "server", diagnostics: &diagnostics)
        else { return [] }
        let isSocketIO: Bool = if case .socketIO = framing { true } else { false }
        let schemes = isSocketIO ? ["ws", "wss", "http", "https"] : ["ws", "wss"]
        var servers: [ServerDeclaration] = []
        for entry in reader.entries {
            guard let name = entry.keyText,
                let spec = MappingReader(
                    entry.value, owner: "server '\(name)'", allowedKeys: ["url", "description"],
                    ownerLocation: entry.key.location, diagnostics: &diagnostics),
                let urlNode = spec.required(
                    "url", in: "server '\(name)'", hint: "say where it is: `url: wss://api.example.com/socket`",
                    diagnostics: &diagnostics),
                let url = readText(urlNode, what: "`url`")
            else { continue }
            let example = isSocketIO ? "https://api.example.com" : "wss://api.example.com/socket"
            // The generated `Servers` enum's member: a name Swift cannot take as one would not compile.
            guard let swiftName = SwiftName.lowerCamel(name), !Self.reservedServerNames.contains(swiftName) else {
                diagnostics.error(
                    "server '\(name)' cannot name a Swift constant (the generated `Servers.<name>` URL); rename it, as `production`",
                    at: entry.key.location)
                continue
            }
            if let clash = servers.first(where: { $0.swiftName == swiftName }) {
                diagnostics.error(
                    "servers '\(clash.name)' and '\(name)' both become '\(swiftName)' in Swift; rename one",
                    at: entry.key.location,
                    notes: [.note("server '\(clash.name)' is declared here", at: clash.location)])
                continue
            }
            guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
                schemes.contains(scheme), let host = parts.host, !host.isEmpty, parts.fragment == nil,
                parts.user == nil, parts.password == nil
            else {
                diagnostics.error(
                    "the `url` of server '\(name)' is an absolute \(schemes.dropLast().joined(separator: ", ")) or \(schemes.last ?? "") URL with a host and no fragment or credentials, as `\(example)`; found '\(url)'",
                    at: urlNode.location)
                continue
            }
            servers.append(
                ServerDeclaration(
                    name: name, swiftName: swiftName, url: url, scheme: scheme,
                    host: host + (parts.port.map { ":\($0)" } ?? ""),
                    path: parts.path.isEmpty ? "/" : parts.path,
                    query: (parts.queryItems ?? []).map { ($0.name, $0.value ?? "") },
                    description: readDescription(spec), location: entry.key.location))
        }
        return servers
    }

    /// Names Swift does not take as a static constant's, even in backticks. (`Type` and `Protocol` are refused too,
    /// but a server's Swift name is lowerCamelCase and never is one.)
    package static let reservedServerNames: Set<String> = ["self", "init"]
}
