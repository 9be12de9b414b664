import SchemaGenContract
/// A parsed template laid out for rendering: its nodes in one flat array in text order, each a few numbers, and
/// its text in one buffer.
///
/// Rendering walks this rather than the parse tree: reading a tree node (an enum holding strings and arrays)
/// retained and released each of them, which with the lookups' keys was most of the interpreter's own cost. Here
/// an instruction is plain data, a section's body is the instructions up to its end, a key is its name's number,
/// and a partial is its number in the library, so rendering copies no reference per node.
package final class CompiledTemplate: Sendable {
    package struct Instruction: Sendable {
        package enum Kind: UInt8, Sendable {
            /// `text[first..<first + second]`.
            case text
            /// Interpolates ``name``, escaped when `flag` (and the content type is HTML).
            case variable
            /// A section over ``name``, inverted when `flag`; its body is the instructions up to `second`.
            case section
            /// Library template number `first` (-1 for none), every line indented by `indentations[second]`.
            case partial
            /// Later variables are escaped for HTML when `flag`.
            case contentType
        }

        package let kind: Kind
        package let flag: Bool
        package let first: Int32
        package let second: Int32
        package let name: Name

        package init(_ kind: Kind, flag: Bool = false, first: Int = 0, second: Int = 0, name: Name = .current) {
            self.kind = kind
            self.flag = flag
            self.first = Int32(first)
            self.second = Int32(second)
            self.name = name
        }
    }

    /// A tag's name: its first key's number (or `.`), and where the parts of a dotted name are.
    package struct Name: Sendable {
        /// The first part's key number; -1 for `.`, the current value.
        package let key: Int32
        /// Whether the first part is looked up in the current value only.
        package let isAnchored: Bool
        /// For a dotted name, 1 + the index of its later parts in ``CompiledTemplate/laterParts``; 0 for none.
        package let laterParts: Int32

        package static let current = Name(key: -1, isAnchored: true, laterParts: 0)
    }

    package let instructions: [Instruction]
    /// The template's text, every text instruction a range of it.
    package let text: [UInt8]
    /// The parts after the first of each dotted name.
    package let laterParts: [[TemplateKeyName]]
    /// The indentation of each indented partial tag.
    package let indentations: [String]

    /// Compiles `nodes`; `partialNumbers` numbers every partial they include.
    package init(_ nodes: [TemplateNode], partialNumbers: [String: Int]) {
        var compiler = Compiler(partialNumbers: partialNumbers)
        compiler.compile(nodes)
        instructions = compiler.instructions
        text = compiler.text
        laterParts = compiler.laterParts
        indentations = compiler.indentations
    }

    private struct Compiler {
        let partialNumbers: [String: Int]
        var instructions: [Instruction] = []
        var text: [UInt8] = []
        var laterParts: [[TemplateKeyName]] = []
        var indentations: [String] = []

        mutating func compile(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .text(let bytes):
                    instructions.append(Instruction(.text, first: text.count, second: bytes.count))
                    text.append(contentsOf: bytes)
                case .variable(let name, let escaped):
                    instructions.append(Instruction(.variable, flag: escaped, name: compiled(name)))
                case .section(let name, let body, let inverted):
                    let start = instructions.count
                    instructions.append(Instruction(.section))
                    compile(body)
                    instructions[start] = Instruction(
                        .section, flag: inverted, second: instructions.count, name: compiled(name))
                case .partial(let name, let indentation, _):
                    instructions.append(
                        Instruction(.partial, first: partialNumbers[name] ?? -1, second: indentations.count))
                    indentations.append(indentation)
                case .contentType(let contentType):
                    instructions.append(Instruction(.contentType, flag: contentType == .html))
                }
            }
        }

        private mutating func compiled(_ name: TemplateName) -> Name {
            guard let first = name.components.first else { return .current }
            var later: Int32 = 0
            if name.components.count > 1 {
                laterParts.append(Array(name.components.dropFirst()))
                later = Int32(laterParts.count)
            }
            return Name(key: Int32(first.number), isAnchored: name.isAnchored, laterParts: later)
        }
    }
}
