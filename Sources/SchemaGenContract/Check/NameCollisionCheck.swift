/// Two different wire names must never become one Swift name: the generated code would not compile.
/// Each collision is reported at the later declaration, with the fix (a `swiftName:` override).
package struct NameCollisionCheck {
    package let contract: Contract

    /// The Swift case name generated enums use for values the contract does not list.
    package static let reservedEnumCaseName = "unknown"

    /// Type names generated code declares or relies on: a contract type of the same name would replace
    /// them inside the namespace, and module names would break qualified spellings such as `Swift.String`.
    package static let reservedTypeNames: [String: String] = {
        var reasons: [String: String] = [:]
        for name in ["Client", "Server", "ServerEvent", "ClientEvent", "CodingKeys", "Mock"] {
            reasons[name] = "a type every generated client and server declares"
        }
        reasons["Every"] = "the type a generated server declares in each channel for its listeners across every address"
        for name in ["Type", "Self", "Protocol", "Any"] { reasons[name] = "a name Swift reserves for types" }
        // The runtime's own names are not here: generated code always qualifies them (RuntimeNames). These are
        // Swift's and Foundation's, which it names in its API.
        for name in [
            "Codable", "Decodable", "Encodable", "Hashable", "Sendable", "CodingKey", "Decoder", "Encoder",
            "RawRepresentable",
            "AsyncStream", "Void", "Bool", "Duration", "UUID", "OptionSet", "UInt64", "DecodingError",
        ] {
            reasons[name] = "a type of Swift or Foundation the generated code uses"
        }
        for name in ["Swift", "Foundation", "SchemaGenRuntime"] { reasons[name] = "a module the generated code names" }
        return reasons
    }()

    /// The enum of the contract's server URLs in the generated namespace (`DiscordGateway.Servers.production`).
    package static let serversTypeName = "Servers"

    /// Member names of generated clients that events and channels must leave free.
    /// The `swiftName:` an event needs when the app sends it and its derived name is a member generated clients
    /// already have (`subscribe` → `subscribeEvent`); `nil` when the derived name is free. For the contracts
    /// schemagen writes (`import`, `infer`), so they check clean.
    package static func swiftNameAvoidingClientMembers(wireName: String, sentByApp: Bool) -> String? {
        let derived = SwiftName.lowerCamel(wireName) ?? wireName
        return sentByApp && reservedClientMembers.contains(derived) ? derived + "Event" : nil
    }

    package static let reservedClientMembers = [
        "core", "events", "emit", "channel", "subscribe", "unsubscribe", "onIncomingFailure",
    ]

    private struct Named {
        enum Kind { case event, other }
        var kind = Kind.other
        var swiftName: String
        /// What it is (`field`, `event`…) and its name in the contract; the label is only built for a report.
        var noun: String
        var name: String
        var location: SourceLocation
        var label: String { "\(noun) '\(name)'" }
    }

    package func run(into diagnostics: inout DiagnosticBag) {
        checkScopes(into: &diagnostics)
        checkFields(into: &diagnostics)
        checkReservedNames(into: &diagnostics)
    }

    /// Events, channels, parameters, enum values and the namespace's and client's members.
    private func checkScopes(into diagnostics: inout DiagnosticBag) {
        let scopes: [(String, [Event])] =
            [("the contract's events", contract.events)]
            + contract.channels.map { ("channel '\($0.name)'", $0.events) }
        for (scope, events) in scopes {
            report(
                events.map { Named(swiftName: $0.swiftName, noun: "event", name: $0.wireName, location: $0.location) },
                in: scope, into: &diagnostics)
        }
        report(
            contract.channels.map {
                Named(swiftName: $0.swiftName, noun: "channel", name: $0.name, location: $0.location)
            },
            in: "`channels`", into: &diagnostics)
        for channel in contract.channels {
            report(
                channel.parameters.map {
                    Named(swiftName: $0.swiftName, noun: "parameter", name: $0.name, location: $0.location)
                },
                in: "channel '\(channel.name)'", into: &diagnostics)
        }
        for type in contract.types {
            guard case .enumeration(let enumeration) = type.kind else { continue }
            let owner = "enum '\(type.name)'"
            report(
                enumeration.cases.map {
                    Named(swiftName: $0.swiftName, noun: "value", name: $0.wireValue, location: $0.location)
                },
                in: owner, into: &diagnostics)
            for enumCase in enumeration.cases where enumCase.swiftName == Self.reservedEnumCaseName {
                diagnostics.error(
                    "value '\(enumCase.wireValue)' of \(owner) becomes the case 'unknown', which generated enums keep for values the contract does not list; give it a `swiftName:`",
                    at: enumCase.location)
            }
        }
        checkEnvelopeFields(into: &diagnostics)
        report(namespaceMembers, in: "the namespace '\(contract.name)'", into: &diagnostics)
        // Events outside channels and channel accessors are both members of the generated client.
        report(
            contract.events.filter(\.direction.isEmittedByClient).map {
                Named(swiftName: $0.swiftName, noun: "event", name: $0.wireName, location: $0.location)
            }
                + contract.channels.map {
                    Named(swiftName: $0.swiftName, noun: "channel", name: $0.name, location: $0.location)
                },
            in: "the client of '\(contract.name)'", into: &diagnostics)
    }

    /// The fields of every object.
    private func checkFields(into diagnostics: inout DiagnosticBag) {
        for (owner, object) in contract.allObjects {
            report(
                object.fields.map {
                    Named(swiftName: $0.swiftName, noun: "field", name: $0.wireName, location: $0.location)
                },
                in: owner.description, into: &diagnostics)
        }
    }

    private func checkReservedNames(into diagnostics: inout DiagnosticBag) {
        let objects = contract.allObjects
        var types: [(label: String, name: String, location: SourceLocation)] = contract.types.map {
            ("type '\($0.name)'", $0.name, $0.location)
        }
        for (_, event) in contract.allEvents {
            types.append(("event '\(event.wireName)'", SwiftName.typeName(forMember: event.swiftName), event.location))
            if event.direction.isEmittedByClient, Self.reservedClientMembers.contains(event.swiftName) {
                diagnostics.error(
                    "event '\(event.wireName)' would become the method '\(event.swiftName)', which generated clients already have; give it a `swiftName:`",
                    at: event.location)
            }
        }
        for channel in contract.channels {
            types.append(
                ("channel '\(channel.name)'", SwiftName.typeName(forMember: channel.swiftName), channel.location))
            if Self.reservedClientMembers.contains(channel.swiftName) {
                diagnostics.error(
                    "channel '\(channel.name)' would become the method '\(channel.swiftName)', which generated clients already have; give it a `swiftName:`",
                    at: channel.location)
            }
            // A channel's events are types inside the channel's: one of its name would hide it there.
            let channelType = SwiftName.typeName(forMember: channel.swiftName)
            for event in channel.events where SwiftName.typeName(forMember: event.swiftName) == channelType {
                diagnostics.error(
                    "event '\(event.wireName)' of channel '\(channel.name)' would become the Swift type '\(channelType)' inside "
                        + "the channel's own type of that name, which it would hide; give the event (or the channel) a `swiftName:`",
                    at: event.location)
            }
            for parameter in channel.parameters where parameter.swiftName == "address" {
                diagnostics.error(
                    "parameter 'address' of channel '\(channel.name)' would hide the channel's generated `address`; give it a `swiftName:`",
                    at: parameter.location)
            }
        }
        for (_, object) in objects {
            for field in object.fields where field.type.unwrapped.isObject {
                types.append(
                    (
                        "the inline object of field '\(field.wireName)'",
                        SwiftName.typeName(forMember: field.swiftName), field.location
                    ))
            }
        }
        // With `servers:`, the namespace declares the `Servers` enum of their URLs.
        if let servers = contract.servers.first {
            for member in namespaceMembers where member.swiftName == Self.serversTypeName {
                let fix = member.noun == "type" ? "rename the type" : "give it a `swiftName:`"
                diagnostics.error(
                    "\(member.label) would become the Swift type '\(Self.serversTypeName)', which the generated code declares for the contract's `servers:`; \(fix)",
                    at: member.location, notes: [.note("`servers:` starts here", at: servers.location)])
            }
        }
        for (label, name, location) in types {
            if let reason = Self.reservedTypeNames[name] {
                let fix = label.hasPrefix("type ") ? "rename the type" : "give it a `swiftName:`"
                diagnostics.error("\(label) would become the Swift type '\(name)', \(reason); \(fix)", at: location)
            }
        }
    }

    /// Named types, the type generated for each event outside channels, and each channel's type share
    /// the contract's namespace.
    private var namespaceMembers: [Named] {
        contract.types.map { Named(swiftName: $0.name, noun: "type", name: $0.name, location: $0.location) }
            + contract.events.map {
                Named(
                    kind: .event, swiftName: SwiftName.typeName(forMember: $0.swiftName), noun: "event",
                    name: $0.wireName, location: $0.location)
            }
            + contract.channels.map {
                Named(
                    swiftName: SwiftName.typeName(forMember: $0.swiftName), noun: "channel", name: $0.name,
                    location: $0.location)
            }
    }

    private func checkEnvelopeFields(into diagnostics: inout DiagnosticBag) {
        guard case .envelope(let envelope) = contract.framing else { return }
        let common = Dictionary(
            envelope.fields.map { ($0.wireName, $0.location) }, uniquingKeysWith: { first, _ in first })
        let reserved = Set([envelope.nameKey, envelope.payloadKey] + (envelope.channelKey.map { [$0] } ?? []))
        for (_, event) in contract.allEvents {
            for field in event.envelopeFields {
                if let first = common[field.wireName] {
                    diagnostics.error(
                        "envelope field '\(field.wireName)' of event '\(event.wireName)' is already an envelope field of every event; remove it here",
                        at: field.location, notes: [.note("declared for every event here", at: first)])
                } else if reserved.contains(field.wireName) {
                    diagnostics.error(
                        "envelope field '\(field.wireName)' of event '\(event.wireName)' uses a key the envelope reserves for the event name, payload or channel",
                        at: field.location)
                }
            }
        }
    }

    /// `scope` is only described for a report: most scopes have none.
    private func report(_ members: [Named], in scope: @autoclosure () -> String, into diagnostics: inout DiagnosticBag)
    {
        // Most scopes are an object's few fields: comparing them pairwise beats building a dictionary for each
        // of 20,000 objects. The first member of a name is the one later members are reported against.
        if members.count <= 16 {
            for (index, member) in members.enumerated() {
                guard let first = members[..<index].first(where: { $0.swiftName == member.swiftName }) else { continue }
                if first.kind != .event || member.kind != .event {
                    diagnostics.error(
                        "\(first.label) and \(member.label) in \(scope()) both become '\(member.swiftName)' in Swift; give one of them a `swiftName:`",
                        at: member.location, notes: [.note("\(first.label) is declared here", at: first.location)])
                }
            }
            return
        }
        var seen: [String: Named] = [:]
        for member in members {
            // Two events that collide as types already collided as members of their scope.
            if let first = seen[member.swiftName], first.kind != .event || member.kind != .event {
                diagnostics.error(
                    "\(first.label) and \(member.label) in \(scope()) both become '\(member.swiftName)' in Swift; give one of them a `swiftName:`",
                    at: member.location, notes: [.note("\(first.label) is declared here", at: first.location)])
            } else if seen[member.swiftName] == nil {
                seen[member.swiftName] = member
            }
        }
    }
}
