@testable import SchemaGenCore
import TestSupport

/// `text` laid out as a streamed file is: handed to `layout` in pieces of whole lines (about `cutEvery` lines
/// each, at random), the rest at the end.
func streamed(_ text: String, through layout: some LineLayout, cutEvery lines: Int, using generator: inout SeededGenerator) -> String {
    var layout = layout
    var output: [UInt8] = []
    let bytes = Array(text.utf8)
    var pieceStart = 0, linesInPiece = 0, limit = Int.random(in: 1...lines, using: &generator)
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
        linesInPiece += 1
        guard linesInPiece >= limit else { continue }
        bytes[pieceStart...index].withUnsafeBufferPointer { layout.layOut($0) { output.append(contentsOf: $0) } }
        pieceStart = index + 1
        linesInPiece = 0
        limit = Int.random(in: 1...lines, using: &generator)
    }
    bytes[pieceStart...].withUnsafeBufferPointer { layout.layOut($0) { output.append(contentsOf: $0) } }
    layout.finish { output.append(contentsOf: $0) }
    return String(decoding: output, as: UTF8.self)
}
