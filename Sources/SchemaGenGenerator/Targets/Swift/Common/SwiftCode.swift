import SchemaGenContract

// Swift code as data. The translators build the statements and expressions the generated code runs out of these
// types, and `rendered` alone spells them: every keyword, operator and block the Swift target writes outside its
// templates is written in this file (`SwiftStatementsInOneLayerTests` keeps it so). A typed builder rather than
// more templates: the code here is built recursively from the contract (a date inside an optional inside an
// array, a guard over as many conditions as a channel has parameters), which Mustache sections can only spell as
// nested partials, and a typo in a builder's case does not compile where one in a template renders.

/// A Swift expression.
package indirect enum SwiftExpression: Sendable {
    /// An expression spelled elsewhere that holds no statement: a name, a literal, a type, a member path.
    case plain(String)
    /// `base.name`.
    case member(SwiftExpression, String)
    /// `callee(label: value, …)`, with a trailing closure when `closure` is set.
    case call(SwiftExpression, [SwiftArgument], closure: SwiftClosure? = nil)
    /// `try value`.
    case `try`(SwiftExpression)
    /// `await value`.
    case await(SwiftExpression)
    /// `Type.self`.
    case metatype(String)
    /// `left operator right`.
    case binary(SwiftExpression, String, SwiftExpression)
    /// `!value`.
    case not(SwiftExpression)
    /// `condition ? then : otherwise`.
    case ternary(SwiftExpression, SwiftExpression, SwiftExpression)
    /// `value?`, before a member: optional chaining.
    case optionalChain(SwiftExpression)
    /// `(value as Type)`.
    case cast(SwiftExpression, String)
    /// `(first, second)`.
    case tuple([SwiftExpression])
    /// `[first, second]`.
    case array([SwiftExpression])
    /// `{ parameters in body }`.
    case closure(SwiftClosure)

    /// `base.name(arguments…)`.
    package static func call(_ base: SwiftExpression, _ member: String, _ arguments: [SwiftArgument]) -> Self {
        .call(.member(base, member), arguments)
    }

    /// `Type(arguments…)` or `function(arguments…)`.
    package static func call(_ name: String, _ arguments: [SwiftArgument]) -> Self {
        .call(.plain(name), arguments)
    }

    /// `value.map { transform($0) }`.
    package func mapped(_ transform: (SwiftExpression) -> SwiftExpression) -> Self {
        mapped(by: "map", transform)
    }

    /// `value.method { transform($0) }`: `map`, `mapValues`.
    package func mapped(by method: String, _ transform: (SwiftExpression) -> SwiftExpression) -> Self {
        .call(.member(self, method), [], closure: SwiftClosure(body: [.expression(transform(.plain("$0")))]))
    }
}

/// An argument of a call: `label: value`, or `value` alone.
package struct SwiftArgument: Sendable {
    package var label: String?
    package var value: SwiftExpression

    package init(_ label: String?, _ value: SwiftExpression) {
        self.label = label
        self.value = value
    }
}

/// A closure: `{ [captures] parameters in body }`; with no parameters and one expression, `{ expression }`.
package struct SwiftClosure: Sendable {
    /// `[name = value]`: values the closure holds as they are when it is made.
    package var captures: [(name: String, value: SwiftExpression)] = []
    /// Captures held weakly (`[weak self]`), before `captures`.
    package var weakCaptures: [String] = []
    package var parameters: [String] = []
    package var body: [SwiftStatement]
}

/// A parameter of a function: `label name: Type = default`.
package struct SwiftParameter: Sendable {
    package var label: String
    package var name: String?
    package var type: String
    package var defaultValue: SwiftExpression?

    package init(_ label: String, _ name: String? = nil, type: String, default defaultValue: SwiftExpression? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }

    /// `label: Type? = nil`: an optional parameter a caller may leave out.
    package static func optional(_ label: String, type: String) -> Self {
        SwiftParameter(label, type: type, default: .plain("nil"))
    }

    /// `timeout: Duration? = nil`, the last parameter of every method that waits for an answer.
    package static let timeout = SwiftParameter.optional("timeout", type: "Duration?")
}

