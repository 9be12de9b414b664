import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// Which requests count their correlation values and which take them from the caller when a contract writes no `ids:`
/// (issue 50's third bug: a business field was filled with a counter).
@Suite struct CorrelationDefaultsTests {
    static let contract = GenerationGoldenTests.contracts.appendingPathComponent("business-match.yaml")

    @Test func aBusinessFieldIsTheCallersAndTheContractIsToldWhereToSaySo() throws {
        let loaded = ContractLoader().load(path: Self.contract.path)
        let contract = try #require(loaded.contract, "\(loaded.diagnostics)")
        let ids = Dictionary(
            uniqueKeysWithValues: contract.events.compactMap { event in
                event.reply.map { (event.wireName, $0.ids) }
            })
        #expect(ids == ["get_quote": .app, "get_time": .counter, "place_order": .app])
        #expect(loaded.diagnostics.count == 1)
        let warning = try #require(loaded.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location?.line == 14 && warning.location?.column == 5)
        #expect(warning.message.contains("'get_quote' is matched by 'symbol'"))
        #expect(warning.message.contains("write `ids: app` under `reply:`"))
        #expect(warning.message.contains("or `ids: counter`"))
    }

    @Test(arguments: [
        ("id", true), ("request_id", true), ("requestId", true), ("req-id", true), ("sub_id", true),
        ("client_request_id", true), ("nonce", true), ("ref", true), ("correlationId", true),
        ("order_id", false), ("symbol", false), ("channel", false), ("user_ref_code", false), ("idea", false),
    ])
    func namesThatReadAsRequestIDs(name: String, readsAsRequestID: Bool) {
        #expect(CorrelationDefaults.readsAsRequestID(name) == readsAsRequestID)
    }
}
