/// A node of a contract's YAML syntax tree. Every node knows where it stands in its file.
///
/// This is the only shape of YAML the checker sees: the loader builds it from Yams' tree, and nothing
/// after the checker reads YAML at all.
package struct SyntaxNode: Sendable {
    /// How a scalar was written, which decides how it is read (`"1"` is a string, `1` a number).
    package enum ScalarStyle: Sendable, Hashable {
        case plain, quoted, block
    }

    package struct Scalar: Sendable {
        /// The scalar's text after YAML unescaping.
        package var text: String
        package var style: ScalarStyle

        package init(text: String, style: ScalarStyle) {
            self.text = text
            self.style = style
        }
    }

    /// One key-value pair of a mapping.
    package struct Entry: Sendable {
        package var key: SyntaxNode
        package var value: SyntaxNode
        // Boxed: a repeated key is rare, and an inline optional location made every entry a quarter larger.
        private var duplicate: FirstKey?

        /// Set when this key repeats an earlier key of the same mapping: where the first one is.
        package var duplicateOf: SourceLocation? {
            get { duplicate?.location }
            set { duplicate = newValue.map(FirstKey.init) }
        }

        package init(key: SyntaxNode, value: SyntaxNode, duplicateOf: SourceLocation? = nil) {
            self.key = key
            self.value = value
            duplicate = duplicateOf.map(FirstKey.init)
        }

        private final class FirstKey: Sendable {
            let location: SourceLocation
            init(_ location: SourceLocation) { self.location = location }
        }

        /// The key's text, when the key is a scalar (keys of contracts always are).
        package var keyText: String? { key.scalar?.text }
    }

    package enum Kind: Sendable {
        case scalar(Scalar)
        case mapping([Entry])
        case sequence([SyntaxNode])
    }

    package var kind: Kind
    package var location: SourceLocation

    package init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    package var scalar: Scalar? {
        if case .scalar(let scalar) = kind { return scalar }
        return nil
    }

    package var entries: [Entry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    package var elements: [SyntaxNode]? {
        if case .sequence(let elements) = kind { return elements }
        return nil
    }

    /// `null`, `~` or nothing at all, written plainly (YAML 1.2 core schema).
    package var isNull: Bool {
        guard let scalar, scalar.style == .plain else { return false }
        // A switch rather than a list's `contains`: every field's type is asked, and the list was made at each call.
        switch scalar.text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// A plain `true` or `false` (YAML 1.2 core schema: `yes` and `on` are strings).
    package var bool: Bool? {
        guard let scalar, scalar.style == .plain else { return nil }
        switch scalar.text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// A plain decimal integer.
    package var int: Int? {
        guard let scalar, scalar.style == .plain else { return nil }
        return Int(scalar.text)
    }

    /// A short name for the node's kind, for messages such as "expected a mapping, found a sequence".
    package var kindDescription: String {
        switch kind {
        case .scalar:
            if isNull { return "nothing (null)" }
            if bool != nil { return "a boolean" }
            if int != nil { return "a number" }
            return "a string"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    /// Where a character of a one-line scalar stands, for errors inside a value (`[Strin]` → column of `S`).
    ///
    /// Quoted scalars start one column after their quote. For block scalars, which span lines, this is
    /// the scalar's own position.
    package func location(ofCharacterAt offset: Int) -> SourceLocation {
        guard let scalar else { return location }
        switch scalar.style {
        case .plain: return location.advanced(byColumns: offset)
        case .quoted: return location.advanced(byColumns: offset + 1)
        case .block: return location
        }
    }
}

extension SyntaxNode: Equatable {}
extension SyntaxNode.Kind: Equatable {}
extension SyntaxNode.Scalar: Equatable {}
extension SyntaxNode.Entry: Equatable {
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.key == rhs.key && lhs.value == rhs.value && lhs.duplicateOf == rhs.duplicateOf
    }
}