/// A condition of an `if`, `guard` or `while`.
package enum SwiftCondition: Sendable {
    /// A Boolean expression.
    case test(SwiftExpression)
    /// `let name = value`: an optional unwrapped.
    case bind(String, SwiftExpression)
    /// `case .member(let binding) = value`, or `case .member = value` without a binding.
    case enumCase(String, binding: String?, SwiftExpression)
}

/// A Swift statement.
package indirect enum SwiftStatement: Sendable {
    case expression(SwiftExpression)
    /// `let name: Type = value`.
    case `let`(String, type: String? = nil, SwiftExpression)
    /// `var name: Type = value`.
    case `var`(String, type: String? = nil, SwiftExpression)
    /// `target = value`.
    case assign(SwiftExpression, SwiftExpression)
    /// `_ = value`.
    case discard(SwiftExpression)
    case `guard`([SwiftCondition], else: [SwiftStatement])
    case `if`([SwiftCondition], [SwiftStatement])
    case `while`([SwiftCondition], [SwiftStatement])
    /// `for name in sequence { body }`.
    case `for`(String, in: SwiftExpression, [SwiftStatement])
    /// `do { body }`: a scope of its own.
    case `do`([SwiftStatement])
    case `return`(SwiftExpression?)
    case `throw`(SwiftExpression)
    case `break`
    /// `#error("message")`: a build that stops where the generator could not spell something.
    case compileError(String)
}

// MARK: - Rendering: the one place Swift is spelled

extension SwiftExpression: CustomStringConvertible, CustomDebugStringConvertible {
    /// The expression as Swift source; a closure of several statements spans lines.
    package var rendered: String {
        switch self {
        case .plain(let text): text
        case .member(let base, let name): "\(base.renderedAsOperand).\(name)"
        case .call(let callee, let arguments, let closure):
            callee.renderedAsOperand + Self.argumentList(arguments, trailing: closure)
        case .try(let value): "try \(value.rendered)"
        case .await(let value): "await \(value.rendered)"
        case .metatype(let type): "\(type).self"
        case .binary(let left, let operation, let right): "\(left.rendered) \(operation) \(right.rendered)"
        case .not(let value): "!\(value.renderedAsOperand)"
        case .ternary(let condition, let then, let otherwise):
            "\(condition.rendered) ? \(then.rendered) : \(otherwise.rendered)"
        case .optionalChain(let value): "\(value.renderedAsOperand)?"
        case .cast(let value, let type): "(\(value.rendered) as \(type))"
        case .tuple(let items): "(" + items.map(\.rendered).joined(separator: ", ") + ")"
        case .array(let items): "[" + items.map(\.rendered).joined(separator: ", ") + "]"
        case .closure(let closure): closure.rendered
        }
    }

    /// Parenthesized where an operator would otherwise bind to part of it.
    private var renderedAsOperand: String {
        switch self {
        case .try, .await, .binary, .ternary: "(\(rendered))"
        default: rendered
        }
    }

    fileprivate static func argumentList(_ arguments: [SwiftArgument], trailing closure: SwiftClosure?) -> String {
        let list = arguments.map { argument in
            argument.label.map { "\($0): \(argument.value.rendered)" } ?? argument.value.rendered
        }
        guard let closure else { return "(" + list.joined(separator: ", ") + ")" }
        return (arguments.isEmpty ? "" : "(" + list.joined(separator: ", ") + ")") + " " + closure.rendered
    }

    package var description: String { rendered }
    package var debugDescription: String { rendered.debugDescription }
}

extension SwiftClosure {
    var rendered: String {
        let list = weakCaptures.map { "weak \($0)" } + captures.map { "\($0.name) = \($0.value.rendered)" }
        var head = list.isEmpty ? "" : "[" + list.joined(separator: ", ") + "] "
        if !parameters.isEmpty { head += parameters.joined(separator: ", ") + " in" }
        let lines = SwiftStatement.lines(of: body)
        if lines.count == 1 { return "{ " + (head.isEmpty ? "" : head + " ") + lines[0] + " }" }
        return (["{" + (head.isEmpty ? "" : " " + head)] + lines.map { "    " + $0 } + ["}"]).joined(separator: "\n")
    }
}

extension SwiftParameter: CustomStringConvertible {
    package var rendered: String {
        let names = name.map { "\(label) \($0)" } ?? label
        return "\(names): \(type)" + (defaultValue.map { " = \($0.rendered)" } ?? "")
    }

