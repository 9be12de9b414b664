import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// The order-keeping JSON reader refuses what JSON refuses, as the generated code's decoder does: FuzzInterpreter found
/// `\u+Aae` read as U+0AAE (a sign taken by `UInt32(_:radix:)`), so the interpreter passed a key generated code refuses.
@Suite struct DocumentValueParsingTests {
    @Test(arguments: [#"{"a\u+Aae":1}"#, #"{"a\u-001":1}"#, #"["\u 12a"]"#, #"["\u12"]"#])
    func aUnicodeEscapeIsFourHexDigitsExactly(json: String) {
        #expect(throws: DocumentValue.JSONError.self) { try DocumentValue(parsingJSON: Array(json.utf8)) }
    }

    @Test func fourHexDigitsAreRead() throws {
        #expect(try DocumentValue(parsingJSON: Array(#"["\u00e9\u00C9"]"#.utf8)) == .array([.string("éÉ")]))
    }
}
