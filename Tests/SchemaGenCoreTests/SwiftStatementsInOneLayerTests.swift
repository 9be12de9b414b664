import Foundation
import Testing

/// Issue 52's "Swift in one layer": the Swift target's translators build code as `SwiftStatement` and
/// `SwiftExpression` values, and only `SwiftCode.swift` spells them, so no statement hides in a translator's string
/// literal. Read from the sources: a statement written back into a literal fails here.
struct SwiftStatementsInOneLayerTests {
    /// The files allowed to spell statements: the builder's renderer.
    static let spellers: Set<String> = ["SwiftCode.swift"]

    /// What marks a literal as a statement (or a declaration with a default) rather than a name, a type, a member
    /// path or prose: a statement keyword at a word boundary, or an assignment.
    static func isStatement(_ text: String) -> Bool {
        text.firstMatch(
            of:
                #/(?:^|[\s{(;])(?:(?:try|await|guard|throw|let|var|while|if)\s\S|for \w+ in\s|do \{|(?:return|break)(?:\s|$))|\s=\s/#
        ) != nil
    }

    @Test func noTranslatorLiteralHoldsASwiftStatement() throws {
        let files = try ModuleSizeTests.sources(of: "SchemaGenGenerator").filter {
            $0.path.contains("/Targets/Swift/")
        }
        #expect(files.count > 10)
        var offenders: [String] = []
        var spelling: Set<String> = []
        for file in files {
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            for literal in Self.stringLiterals(in: file.text) where Self.isStatement(literal.text) {
                spelling.insert(name)
                if !Self.spellers.contains(name) { offenders.append("\(name):\(literal.line): \(literal.text)") }
            }
        }
        #expect(offenders.isEmpty, "Swift statements in translators' literals:\n\(offenders.joined(separator: "\n"))")
        #expect(spelling == Self.spellers, "files that spell Swift statements: \(spelling.sorted())")
    }

    @Test func theScannerFindsStatementsAndSkipsProseAndInterpolations() {
        let source = #"""
            let a = "try fields.value(\"k\")"  // "guard in a comment"
            let b = "Sends the request and returns its items; \(try make())"
            let c = "payload.\(name) = \(value)"
            /// "return nil" in a doc comment
            let d = """
                if x { break }
                """
            """#
        let literals = Self.stringLiterals(in: source)
        #expect(
            literals.map(\.text) == [
                #"try fields.value(\"k\")"#, "Sends the request and returns its items; ", "payload. = ",
                "    if x { break }\n    ",
            ])
        #expect(literals.map { Self.isStatement($0.text) } == [true, false, true, true])
    }

    /// The contents of every string literal outside comments, with interpolations removed (they are the generator's
    /// own Swift, not generated code), each with the line it starts on.
    static func stringLiterals(in source: String) -> [(text: String, line: Int)] {
        let characters = Array(source)
        var literals: [(String, Int)] = []
        var index = 0
        var line = 1
        func peek(_ text: String, at position: Int) -> Bool {
            let wanted = Array(text)
            return position + wanted.count <= characters.count
                && Array(characters[position..<position + wanted.count]) == wanted
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                line += 1
                index += 1
            } else if peek("//", at: index) {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if character == "#" && peek("#\"", at: index) || character == "\"" {
                // A raw literal (`#"…"#`) or a plain or multi-line one.
                let raw = character == "#"
                if raw { index += 1 }
                let multiline = peek("\"\"\"", at: index)
                let close = (multiline ? "\"\"\"" : "\"") + (raw ? "#" : "")
                index += multiline ? 3 : 1
                let start = line
                var text = ""
                while index < characters.count, !peek(close, at: index) {
                    if characters[index] == "\\", !raw {
                        if index + 1 < characters.count, characters[index + 1] == "(" {
                            // Skip the interpolation to its closing parenthesis.
                            var depth = 0
                            index += 1
                            repeat {
                                if characters[index] == "(" { depth += 1 }
                                if characters[index] == ")" { depth -= 1 }
                                if characters[index] == "\n" { line += 1 }
                                index += 1
                            } while depth > 0 && index < characters.count
                            continue
                        }
                        text.append(characters[index])
                        text.append(characters[index + 1])
                        index += 2
                        continue
                    }
                    if characters[index] == "\n" { line += 1 }
                    text.append(characters[index])
                    index += 1
                }
                index += close.count
                if multiline, text.hasPrefix("\n") { text.removeFirst() }
                literals.append((text, start))
            } else {
                index += 1
            }
        }
        return literals
    }
}
