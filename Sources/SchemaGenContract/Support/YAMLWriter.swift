/// Writes a ``DocumentValue`` as block-style YAML 1.2: keys in their order, strings plain where YAML reads them
/// back as the same string and double-quoted (with JSON's escapes) otherwise, so any YAML or JSON-Schema tool
/// reads exactly what was built.
///
/// Keys that are whole numbers are quoted (JSON has only string keys, and AsyncAPI tools read YAML as JSON),
/// except with `plainIntegerKeys`: a contract's union of whole-number tags is keyed by numbers.
package struct YAMLWriter {
    package var plainIntegerKeys = false
    /// Comment lines written above a key, by the key's path from the root (`["events", "ping", "direction"]`);
    /// keys inside sequences take none.
    package var comments: [[String]: [String]] = [:]

    package init(plainIntegerKeys: Bool = false, comments: [[String]: [String]] = [:]) {
        self.plainIntegerKeys = plainIntegerKeys
        self.comments = comments
    }

    package static func write(_ value: DocumentValue) -> String {
        YAMLWriter().write(value)
    }

    package func write(_ value: DocumentValue) -> String {
        // Written as bytes: appending pieces to a `String` cost several hundred instructions each, most of the
        // writer's time for a large document.
        var output: [UInt8] = []
        switch value {
        case .object(let members) where !members.isEmpty: writeMembers(members, indent: 0, path: [], into: &output)
        case .array(let items) where !items.isEmpty: writeItems(items, indent: 0, into: &output)
        default: output = Array((inline(value) + "\n").utf8)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `path` is `nil` inside sequences, where comments are not written (an item's first key shares the dash's line).
    private func writeMembers(
        _ members: [(key: String, value: DocumentValue)], indent: Int, path: [String]?, into output: inout [UInt8]
    ) {
        for (key, value) in members {
            let memberPath = comments.isEmpty ? nil : path.map { $0 + [key] }
            if let memberPath, let lines = comments[memberPath] {
                for line in lines {
                    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
                    output.append(contentsOf: ("# " + line + "\n").utf8)
                }
            }
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            output.append(contentsOf: (plainIntegerKeys && Int(key) != nil ? key : Self.scalar(key)).utf8)
            output.append(UInt8(ascii: ":"))
            writeNested(value, indent: indent + 2, path: memberPath, into: &output)
        }
    }

    private func writeItems(_ items: [DocumentValue], indent: Int, into output: inout [UInt8]) {
        for item in items {
            switch item {
            case .object(let members) where !members.isEmpty:
                // The first member on the dash's line, the rest under it: the first line's indentation is as
                // long as the item's own plus "- ", which takes its last two spaces.
                let start = output.count
                writeMembers(members, indent: indent + 2, path: nil, into: &output)
                output[start + indent] = UInt8(ascii: "-")
            case .array(let inner) where !inner.isEmpty:
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
                output.append(contentsOf: "-\n".utf8)
                writeItems(inner, indent: indent + 2, into: &output)
            default:
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
                output.append(contentsOf: "- ".utf8)
                output.append(contentsOf: inline(item).utf8)
                output.append(UInt8(ascii: "\n"))
            }
        }
    }

    private func writeNested(_ value: DocumentValue, indent: Int, path: [String]?, into output: inout [UInt8]) {
        switch value {
        case .object(let members) where !members.isEmpty:
            output.append(UInt8(ascii: "\n"))
            writeMembers(members, indent: indent, path: path, into: &output)
        case .array(let items) where !items.isEmpty:
            output.append(UInt8(ascii: "\n"))
            writeItems(items, indent: indent, into: &output)
        default:
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: inline(value).utf8)
            output.append(UInt8(ascii: "\n"))
        }
    }

    private func inline(_ value: DocumentValue) -> String {
        switch value {
        case .string(let text): Self.scalar(text)
        case .integer(let number): String(number)
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array: "[]"
        case .object: "{}"
        }
    }

    /// A string as a plain scalar when that reads back as the same string, else double-quoted.
    package static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : text.jsonStringLiteral
    }

    private static func isPlainSafe(_ text: String) -> Bool {
        guard let firstByte = text.utf8.first, let last = text.utf8.last, last != UInt8(ascii: " ") else {
            return false
        }
        switch firstByte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: "$"), UInt8(ascii: "/"):
            break
        case 0x80...:
            guard let first = text.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        default:
            return false
        }
        // Words YAML reads as booleans or null (numbers cannot start with a letter).
        if text.utf8.count <= 5, Self.wordsReadAsOtherTypes.contains(text.lowercased()) { return false }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "$"),
                UInt8(ascii: " "),
                UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","):
                break
            case 0x80...:
                // Letters beyond ASCII are plain; anything else (a non-breaking space, a line separator) is quoted.
                return text.unicodeScalars.allSatisfy { $0.isASCII ? isPlainASCII($0) : $0.properties.isAlphabetic }
            default:
                return false
            }
        }
        return true
    }

    private static let wordsReadAsOtherTypes: Set<String> = [
        "true", "false", "null", "yes", "no", "on", "off", "y", "n",
    ]

    private static func isPlainASCII(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || ["_", "-", ".", "/", "$", " ", "(", ")", ","].contains(scalar)
    }

}
