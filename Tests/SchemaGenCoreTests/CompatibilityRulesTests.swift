import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// One fixture pair per rule of docs/compatibility.md: the change is found with the right kind, and both
/// version skews get the verdict the rule gives.
@Suite struct CompatibilityRulesTests {
    /// A contract with `events` (and optional types, framing, dates, channels) in YAML.
    static func contract(
        _ events: String, types: String = "", framing: String = "socket.io", dates: String = "iso8601",
        channels: String = ""
    ) -> String {
        var text = "schemagen: 1\nname: Rules\nframing: \(framing)\ndates: \(dates)\n"
        if !types.isEmpty { text += "types:\n\(types)\n" }
        if !events.isEmpty { text += "events:\n\(events)\n" }
        if !channels.isEmpty { text += "channels:\n\(channels)\n" }
        return text
    }

    /// A contract with frame shapes: an opcode shape and a dispatch shape `when: {op: <dispatch>}`.
    static func shapes(_ events: String, dispatch: Int = 0, field: String = "s: Int?") -> String {
        "schemagen: 1\nname: Rules\nframes:\n  dispatch: { when: { op: \(dispatch) }, name: t, payload: d, fields: { \(field) } }\n"
            + "  opcode: { name: op, payload: d }\nevents:\n\(events)\n"
    }

    /// A request, its items and an end event, for subscription rules.
    static let watch =
        "  w: { direction: client-to-server, payload: { id: Int } }\n  item: { direction: server-to-client, payload: { id: Int } }\n"
        + "  done: { direction: server-to-client, payload: { id: Int } }"

