import SchemaGenContract
/// Small pieces of Swift source the translator writes into template contexts.
package enum SwiftSyntax {
    /// `text` as a Swift string literal, escaped so it reads back exactly.
    package static func stringLiteral(_ text: String) -> String {
        String(joining: ["\"", escapedForLiteral(text), "\""])
    }

    /// `text` escaped for the inside of a Swift string literal.
    package static func escapedForLiteral(_ text: String) -> String {
        // Wire names are nearly always plain ASCII with nothing to escape: hand them back without a copy.
        if text.isQuotableAsIs { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `name`, in backticks when it is a Swift keyword.
    package static func identifier(_ name: String) -> String {
        SwiftName.needsBackticks(name) ? "`\(name)`" : name
    }

    /// `name` as an argument label in a call: every keyword but `inout`, `var` and `let` is a label as it is
    /// (escaping others draws a warning).
    package static func argumentLabel(_ name: String) -> String {
        switch name {
        case "inout", "var", "let": "`\(name)`"
        default: name
        }
    }

    /// Doc comment lines for a description, each as it follows `///`: a space and the text, or nothing for
    /// a blank line. A deprecation adds a `- Important:` line.
    package static func documentation(
        _ text: String?, deprecation: Deprecation? = nil, extra: [String] = []
    ) -> [String] {
        var lines: [String] = []
        // Split and trimmed on bytes, each line made once with its space: every event and field has documentation,
        // and splitting the text into strings, trimming them and prefixing them made each line three times.
        if let text, !text.isEmpty {
            text.withUTF8Bytes { bytes in
                var lineStart = 0
                for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
                    var lineEnd = index
                    while lineEnd > lineStart,
                        bytes[lineEnd - 1] == UInt8(ascii: " ") || bytes[lineEnd - 1] == UInt8(ascii: "\t")
                            || bytes[lineEnd - 1] == UInt8(ascii: "\r")
                    { lineEnd -= 1 }
                    lines.append(commentLine(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])))
                    lineStart = index + 1
                }
            }
        }
        if let deprecation {
            lines.append(" - Important: Deprecated" + (deprecation.message.map { ". \($0)" } ?? "."))
        }
        if !extra.isEmpty {
            if !lines.isEmpty { lines.append("") }
            for line in extra { line.withUTF8Bytes { lines.append(commentLine($0)) } }
        }
        return lines
    }

    /// A doc comment line as it follows `///`: a space and the text, or nothing for a blank line.
    private static func commentLine(_ text: UnsafeBufferPointer<UInt8>) -> String {
        guard !text.isEmpty else { return "" }
        return String(unsafeUninitializedCapacity: text.count + 1) { buffer in
            buffer[0] = UInt8(ascii: " ")
            _ = UnsafeMutableBufferPointer(rebasing: buffer[1...]).initialize(fromContentsOf: text)
            return text.count + 1
        }
    }

    /// The `@available` attribute for a deprecation.
    package static func deprecationAttribute(_ deprecation: Deprecation?) -> String? {
        guard let deprecation else { return nil }
        guard let message = deprecation.message, !message.isEmpty else { return "@available(*, deprecated)" }
        return "@available(*, deprecated, message: \(stringLiteral(message)))"
    }

    /// A constant as a Swift literal.
    package static func literal(_ constant: ConstantValue) -> String {
        switch constant {
        case .string(let text): stringLiteral(text)
        case .int(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}
