/// Reading the small values every part of a contract uses: text, descriptions, deprecations, Swift names.
extension Checker {
    /// A string scalar; reports anything else. Numbers and booleans are accepted as their text.
    package mutating func readText(_ node: SyntaxNode, what: String) -> String? {
        guard let scalar = node.scalar, !node.isNull || scalar.style != .plain else {
            diagnostics.error("\(what) must be text, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return scalar.text
    }

    package mutating func readDescription(_ reader: MappingReader) -> String? {
        reader["description"].flatMap { readText($0, what: "`description`") }
    }

    /// `deprecated: true`, `deprecated: false`, or `deprecated: "use x instead"`.
    package mutating func readDeprecation(_ reader: MappingReader) -> Deprecation? {
        guard let node = reader["deprecated"] else { return nil }
        if let flag = node.bool { return flag ? Deprecation(message: nil) : nil }
        guard let scalar = node.scalar, !node.isNull else {
            diagnostics.error(
                "`deprecated` must be `true` or a message saying what to use instead, found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        return Deprecation(message: scalar.text)
    }

    /// The Swift name of a member: the `swiftName` override when given, else derived from the wire name.
    package mutating func readSwiftName(
        _ reader: MappingReader?, wireName: String, what: String, at location: SourceLocation
    ) -> String {
        if let node = reader?["swiftName"], let name = readText(node, what: "`swiftName`") {
            if SwiftName.isValidIdentifier(name) { return name }
            diagnostics.error(
                "`swiftName` '\(name)' is not a Swift identifier; use letters, digits and '_', starting with a letter",
                at: node.location)
            return name
        }
        return derivedSwiftName(wireName, what: what, at: location)
    }

    /// The derived Swift name of `wireName`; reports names with no letter or digit to build one from.
    package mutating func derivedSwiftName(_ wireName: String, what: String, at location: SourceLocation) -> String {
        if let name = SwiftName.lowerCamel(wireName) { return name }
        diagnostics.error(
            "cannot derive a Swift name from \(what) '\(wireName)', which has no letter or digit; add `swiftName:`",
            at: location)
        return wireName
    }
}