    package var description: String { rendered }

}

extension SwiftCondition {
    var rendered: String {
        switch self {
        case .test(let value): value.rendered
        case .bind(let name, let value): "let \(name) = \(value.rendered)"
        case .enumCase(let member, let binding, let value):
            "case .\(member)\(binding.map { "(let \($0))" } ?? "") = \(value.rendered)"
        }
    }

    static func list(_ conditions: [SwiftCondition]) -> String {
        conditions.map(\.rendered).joined(separator: ", ")
    }
}

extension SwiftStatement: CustomStringConvertible, CustomDebugStringConvertible {
    /// The statement as Swift source, its lines joined; a block of one short statement stays on its line.
    package var rendered: String { lines.joined(separator: "\n") }

    package var description: String { rendered }
    package var debugDescription: String { rendered.debugDescription }

    /// The lines of `statements`, unindented at the top level.
    package static func lines(of statements: [SwiftStatement]) -> [String] {
        statements.flatMap(\.lines)
    }

    private var lines: [String] {
        switch self {
        case .expression(let value): return value.rendered.splitLines
        case .let(let name, let type, let value):
            return "let \(name)\(type.map { ": \($0)" } ?? "") = \(value.rendered)".splitLines
        case .var(let name, let type, let value):
            return "var \(name)\(type.map { ": \($0)" } ?? "") = \(value.rendered)".splitLines
        case .assign(let target, let value): return "\(target.rendered) = \(value.rendered)".splitLines
        case .discard(let value): return "_ = \(value.rendered)".splitLines
        case .guard(let conditions, let body):
            return Self.block("guard \(SwiftCondition.list(conditions)) else", body)
        case .if(let conditions, let body): return Self.block("if \(SwiftCondition.list(conditions))", body)
        case .while(let conditions, let body): return Self.block("while \(SwiftCondition.list(conditions))", body)
        case .for(let name, let sequence, let body): return Self.block("for \(name) in \(sequence.rendered)", body)
        case .do(let body): return Self.block("do", body, inline: false)
        case .return(let value): return [value.map { "return \($0.rendered)" } ?? "return"]
        case .throw(let value): return "throw \(value.rendered)".splitLines
        case .break: return ["break"]
        case .compileError(let message): return ["#error(\(SwiftSyntax.stringLiteral(message)))"]
        }
    }

    /// `head { body }`: on one line when the body is one line, `inline` allows it and the line stays short (the
    /// width swift-format wraps at).
    private static func block(_ head: String, _ body: [SwiftStatement], inline: Bool = true) -> [String] {
        let inner = lines(of: body)
        if inline, inner.count == 1, head.count + inner[0].count + 4 <= 120 { return ["\(head) { \(inner[0]) }"] }
        return ["\(head) {"] + inner.map { "    " + $0 } + ["}"]
    }
}

extension String {
    fileprivate var splitLines: [String] { split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}

/// Code a template reads, as the text it renders to; encoded (as contexts' properties are) as that text.
package protocol RenderedSwift: TemplateValueConvertible, Encodable {
    var rendered: String { get }
}

extension RenderedSwift {
    package var templateValue: TemplateValue? { .text(rendered) }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rendered)
    }
}

extension SwiftExpression: RenderedSwift {}
extension SwiftStatement: RenderedSwift {}
extension SwiftParameter: RenderedSwift {}

/// A declaration's parameters, which a template writes as one list.
package struct SwiftParameterList: Sendable, RenderedSwift, CustomStringConvertible {
    package var parameters: [SwiftParameter]

    package init(_ parameters: [SwiftParameter]) { self.parameters = parameters }

    package var rendered: String { parameters.map(\.rendered).joined(separator: ", ") }
    package var description: String { rendered }
}

/// A call's arguments, which a template writes as one list.
package struct SwiftArgumentList: Sendable, RenderedSwift, CustomStringConvertible {
    package var arguments: [SwiftArgument]

    package init(_ arguments: [SwiftArgument]) { self.arguments = arguments }

    package var rendered: String {
        SwiftExpression.argumentList(arguments, trailing: nil).dropFirst().dropLast().description
    }
    package var description: String { rendered }
}
