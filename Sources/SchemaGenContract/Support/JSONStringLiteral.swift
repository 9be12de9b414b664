extension String {
    /// The text as a double-quoted JSON string literal, which TypeScript and YAML's double-quoted scalars read
    /// alike: `\\`, `\"`, `\n`, `\r`, `\t`, and `\uXXXX` for other control characters, C1 controls, the line and
    /// paragraph separators (line ends to older JavaScript) and the byte-order mark (which YAML readers drop).
    package var jsonStringLiteral: String {
        // Most strings are printable ASCII with nothing to escape: quoted as they are.
        if isQuotableAsIs { return "\"" + self + "\"" }
        var out = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
