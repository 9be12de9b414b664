import Foundation
import FuzzSupport
import SchemaGenRuntime

/// `WireDecoder` against Foundation's `JSONDecoder` on the same bytes, as any JSON and as a typed payload.
/// Where both read the input they must give equal values; where only one does, the input must show one of
/// the differences docs/decoding.md documents. Anything else is a finding.
struct Payload: Codable, Equatable {
    var id: Int
    var name: String
    var ratio: Double?
    var flags: [Bool]?
    var at: Date?
    var small: Int8?
    var big: UInt64?
    var nested: [String: [Payload]]?
    var any: JSONValue?
}

@_cdecl("FuzzWireDecoder_main")
public func fuzzWireDecoderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { start, count in fuzzWireDecoder(start.map { Data(bytes: $0, count: count) } ?? Data()) }
}

func fuzzWireDecoder(_ data: Data) -> CInt {
    compare(JSONValue.self, data)
    compare(Payload.self, data)
    compare([String: Int].self, data)
    return 0
}

func compare<T: Decodable & Equatable>(_ type: T.Type, _ data: Data) {
    let wire = Result { try WireDecoder(dates: .iso8601).decode(T.self, from: data) }
    let foundation = Result { try WireDateEncoding.iso8601.makeJSONDecoder().decode(T.self, from: data) }
    switch (wire, foundation) {
    case (.success(let value), .success(let expected)):
        guard value != expected else { return }
        // Integers are read exactly; Foundation goes through Double for numbers with a fraction or exponent.
        if T.self != JSONValue.self, hasFractionOrExponent(data) { return }
        fatalError("different values for \(T.self): \(value) vs \(expected) from \(show(data))")
    case (.success, .failure(let error)):
        // Whole numbers written with an exponent that Foundation rejects at the edge of a type's range, and
        // zeros written with an exponent (`0e1`, `-0.0E+2`), which RFC 8259 allows and JSONDecoder often rejects.
        if T.self != JSONValue.self, hasFractionOrExponent(data) { return }
        if hasZeroWithExponent(data) { return }
        fatalError("read what Foundation rejects (\(error)) as \(T.self): \(show(data))")
    case (.failure(let error), .success):
        if isDocumentedStricterInput(data) || (T.self != JSONValue.self && hasFractionOrExponent(data)) { return }
        // JSONDecoder leaves values it does not read unchecked (`"x":01`, a repeated key's later value);
        // Foundation's own full parse rejects such documents as schemagen does.
        if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil { return }
        fatalError("rejected what Foundation reads (\(error)) as \(T.self): \(show(data))")
    case (.failure, .failure):
        return
    }
}

/// Inputs schemagen rejects on purpose and Foundation reads (docs/decoding.md): a byte order mark, trailing
/// commas, UTF-16 or UTF-32 text, and strings with invalid UTF-8, control characters, bad escapes or lone
/// surrogates, which Foundation does not check in values it skips.
func isDocumentedStricterInput(_ data: Data) -> Bool {
    let bytes = Array(data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.contains(0) { return true }
    if bytes.contains(where: { $0 >= 0x80 || $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) { return true }
    if bytes.contains(UInt8(ascii: "\\")) { return true }
    var previous: UInt8 = 0
    for byte in bytes where ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
        if previous == UInt8(ascii: ","), byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { return true }
        previous = byte
    }
    return false
}

/// Whether the input holds a number whose digits are all zeros, written with an exponent (`0e1`, `-0.0E+2`).
func hasZeroWithExponent(_ data: Data) -> Bool {
    let bytes = Array(data)
    func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] &- UInt8(ascii: "0") < 10 }
    for start in bytes.indices where bytes[start] == UInt8(ascii: "0") {
        if start > 0, isDigit(start - 1) || bytes[start - 1] == UInt8(ascii: ".") { continue }
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] == UInt8(ascii: "0") { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") { return true }
    }
    return false
}

func hasFractionOrExponent(_ data: Data) -> Bool {
    data.contains(UInt8(ascii: ".")) || data.contains(UInt8(ascii: "e")) || data.contains(UInt8(ascii: "E"))
}

func show(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self).debugDescription + " (\(data.map { String(format: "%02x", $0) }.joined()))"
}
