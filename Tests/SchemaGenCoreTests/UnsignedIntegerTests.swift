import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// Issue 53, shape 9, outside generated code: an example holding a whole number past `Int64` is refused saying it is
/// out of range and which type holds it (it used to say only "expected a whole number"), and `infer` drafts such
/// numbers as `UInt64` with a `# guess:` (it drafted `Double`, which rounds them).
@Suite struct UnsignedIntegerTests {
    static func example(_ type: String, _ value: String) -> ContractLoader.Loaded {
        ContractLoader().load(
            text: """
                schemagen: 1
                name: Ids
                framing: {discriminator: type}
                events:
                  posted:
                    direction: server-to-client
                    payload: {id: \(type)}
                    examples: [{payload: {id: \(value)}}]
                """, path: "ids.yaml")
    }

    @Test func aNumberPastInt64SaysWhichTypeHoldsIt() {
        let refused = Self.example("Int", "17293822569102704640")
        #expect(
            refused.diagnostics.map(\.message).contains {
                $0.contains("found 17293822569102704640, a whole number past Int64's range: declare the field `UInt64`")
            }, "\(refused.diagnostics.map(\.message))")
        #expect(Self.example("UInt64", "17293822569102704640").diagnostics.isEmpty)
        let beyond = Self.example("UInt64", "18446744073709551616")
        #expect(beyond.diagnostics.map(\.message).contains { $0.contains("declare the field `Decimal`") })
        let negative = Self.example("UInt64", "-1")
        #expect(negative.diagnostics.map(\.message).contains { $0.contains("declare the field `Int64`") })
    }

    @Test func inferDraftsUInt64ForNumbersPastInt64() throws {
        let (draft, _) = try ContractInferrerTests().infer([
            (.serverToClient, #"{"type":"posted","id":17293822569102704640}"#),
            (.serverToClient, #"{"type":"posted","id":7}"#),
        ])
        #expect(draft.contains("id: UInt64"), "\(draft)")
        #expect(draft.contains("guess: UInt64: whole numbers past Int64's range were seen"), "\(draft)")
    }

    /// Oracle finding (seed 705601984, O142): a `UInt64` value inside a `JSON` value the `Mock` answers with was spelled
    /// as an integer literal, which overflows `JSONValue`'s `Int`.
    @Test func aNumberPastIntInAJSONLiteralKeepsItsText() {
        #expect(
            SwiftValueLiteral.jsonLiteral(.number("17293822569102704640"))
                == #".number(SchemaGenRuntime.JSONNumber(text: "17293822569102704640")!)"#)
        #expect(SwiftValueLiteral.jsonLiteral(.number("1.5")) == "1.5")
        #expect(SwiftValueLiteral.jsonLiteral(.integer(7)) == "7")
    }
}
