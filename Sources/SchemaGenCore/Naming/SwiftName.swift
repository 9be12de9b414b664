/// How wire names become Swift identifiers. One place, so the checker (which must report collisions)
/// and the generators (which print the names) can never disagree.
public enum SwiftName {
    /// `join_group` → `joinGroup`, `conversation.participantAdded` → `conversationParticipantAdded`,
    /// `job-removed` → `jobRemoved`, `2fa` → `_2fa`. `nil` when the name holds no letter or digit.
    /// `MESSAGE_CREATE` → `messageCreate`.
    public static func lowerCamel(_ wireName: String) -> String? {
        let words = casedWords(in: wireName)
        guard let first = words.first else { return nil }
        let head = first.allSatisfy { $0.isUppercase || $0.isNumber } ? first.lowercased() : lowercasingFirst(first)
        return guardLeadingDigit(head + words.dropFirst().map(uppercasingFirst).joined())
    }

    /// `job-removed` → `JobRemoved`, `order:{id}` → `OrderId`. `nil` when the name holds no letter or digit.
    /// `MESSAGE_CREATE` → `MessageCreate`.
    public static func upperCamel(_ wireName: String) -> String? {
        let words = casedWords(in: wireName)
        guard !words.isEmpty else { return nil }
        return guardLeadingDigit(words.map(uppercasingFirst).joined())
    }

    /// `joinGroup` → `JoinGroup`: the type name that goes with a member name.
    public static func typeName(forMember member: String) -> String {
        if member.hasPrefix("_") { return "_" + uppercasingFirst(String(member.dropFirst())) }
        return uppercasingFirst(member)
    }

    /// Whether `name` can stand as a Swift identifier (possibly needing backticks).
    public static func isValidIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The words of a name, ready for camel case: a name with no lower-case letter at all (`MESSAGE_CREATE`,
    /// `USER_ID`) is written in capitals for emphasis, so its words are read as words; in a mixed name
    /// (`totalGBP`, `userID`) capitals are an acronym and are kept.
    private static func casedWords(in name: String) -> [String] {
        let words = self.words(in: name)
        return name.contains(where: \.isLowercase) ? words : words.map { $0.lowercased() }
    }

    /// Words split at every character that is not a letter or digit; existing camel humps are kept.
    static func words(in name: String) -> [String] {
        // Most names are ASCII: split their bytes without Unicode property lookups.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return name.utf8.split { byte in
                !((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
            }.map { String(decoding: $0, as: UTF8.self) }
        }
        return name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    private static func uppercasingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    private static func lowercasingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    private static func guardLeadingDigit(_ name: String) -> String {
        name.first?.isNumber == true ? "_" + name : name
    }

    /// Whether `name` must be written in backticks to be used as an identifier.
    public static func needsBackticks(_ name: String) -> Bool {
        keywords.contains(name)
    }

    /// Swift's reserved words. Names that match are escaped with backticks in generated code, never rejected.
    public static let keywords: Set<String> = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        // Reserved in particular contexts that generated code uses
        "Protocol", "Type",
    ]
}