    static let kindEnum = "  Kind: { enum: [a, b] }"
    static let kindEnumMore = "  Kind: { enum: [a, b, c] }"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var old: String
        var new: String
        var kind: ChangeKind
        var oldAppNewServer: Verdict
        var newAppOldServer: Verdict
        var testDescription: String { name }
    }

    static let cases: [Case] = eventAndTypeCases + requestAndAPICases

    static let eventAndTypeCases: [Case] = [
        // Events
        Case(
            name: "server-to-client event added", old: contract("  a: { direction: server-to-client }"),
            new: contract("  a: { direction: server-to-client }\n  b: { direction: server-to-client }"),
            kind: .eventAdded, oldAppNewServer: .safe, newAppOldServer: .degrades),
        Case(
            name: "client-to-server event added", old: contract("  a: { direction: client-to-server }"),
            new: contract("  a: { direction: client-to-server }\n  b: { direction: client-to-server }"),
            kind: .eventAdded, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "server-to-client event removed",
            old: contract("  a: { direction: server-to-client }\n  b: { direction: server-to-client }"),
            new: contract("  a: { direction: server-to-client }"),
            kind: .eventRemoved, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "client-to-server event removed",
            old: contract("  a: { direction: client-to-server }\n  b: { direction: client-to-server }"),
            new: contract("  a: { direction: client-to-server }"),
            kind: .eventRemoved, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "direction changed to both adds the client-to-server flow",
            old: contract("  a: { direction: server-to-client }"),
            new: contract("  a: { direction: both }"), kind: .eventAdded, oldAppNewServer: .safe,
            newAppOldServer: .breaks),
        Case(
            name: "server-to-client payload added", old: contract("  a: { direction: server-to-client }"),
            new: contract("  a: { direction: server-to-client, payload: String }"), kind: .payloadAdded,
            oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "client-to-server payload removed",
            old: contract("  a: { direction: client-to-server, payload: String }"),
            new: contract("  a: { direction: client-to-server }"), kind: .payloadRemoved, oldAppNewServer: .safe,
            newAppOldServer: .breaks),
        // Fields
        Case(
            name: "required field added, server to client",
            old: contract("  a: { direction: server-to-client, payload: { x: Int } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: Int, y: Int } }"),
            kind: .fieldAddedRequired, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "required field added, client to server",
            old: contract("  a: { direction: client-to-server, payload: { x: Int } }"),
            new: contract("  a: { direction: client-to-server, payload: { x: Int, y: Int } }"),
            kind: .fieldAddedRequired, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "optional field added", old: contract("  a: { direction: both, payload: { x: Int } }"),
            new: contract("  a: { direction: both, payload: { x: Int, y: Int? } }"),
            kind: .fieldAddedOptional, oldAppNewServer: .safe, newAppOldServer: .safe),
        Case(
            name: "required field removed, server to client",
            old: contract("  a: { direction: server-to-client, payload: { x: Int, y: Int } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: Int } }"),
            kind: .fieldRemovedRequired, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "required field removed, client to server",
            old: contract("  a: { direction: client-to-server, payload: { x: Int, y: Int } }"),
            new: contract("  a: { direction: client-to-server, payload: { x: Int } }"),
            kind: .fieldRemovedRequired, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "optional field removed", old: contract("  a: { direction: both, payload: { x: Int, y: Int? } }"),
            new: contract("  a: { direction: both, payload: { x: Int } }"),
            kind: .fieldRemovedOptional, oldAppNewServer: .safe, newAppOldServer: .safe),
        Case(
            name: "field made optional, server to client",
            old: contract("  a: { direction: server-to-client, payload: { x: Int } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: Int? } }"),
            kind: .fieldMadeOptional, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "field made optional, client to server",
            old: contract("  a: { direction: client-to-server, payload: { x: Int } }"),
            new: contract("  a: { direction: client-to-server, payload: { x: Int? } }"),
            kind: .fieldMadeOptional, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "field made required, server to client",
            old: contract("  a: { direction: server-to-client, payload: { x: Int? } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: Int } }"),
            kind: .fieldMadeRequired, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "field type changed", old: contract("  a: { direction: server-to-client, payload: { x: Int } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: String } }"),
            kind: .typeChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "field widened from Int to Double, server to client",
            old: contract("  a: { direction: server-to-client, payload: { x: Int } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: Double } }"),
            kind: .typeWidened, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "field narrowed from Double to Int, server to client",
            old: contract("  a: { direction: server-to-client, payload: { x: Double } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: Int } }"),
            kind: .typeNarrowed, oldAppNewServer: .safe, newAppOldServer: .breaks),
        // A lossy change was reported as a same-shaped Swift type (issue 50's fourth bug).
        Case(
            name: "Decimal now Double, server to client",
            old: contract("  a: { direction: server-to-client, payload: { x: Decimal } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: Double } }"),
            kind: .typePrecisionLost, oldAppNewServer: .degrades, newAppOldServer: .degrades),
        Case(
            name: "Int64 now Double, client to server",
            old: contract("  a: { direction: client-to-server, payload: { x: Int64 } }"),
            new: contract("  a: { direction: client-to-server, payload: { x: Double } }"),
            kind: .typePrecisionLost, oldAppNewServer: .degrades, newAppOldServer: .degrades),
        Case(
            name: "Double now Decimal, server to client",
            old: contract("  a: { direction: server-to-client, payload: { x: Double } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: Decimal } }"),
            kind: .typePrecisionGained, oldAppNewServer: .degrades, newAppOldServer: .safe),
        // Judged by what the old decoder accepts on the wire (issue 18)
        Case(
            name: "string now a date, server to client (ISO 8601 on the wire)",
            old: contract("  a: { direction: server-to-client, payload: { x: String } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: Date } }"),
            kind: .typeNarrowed, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "string now a date where dates are numbers",
            old: contract("  a: { direction: server-to-client, payload: { x: String } }", dates: "unix-milliseconds"),
            new: contract("  a: { direction: server-to-client, payload: { x: Date } }", dates: "unix-milliseconds"),
            kind: .typeChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "URL now a string, client to server",
            old: contract("  a: { direction: client-to-server, payload: { x: URL } }"),
            new: contract("  a: { direction: client-to-server, payload: { x: String } }"),
            kind: .typeWidened, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "string now a string enum, server to client (unlisted values read as unknown)",
            old: contract("  a: { direction: server-to-client, payload: { x: String } }", types: kindEnum),
            new: contract("  a: { direction: server-to-client, payload: { x: Kind } }", types: kindEnum),
            kind: .typeNarrowed, oldAppNewServer: .safe, newAppOldServer: .degrades),
        Case(
            name: "string now a string enum, client to server (a server rejects unlisted values)",
            old: contract("  a: { direction: client-to-server, payload: { x: String } }", types: kindEnum),
            new: contract("  a: { direction: client-to-server, payload: { x: Kind } }", types: kindEnum),
            kind: .typeNarrowed, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "JSON now a string, server to client",
            old: contract("  a: { direction: server-to-client, payload: { x: JSON } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: String } }"),
            kind: .typeNarrowed, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "anything now JSON, server to client",
            old: contract("  a: { direction: server-to-client, payload: { x: \"[Int]\" } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: JSON } }"),
            kind: .typeWidened, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "URL now a date stays a change of type",
            old: contract("  a: { direction: server-to-client, payload: { x: URL } }"),
            new: contract("  a: { direction: server-to-client, payload: { x: Date } }"),
            kind: .typeChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "element type of an array changed",
            old: contract("  a: { direction: server-to-client, payload: \"[Int]\" }"),
            new: contract("  a: { direction: server-to-client, payload: \"[String]\" }"),
            kind: .typeChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "wire key renamed is a removal (and an addition)",
            old: contract("  a: { direction: server-to-client, payload: { userName: String } }"),
            new: contract("  a: { direction: server-to-client, payload: { displayName: String } }"),
            kind: .fieldRemovedRequired, oldAppNewServer: .breaks, newAppOldServer: .safe),
        // Constants
        Case(
            name: "constant added", old: contract("  a: { direction: server-to-client, payload: { s: String } }"),
            new: contract("  a: { direction: server-to-client, payload: { s: { const: ok } } }"),
            kind: .constantAdded, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "constant removed",
            old: contract("  a: { direction: server-to-client, payload: { s: { const: ok } } }"),
            new: contract("  a: { direction: server-to-client, payload: { s: String } }"),
            kind: .constantRemoved, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "constant changed",
            old: contract("  a: { direction: server-to-client, payload: { s: { const: ok } } }"),
            new: contract("  a: { direction: server-to-client, payload: { s: { const: done } } }"),
            kind: .constantChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        // Enums
        Case(
            name: "enum value added, server to client (generated enums keep unknown values)",
            old: contract("  a: { direction: server-to-client, payload: Kind }", types: kindEnum),
            new: contract("  a: { direction: server-to-client, payload: Kind }", types: kindEnumMore),
            kind: .enumValueAdded, oldAppNewServer: .degrades, newAppOldServer: .safe),
        Case(
            name: "enum value added, client to server",
            old: contract("  a: { direction: client-to-server, payload: Kind }", types: kindEnum),
            new: contract("  a: { direction: client-to-server, payload: Kind }", types: kindEnumMore),
            kind: .enumValueAdded, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "enum value removed, server to client",
            old: contract("  a: { direction: server-to-client, payload: Kind }", types: kindEnumMore),
            new: contract("  a: { direction: server-to-client, payload: Kind }", types: kindEnum),
            kind: .enumValueRemoved, oldAppNewServer: .safe, newAppOldServer: .degrades),
        Case(
            name: "enum value removed, client to server",
            old: contract("  a: { direction: client-to-server, payload: Kind }", types: kindEnumMore),
            new: contract("  a: { direction: client-to-server, payload: Kind }", types: kindEnum),
            kind: .enumValueRemoved, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "enum values changed from strings to whole numbers",
            old: contract(
                "  a: { direction: server-to-client, payload: Code }", types: "  Code: { enum: [\"0\", \"1\"] }"),
            new: contract("  a: { direction: server-to-client, payload: Code }", types: "  Code: { enum: [0, 1] }"),
            kind: .typeChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        // Channels, framing, dates
        Case(
            name: "channel address changed",
            old: contract(
                "",
                channels:
                    "  d:\n    address: \"/driver-{id}\"\n    parameters: { id: String }\n    events:\n      a: { direction: server-to-client }"
            ),
            new: contract(
                "",
                channels:
                    "  d:\n    address: \"/drivers-{id}\"\n    parameters: { id: String }\n    events:\n      a: { direction: server-to-client }"
            ),
            kind: .channelAddressChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "channel parameter renamed keeps the wire address",
            old: contract(
                "",
                channels:
                    "  d:\n    address: \"/driver-{id}\"\n    parameters: { id: String }\n    events:\n      a: { direction: server-to-client }"
            ),
            new: contract(
                "",
                channels:
                    "  d:\n    address: \"/driver-{driverId}\"\n    parameters: { driverId: String }\n    events:\n      a: { direction: server-to-client }"
            ),
            kind: .swiftAPI, oldAppNewServer: .safe, newAppOldServer: .safe),
        Case(
            name: "framing changed", old: contract("  a: { direction: both }"),
            new: contract("  a: { direction: both }", framing: "{ envelope: { name: event, payload: data } }"),
            kind: .framingChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        // Frame shapes
        Case(
            name: "the value naming an event changed",
            old: shapes("  hello: { frame: opcode, wire: 10, direction: server-to-client }"),
            new: shapes("  hello: { frame: opcode, wire: 11, direction: server-to-client }"),
            kind: .framingChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "a frame shape's constant changed", old: shapes("  READY: { direction: server-to-client }"),
            new: shapes("  READY: { direction: server-to-client }", dispatch: 1),
            kind: .framingChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "a frame shape's envelope field made required",
            old: shapes("  READY: { direction: server-to-client }"),
            new: shapes("  READY: { direction: server-to-client }", field: "s: Int"),
            kind: .fieldMadeRequired, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "date encoding changed", old: contract("  a: { direction: both, payload: { at: Date } }"),
            new: contract("  a: { direction: both, payload: { at: Date } }", dates: "unix-milliseconds"),
            kind: .dateEncodingChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "ISO 8601 with or without fractions",
            old: contract("  a: { direction: both, payload: { at: Date } }"),
            new: contract("  a: { direction: both, payload: { at: Date } }", dates: "iso8601-fractional"),
            kind: .dateEncodingVariant, oldAppNewServer: .safe, newAppOldServer: .safe),
        // Nullable and optional
        Case(
            name: "field made nullable, server to client",
            old: contract("  a: { direction: server-to-client, payload: { at: Date } }"),
            new: contract("  a: { direction: server-to-client, payload: { at: Date | null } }"),
            kind: .fieldMadeNullable, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "field no longer nullable, client to server",
            old: contract("  a: { direction: client-to-server, payload: { at: Date | null } }"),
            new: contract("  a: { direction: client-to-server, payload: { at: Date } }"),
            kind: .fieldMadeNonNullable, oldAppNewServer: .breaks, newAppOldServer: .safe),
        Case(
            name: "optional field made required but nullable",
            old: contract("  a: { direction: server-to-client, payload: { at: Date? } }"),
            new: contract("  a: { direction: server-to-client, payload: { at: Date | null } }"),
            kind: .fieldMadeRequired, oldAppNewServer: .safe, newAppOldServer: .breaks),
        Case(
            name: "absent now told apart from null",
            old: contract("  a: { direction: client-to-server, payload: { name: String? } }"),
            new: contract("  a: { direction: client-to-server, payload: { name: (String | null)? } }"),
            kind: .swiftAPI, oldAppNewServer: .safe, newAppOldServer: .safe),
        Case(
            name: "array elements may now be null",
            old: contract("  a: { direction: server-to-client, payload: { xs: \"[Int]\" } }"),
            new: contract("  a: { direction: server-to-client, payload: { xs: \"[Int | null]\" } }"),
            kind: .fieldMadeNullable, oldAppNewServer: .breaks, newAppOldServer: .safe),
        // Wire encodings
        Case(
            name: "number now sent as a string",
            old: contract("  a: { direction: server-to-client, payload: { price: Decimal } }"),
            new: contract(
                "  a: { direction: server-to-client, payload: { price: { type: Decimal, encoding: string } } }"),
            kind: .typeChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "a field's own date encoding between ISO 8601 forms",
            old: contract("  a: { direction: both, payload: { at: Date } }"),
            new: contract("  a: { direction: both, payload: { at: { type: Date, encoding: iso8601-fractional } } }"),
            kind: .dateEncodingVariant, oldAppNewServer: .safe, newAppOldServer: .safe),
        Case(
            name: "pattern of a field of pattern keys changed",
            old: contract(
                "  a: { direction: server-to-client, payload: { x: { type: \"[String: Int]\", keys: \"^x-\" } } }"),
            new: contract(
                "  a: { direction: server-to-client, payload: { x: { type: \"[String: Int]\", keys: \"^ext-\" } } }"),
            kind: .typeChanged, oldAppNewServer: .breaks, newAppOldServer: .breaks),
        Case(
            name: "field of pattern keys added (never required)",
            old: contract("  a: { direction: client-to-server, payload: { n: Int } }"),
            new: contract(
                "  a: { direction: client-to-server, payload: { n: Int, x: { type: \"[String: Int]\", keys: \"^x-\" } } }"
            ),
            kind: .fieldAddedOptional, oldAppNewServer: .safe, newAppOldServer: .safe),
    ]

    @Test(arguments: cases)
    func ruleGivesItsVerdicts(_ rule: Case) throws {
        let old = try #require(ContractLoader().load(text: rule.old, path: "old.yaml").contract)
        let new = try #require(ContractLoader().load(text: rule.new, path: "new.yaml").contract)
        let changes = ContractDiffer(old: old, new: new, file: "rules.yaml").changes().filter { $0.kind == rule.kind }
        let change = try #require(
            changes.first,
            "no \(rule.kind.rawValue) change among \(ContractDiffer(old: old, new: new, file: "r").changes().map(\.kind))"
        )
        #expect(change.oldAppNewServer.verdict == rule.oldAppNewServer, "\(change.oldAppNewServer.reason)")
        #expect(change.newAppOldServer.verdict == rule.newAppOldServer, "\(change.newAppOldServer.reason)")
    }

    @Test func everyKindOfChangeHasAFixture() {
        let covered = Set(Self.cases.map(\.kind))
        #expect(
            Set(ChangeKind.allCases).subtracting(covered).isEmpty, "\(Set(ChangeKind.allCases).subtracting(covered))")
    }

    /// docs/compatibility.md is the rule table in prose: every kind of change must have its row.
    @Test func everyKindIsDocumented() throws {
        let docs = try String(
            contentsOf: Golden.repositoryRoot.appendingPathComponent("docs/compatibility.md"), encoding: .utf8)
        for kind in ChangeKind.allCases {
            #expect(docs.contains("| `\(kind.rawValue)`"), "docs/compatibility.md has no row for \(kind.rawValue)")
        }
    }

    /// A request's cancel event and how its correlation values are chosen were compared by nobody: changing them
    /// reported nothing. Each is now its own change, saying what a given-up call sends.
    @Test(arguments: [
        (
            "reply: { event: b, match: id }", "reply: { event: b, match: id, cancel: c }",
            ChangeKind.replyCancelChanged,
            "a call given up now sends `c` with `id`"
        ),
        (
            "reply: { event: b, match: id, cancel: c }", "reply: { event: b, match: id }", .replyCancelChanged,
            "a call given up no longer sends `c` with `id`"
        ),
        (
            "reply: { event: b, match: id, cancel: c }", "reply: { event: b, match: id, cancel: d }",
            .replyCancelChanged,
            "a call given up sends `d` with `id` (was `c` with `id`)"
        ),
        (
            "reply: { event: b, match: id, cancel: c }",
            "reply: { event: b, match: id, cancel: { event: d, field: rid } }", .replyCancelChanged,
            "a call given up sends `d` with `rid` (was `c` with `id`)"
        ),
        (
            "reply: { event: b, match: id, ids: uuid }", "reply: { event: b, match: id }", .correlationValuesChanged,
            "correlation values are counted 1, 2, 3… (were random UUIDs)"
        ),
    ])
    func requestCancelAndCorrelationValueChangesAreReported(
        before: String, after: String, kind: ChangeKind, summary: String
    ) throws {
        let events =
            "  a: { direction: client-to-server, payload: { id: String }, REPLY }\n  b: { direction: server-to-client, payload: { id: String } }\n"
            + "  c: { direction: client-to-server, payload: { id: String } }\n  d: { direction: client-to-server, payload: { id: String?, rid: String? } }"
        let loaded = [before, after].map {
            ContractLoader().load(
                text: Self.contract(events.replacingOccurrences(of: "REPLY", with: $0)), path: "c.yaml")
        }
        for version in loaded { #expect(version.diagnostics.isEmpty, "\(version.diagnostics.map(\.message))") }
        let changes = ContractDiffer(
            old: try #require(loaded[0].contract), new: try #require(loaded[1].contract), file: "c.yaml"
        ).changes()
        #expect(changes.map(\.kind) == [kind])
        #expect(changes.first?.summary.markdown == summary)
        #expect(changes.first?.event == "a")
    }

    /// The API's version is documentation: a new one breaks nobody, and the report says which it was and is.
    @Test(arguments: [
        ("", "version: 2.1.0\n", "API version `2.1.0` (was none)"),
        ("version: 2.1.0\n", "version: \"3.0\"\n", "API version `3.0` (was `2.1.0`)"),
        ("version: 2.1.0\n", "", "API version removed (was `2.1.0`)"),
    ])
    func aNewAPIVersionIsDocumentation(before: String, after: String, summary: String) throws {
        let base = Self.contract("  a: { direction: both }")
        let old = try #require(ContractLoader().load(text: base + before, path: "o").contract)
        let new = try #require(ContractLoader().load(text: base + after, path: "n").contract)
        let changes = ContractDiffer(old: old, new: new, file: "f").changes()
        #expect(changes.map(\.kind) == [.documentation])
        #expect(changes.first?.summary.markdown == summary)
        #expect(changes.first?.oldAppNewServer.verdict == .safe && changes.first?.newAppOldServer.verdict == .safe)
    }

    @Test func identicalContractsHaveNoChanges() throws {
        let text = try String(
            contentsOf: Golden.repositoryRoot.appendingPathComponent("schemas/driver.yaml"), encoding: .utf8)
        let contract = try #require(ContractLoader().load(text: text, path: "driver.yaml").contract)
        #expect(ContractDiffer(old: contract, new: contract, file: "driver.yaml").changes().isEmpty)
    }

    @Test func typeChangesAreJudgedForEveryFlowTheTypeTravelsIn() throws {
        let types = "  P: { fields: { x: Int } }"
        let old = try #require(
            ContractLoader().load(
                text: Self.contract(
                    "  a: { direction: server-to-client, payload: P }\n  b: { direction: client-to-server, payload: P }",
                    types: types), path: "o"
            ).contract)
        let new = try #require(
            ContractLoader().load(
                text: Self.contract(
                    "  a: { direction: server-to-client, payload: P }\n  b: { direction: client-to-server, payload: P }",
                    types: "  P: { fields: { x: Int, y: Int } }"), path: "n"
            ).contract)
        let change = try #require(ContractDiffer(old: old, new: new, file: "f").changes().first)
        #expect(change.kind == .fieldAddedRequired)
        #expect(change.flows == [.clientToServer, .serverToClient])
        #expect(change.oldAppNewServer.verdict == .breaks && change.newAppOldServer.verdict == .breaks)
        #expect(change.type == "P" && change.path == ["y"])
    }
}
