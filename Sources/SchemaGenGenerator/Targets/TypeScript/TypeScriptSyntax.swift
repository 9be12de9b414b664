import SchemaGenRuntime
import SchemaGenContract

/// Small pieces of TypeScript source the translator writes into template contexts.
package enum TypeScriptSyntax {
    /// `text` as a TypeScript string literal (JSON's escapes, which TypeScript reads alike).
    package static func stringLiteral(_ text: String) -> String {
        text.jsonStringLiteral
    }

    /// A property key: as it is when it is an identifier, else quoted (`"order-id"`).
    package static func propertyKey(_ key: String) -> String {
        isIdentifier(key) ? key : stringLiteral(key)
    }

    /// An identifier name (ASCII): a letter, `_` or `$`, then letters, digits, `_` or `$`. Reserved words are
    /// valid property keys, so they need no quotes there.
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter || first == "_" || first == "$" else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == "$" }
    }

    /// A name usable as a parameter or tuple label: the identifier, or `_`-prefixed when it is a reserved word.
    package static func label(_ name: String) -> String {
        reservedWords.contains(name) ? "_" + name : name
    }

    /// Words that cannot name a parameter or a tuple element in strict mode.
    package static let reservedWords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
        "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
        "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
        "implements", "interface", "let", "package", "private", "protected", "public", "static", "yield", "arguments",
        "eval",
    ]

    /// A doc comment's whole lines (`/**`, ` * …`, ` */`) for a description, with `@deprecated` for a
    /// deprecation and any `extra` lines after a blank one; empty when there is nothing to say.
    package static func documentation(
        _ text: String?, deprecation: Deprecation? = nil, extra: [String] = []
    ) -> [String] {
        var lines = (text ?? "").isEmpty ? [] : text!.linesSplitAtLineFeeds.map(\.trimmingTrailingWhitespace)
        if !extra.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines += extra
        }
        if let deprecation {
            lines.append("@deprecated" + (deprecation.message.map { " \($0)" } ?? ""))
        }
        guard !lines.isEmpty else { return [] }
        // `*/` inside the text would end the comment early.
        return ["/**"] + lines.map { $0.isEmpty ? " *" : " * " + $0.replacingOccurrences(of: "*/", with: "*\\/") } + [
            " */"
        ]
    }

    /// A constant as a literal type.
    package static func literal(_ constant: ConstantValue) -> String {
        switch constant {
        case .string(let text): stringLiteral(text)
        case .int(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        }
    }

    /// A frame's value as a literal type and expression.
    package static func literal(_ value: FrameValue) -> String {
        switch value {
        case .string(let text): stringLiteral(text)
        case .integer(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }

    /// `type` ready to take a postfix (`[]`): in parentheses when it is a union or intersection.
    package static func postfixable(_ type: String) -> String {
        type.contains(" | ") || type.contains(" & ") || type.contains("=>") ? "(\(type))" : type
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
