/// How wire names become Swift identifiers. One place, so the checker (which must report collisions)
/// and the generators (which print the names) can never disagree.
package enum SwiftName {
    /// `join_group` → `joinGroup`, `conversation.participantAdded` → `conversationParticipantAdded`,
    /// `job-removed` → `jobRemoved`, `2fa` → `_2fa`. `nil` when the name holds no letter or digit.
    /// `MESSAGE_CREATE` → `messageCreate`.
    package static func lowerCamel(_ wireName: String) -> String? {
        if let ascii = asciiCamel(wireName, lowerFirst: true) { return ascii }
        return lowerCamelByCharacters(wireName)
    }

    /// `job-removed` → `JobRemoved`, `order:{id}` → `OrderId`. `nil` when the name holds no letter or digit.
    /// `MESSAGE_CREATE` → `MessageCreate`.
    package static func upperCamel(_ wireName: String) -> String? {
        if let ascii = asciiCamel(wireName, lowerFirst: false) { return ascii }
        return upperCamelByCharacters(wireName)
    }

    /// ``lowerCamel(_:)`` for any name, reading Unicode properties of each character.
    package static func lowerCamelByCharacters(_ wireName: String) -> String? {
        let words = casedWords(in: wireName)
        guard let first = words.first else { return nil }
        let head = first.allSatisfy { $0.isUppercase || $0.isNumber } ? first.lowercased() : lowercasingFirst(first)
        return guardLeadingDigit(head + words.dropFirst().map(uppercasingFirst).joined())
    }

    /// ``upperCamel(_:)`` for any name, reading Unicode properties of each character.
    package static func upperCamelByCharacters(_ wireName: String) -> String? {
        let words = casedWords(in: wireName)
        guard !words.isEmpty else { return nil }
        return guardLeadingDigit(words.map(uppercasingFirst).joined())
    }

    /// The same rules on the bytes of an ASCII name (nearly every name): a checker reading 100,000 fields spent
    /// a tenth of its time in Unicode property lookups. `nil` for a name with other characters or no word,
    /// which the character-based functions then read.
    private static func asciiCamel(_ name: String, lowerFirst: Bool) -> String? {
        func isLower(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "a") < 26 }
        func isUpper(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        let utf8 = name.utf8
        // A name that is one word already in the wanted case (`text`, `maybeText`; `Payload`) is its own result.
        if let first = utf8.first, lowerFirst ? isLower(first) : isUpper(first) && utf8.contains(where: isLower),
            utf8.allSatisfy({ isLower($0) || isUpper($0) || isDigit($0) })
        {
            return name
        }
        guard name.isASCII else { return nil }
        // A name without a lower-case letter is written in capitals for emphasis: its words are read as words.
        let lowercasesWords = !utf8.contains(where: isLower)
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + 1)
        var word: [UInt8] = []
        var wordCount = 0
        func finishWord() {
            guard !word.isEmpty else { return }
            if lowercasesWords { word = word.map { isUpper($0) ? $0 | 0x20 : $0 } }
            if wordCount == 0, lowerFirst {
                if word.allSatisfy({ isUpper($0) || isDigit($0) }) {
                    word = word.map { isUpper($0) ? $0 | 0x20 : $0 }
                } else if isUpper(word[0]) {
                    word[0] |= 0x20
                }
            } else if isLower(word[0]) {
                word[0] &= ~0x20
            }
            output += word
            word.removeAll(keepingCapacity: true)
            wordCount += 1
        }
        for byte in utf8 {
            if isLower(byte) || isUpper(byte) || isDigit(byte) { word.append(byte) } else { finishWord() }
        }
        finishWord()
        guard wordCount > 0 else { return nil }
        if isDigit(output[0]) { output.insert(UInt8(ascii: "_"), at: 0) }
        return String(decoding: output, as: UTF8.self)
    }

    /// `joinGroup` → `JoinGroup`: the type name that goes with a member name.
    package static func typeName(forMember member: String) -> String {
        if member.hasPrefix("_") { return "_" + uppercasingFirst(String(member.dropFirst())) }
        return uppercasingFirst(member)
    }

    /// Whether `name` can stand as a Swift identifier (possibly needing backticks).
    package static func isValidIdentifier(_ name: String) -> Bool {
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
    package static func words(in name: String) -> [String] {
        // Most names are ASCII: split their bytes without Unicode property lookups.
        if name.isASCII {
            return name.utf8.split { byte in
                !((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
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
    package static func needsBackticks(_ name: String) -> Bool {
        keywords.contains(name)
    }

    /// Swift's reserved words. Names that match are escaped with backticks in generated code, never rejected.
    package static let keywords: Set<String> = [
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
