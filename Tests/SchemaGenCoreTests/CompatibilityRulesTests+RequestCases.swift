import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

// The rules' fixtures for requests, acknowledgements, unions and the Swift API: a file of their own so neither half
// outgrows a reader.
extension CompatibilityRulesTests {
    static let requestAndAPICases: [Case] = [
        // Requests and replies
        Case(
            name: "reply added",
            old: contract(
                "  a: { direction: client-to-server, payload: { id: String } }\n  b: { direction: server-to-client, payload: { id: String } }"
            ),
            new: contract(
                "  a: { direction: client-to-server, payload: { id: String }, reply: { event: b, match: id } }\n  b: { direction: server-to-client, payload: { id: String } }"
            ),
            kind: .replyAdded, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "reply removed",
            old: contract(
                "  a: { direction: client-to-server, payload: { id: String }, reply: { event: b, match: id } }\n  b: { direction: server-to-client, payload: { id: String } }"
            ),
            new: contract(
                "  a: { direction: client-to-server, payload: { id: String } }\n  b: { direction: server-to-client, payload: { id: String } }"
            ),
            kind: .replyRemoved, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "correlation field changed",
            old: contract(
                "  a: { direction: client-to-server, payload: { id: String, rid: Int }, reply: { event: b, match: id } }\n  b: { direction: server-to-client, payload: { id: String, rid: Int } }"
            ),
            new: contract(
                "  a: { direction: client-to-server, payload: { id: String, rid: Int }, reply: { event: b, match: rid } }\n  b: { direction: server-to-client, payload: { id: String, rid: Int } }"
            ),
            kind: .correlationChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "cancel event added to a request",
            old: contract(
                "  a: { direction: client-to-server, payload: { id: String }, reply: { event: b, match: id } }\n  b: { direction: server-to-client, payload: { id: String } }\n  c: { direction: client-to-server, payload: { id: String } }"
            ),
            new: contract(
                "  a: { direction: client-to-server, payload: { id: String }, reply: { event: b, match: id, cancel: c } }\n  b: { direction: server-to-client, payload: { id: String } }\n  c: { direction: client-to-server, payload: { id: String } }"
            ),
            kind: .replyCancelChanged, oldAppNewServer: .degrades, newAppOldServer: .degrades),
        Case(
            name: "correlation values made UUIDs",
            old: contract(
                "  a: { direction: client-to-server, payload: { id: String }, reply: { event: b, match: id } }\n  b: { direction: server-to-client, payload: { id: String } }"
            ),
            new: contract(
                "  a: { direction: client-to-server, payload: { id: String }, reply: { event: b, match: id, ids: uuid } }\n  b: { direction: server-to-client, payload: { id: String } }"
            ),
            kind: .correlationValuesChanged, oldAppNewServer: .safe, newAppOldServer: .safe),
        Case(
            name: "reply event changed",
            old: contract(
                "  a: { direction: client-to-server, payload: { id: String }, reply: { event: b, match: id } }\n  b: { direction: server-to-client, payload: { id: String } }\n  c: { direction: server-to-client, payload: { id: String } }"
            ),
            new: contract(
                "  a: { direction: client-to-server, payload: { id: String }, reply: { event: c, match: id } }\n  b: { direction: server-to-client, payload: { id: String } }\n  c: { direction: server-to-client, payload: { id: String } }"
            ),
            kind: .replyChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "channels now subscribed by a request",
            old: contract(
                "  a: { direction: client-to-server, payload: { id: String, channels: \"[String]\" }, reply: { event: b, match: id } }\n  b: { direction: server-to-client, payload: { id: String } }",
                framing: "{discriminator: type}",
                channels:
                    "  room: { address: \"room-{id}\", parameters: { id: String }, events: { said: { direction: server-to-client } } }"
            ),
            new: contract(
                "  a: { direction: client-to-server, payload: { id: String, channels: \"[String]\" }, reply: { event: b, match: id }, subscribes: channels }\n  b: { direction: server-to-client, payload: { id: String } }",
                framing: "{discriminator: type}",
                channels:
                    "  room: { address: \"room-{id}\", parameters: { id: String }, events: { said: { direction: server-to-client } } }"
            ),
            kind: .replyChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "the server's request now waits for the app's answer",
            old: contract(
                "  a: { direction: server-to-client, payload: { id: String } }\n  b: { direction: client-to-server, payload: { id: String } }"
            ),
            new: contract(
                "  a: { direction: server-to-client, payload: { id: String }, reply: { event: b, match: id } }\n  b: { direction: client-to-server, payload: { id: String } }"
            ),
            kind: .replyAdded, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "subscription added", old: contract(Self.watch),
            new: contract(
                Self.watch.replacingOccurrences(
                    of: "payload: { id: Int } }\n  item",
                    with: "payload: { id: Int }, subscription: { event: item, match: id } }\n  item")),
            kind: .subscriptionAdded, oldAppNewServer: .safe, newAppOldServer: .degrades),
        Case(
            name: "subscription removed",
            old: contract(
                Self.watch.replacingOccurrences(
                    of: "payload: { id: Int } }\n  item",
                    with: "payload: { id: Int }, subscription: { event: item, match: id } }\n  item")),
            new: contract(Self.watch),
            kind: .subscriptionRemoved, oldAppNewServer: .degrades, newAppOldServer: .safe),
        Case(
            name: "subscription now ended by another event",
            old: contract(
                Self.watch.replacingOccurrences(
                    of: "payload: { id: Int } }\n  item",
                    with: "payload: { id: Int }, subscription: { event: item, match: id } }\n  item")),
            new: contract(
                Self.watch.replacingOccurrences(
                    of: "payload: { id: Int } }\n  item",
                    with: "payload: { id: Int }, subscription: { event: item, match: id, end: done } }\n  item")),
            kind: .subscriptionChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        // Socket.IO acknowledgements
        Case(
            name: "acknowledgement added to an event the app sends",
            old: contract("  a: { direction: client-to-server, payload: { n: Int } }"),
            new: contract("  a: { direction: client-to-server, payload: { n: Int }, ack: Bool }"),
            kind: .ackAdded, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "acknowledgement the app gives removed",
            old: contract("  a: { direction: server-to-client, payload: { n: Int }, ack: Bool }"),
            new: contract("  a: { direction: server-to-client, payload: { n: Int } }"),
            kind: .ackRemoved, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "acknowledgement's type changed", old: contract("  a: { direction: client-to-server, ack: Bool }"),
            new: contract("  a: { direction: client-to-server, ack: String }"),
            kind: .typeChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "acknowledgement the server sends widened: judged as a payload travelling back",
            old: contract("  a: { direction: client-to-server, ack: Int }"),
            new: contract("  a: { direction: client-to-server, ack: Double }"),
            kind: .typeWidened, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "acknowledgement the app sends loses precision",
            old: contract("  a: { direction: server-to-client, ack: Decimal }"),
            new: contract("  a: { direction: server-to-client, ack: Double }"),
            kind: .typePrecisionLost, oldAppNewServer: .degrades, newAppOldServer: .degrades),
        // Unions and flags
        Case(
            name: "union member of a new kind, server to client",
            old: contract(
                "  a: { direction: server-to-client, payload: { to: T } }", types: "  T: { union: [String, Int] }"),
            new: contract(
                "  a: { direction: server-to-client, payload: { to: T } }",
                types: "  T: { union: [String, Int, \"[String]\"] }"),
            kind: .unionMemberAdded, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "union member removed, client to server",
            old: contract(
                "  a: { direction: client-to-server, payload: { to: T } }",
                types: "  T: { union: [String, \"[String]\"] }"),
            new: contract(
                "  a: { direction: client-to-server, payload: { to: T } }", types: "  T: { union: [String, Int] }"),
            kind: .unionMemberRemoved, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "union case added, server to client",
            old: contract(
                "  a: { direction: server-to-client, payload: R }",
                types: "  R: { union: { discriminator: s, cases: { ok: B } } }\n  B: { fields: { x: Int } }"),
            new: contract(
                "  a: { direction: server-to-client, payload: R }",
                types: "  R: { union: { discriminator: s, cases: { ok: B, no: B } } }\n  B: { fields: { x: Int } }"),
            kind: .enumValueAdded, oldAppNewServer: .degrades, newAppOldServer: .safe),
        Case(
            name: "union told apart by another field",
            old: contract(
                "  a: { direction: server-to-client, payload: R }",
                types: "  R: { union: { discriminator: s, cases: { ok: B } } }\n  B: { fields: { x: Int } }"),
            new: contract(
                "  a: { direction: server-to-client, payload: R }",
                types: "  R: { union: { discriminator: type, cases: { ok: B } } }\n  B: { fields: { x: Int } }"),
            kind: .typeChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "flag added, server to client",
            old: contract(
                "  a: { direction: server-to-client, payload: { p: P } }", types: "  P: { flags: { read: 0 } }"),
            new: contract(
                "  a: { direction: server-to-client, payload: { p: P } }",
                types: "  P: { flags: { read: 0, write: 1 } }"),
            kind: .flagAdded, oldAppNewServer: .degrades, newAppOldServer: .safe),
        Case(
            name: "flag removed, client to server",
            old: contract(
                "  a: { direction: client-to-server, payload: { p: P } }",
                types: "  P: { flags: { read: 0, write: 1 } }"),
            new: contract(
                "  a: { direction: client-to-server, payload: { p: P } }", types: "  P: { flags: { read: 0 } }"),
            kind: .flagRemoved, oldAppNewServer: .degrades, newAppOldServer: .safe),
        Case(
            name: "flag moved to another bit",
            old: contract("  a: { direction: both, payload: { p: P } }", types: "  P: { flags: { read: 0 } }"),
            new: contract("  a: { direction: both, payload: { p: P } }", types: "  P: { flags: { read: 2 } }"),
            kind: .typeChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        // Documentation and Swift API
        Case(
            name: "description changed", old: contract("  a: { direction: both, description: Old words. }"),
            new: contract("  a: { direction: both, description: New words. }"), kind: .documentation,
            oldAppNewServer: .safe, newAppOldServer: .safe),
        Case(
            name: "deprecated", old: contract("  a: { direction: both }"),
            new: contract("  a: { direction: both, deprecated: Use b. }"),
            kind: .documentation, oldAppNewServer: .safe, newAppOldServer: .safe),
        Case(
            name: "Swift name changed", old: contract("  a: { direction: both }"),
            new: contract("  a: { direction: both, swiftName: alpha }"),
            kind: .swiftAPI, oldAppNewServer: .safe, newAppOldServer: .safe),
        Case(
            name: "named type replaced by one of the same shape",
            old: contract(
                "  a: { direction: server-to-client, payload: { p: P } }", types: "  P: { fields: { x: Int } }"),
            new: contract(
                "  a: { direction: server-to-client, payload: { p: Q } }", types: "  Q: { fields: { x: Int } }"),
            kind: .swiftAPI, oldAppNewServer: .safe, newAppOldServer: .safe),
    ]
}
