import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// Where an event without `frame:` travels (issue 34, bug 8): the shape that says `default: true`, else the first
/// with a `name:`, which is warned about when several shapes name events.
@Suite struct FramePlacementTests {
    static func load(_ frames: String) -> ContractLoader.Loaded {
        ContractLoader().load(
            text: """
                schemagen: 1
                name: Ctl
                frames:
                \(frames)
                events:
                  tick: {direction: server-to-client, payload: {n: Int}}
                  ping: {frame: control, direction: client-to-server, payload: {at: Int}}
                """, path: "ctl.yaml")
    }

    @Test func eventsWithoutFrameTravelInTheDefaultShape() throws {
        let loaded = Self.load(
            """
              control: {has: [method, params, id], name: method, payload: params, fields: {id: Int}}
              message: {name: type, payload: data, default: true}
            """)
        let contract = try #require(loaded.contract)
        #expect(loaded.diagnostics.isEmpty)
        #expect(contract.events.first { $0.wireName == "tick" }?.shapeIndex == 1)
        #expect(contract.events.first { $0.wireName == "ping" }?.shapeIndex == 0)
    }

    @Test func withoutADefaultTheFirstNamingShapeIsTakenAndWarnedAbout() throws {
        let loaded = Self.load(
            """
              control: {has: [method, params, id], name: method, payload: params, fields: {id: Int}}
              message: {name: type, payload: data}
            """)
        let contract = try #require(loaded.contract)
        #expect(contract.events.first { $0.wireName == "tick" }?.shapeIndex == 0)
        #expect(loaded.diagnostics.map(\.severity) == [.warning])
        #expect(loaded.diagnostics.first?.message.contains("`default: true`") == true)
    }

    @Test func oneShapeThatNamesEventsNeedsNoDefault() throws {
        let loaded = Self.load(
            """
              reply: {has: [id], payload: result, fields: {id: Int}}
              control: {name: method, payload: params}
            """)
        #expect(loaded.contract != nil)
        #expect(loaded.diagnostics.isEmpty)
    }
}
