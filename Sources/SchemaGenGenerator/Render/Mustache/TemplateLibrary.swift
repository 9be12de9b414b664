import SchemaGenContract
/// Named, parsed templates: the main templates and the partials they include by name.
package struct TemplateLibrary: Sendable {
    private var templates: [String: [TemplateNode]] = [:]
    /// Each template's number, given to every name registered or included as a partial.
    private var numbers: [String: Int] = [:]
    /// The registered templates compiled, by number (`nil` for a partial that names no template).
    private var compiled: [CompiledTemplate?] = []

    /// Parses `text` and registers it as `name`, replacing a template of that name.
    package mutating func register(text: String, named name: String, path: String) throws(Diagnostic) {
        var parser = TemplateParser(text: text, path: path)
        set(try parser.parse(), named: name)
    }

    private mutating func set(_ nodes: [TemplateNode]?, named name: String) {
        templates[name] = nodes
        let number = number(of: name)
        guard let nodes else {
            compiled[number] = nil
            return
        }
        for partial in partials(in: nodes) { _ = self.number(of: partial) }
        compiled[number] = CompiledTemplate(nodes, partialNumbers: numbers)
    }

    /// `name`'s number, given now if it has none.
    private mutating func number(of name: String) -> Int {
        if let number = numbers[name] { return number }
        numbers[name] = compiled.count
        compiled.append(nil)
        return compiled.count - 1
    }

    /// Every partial tag that names no registered template (Mustache would render it as nothing, which
    /// hides a typo in an overriding template).
    package func missingPartials() -> [Diagnostic] {
        var missing: [Diagnostic] = []
        func visit(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .section(_, let body, _): visit(body)
                case .partial(let name, _, let location) where templates[name] == nil:
                    missing.append(
                        .error(
                            "the partial '\(name)' does not exist; the templates are \(templates.keys.sorted().joined(separator: ", "))",
                            at: location))
                default: break
                }
            }
        }
        // In name order, so the report is the same on every run.
        for name in templates.keys.sorted() { visit(templates[name] ?? []) }
        return missing
    }

    /// Renders template `name` with `context` at the top of the context stack; `nil` when there is no
    /// such template.
    package func render(_ name: String, context: some TemplateContext) -> String? {
        renderUTF8(name, context: context).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The same as UTF-8 bytes, for a layout pass that reads bytes anyway. A layout pass that sets every line's
    /// indentation itself passes `indentsPartials: false`: indenting an indented partial's lines would be undone.
    package func renderUTF8(_ name: String, context: some TemplateContext, indentsPartials: Bool = true) -> [UInt8]? {
        guard let template = numbers[name].flatMap({ compiled[$0] }) else { return nil }
        var rendering = TemplateRendering(library: self, root: .context(context), indentsPartials: indentsPartials)
        rendering.render(template)
        return rendering.output.array
    }

    /// The compiled template numbered `number` (a partial instruction's), if one is registered.
    package func template(numbered number: Int) -> CompiledTemplate? {
        compiled[number]
    }

    /// The names of the registered templates.
    package var names: Set<String> { Set(templates.keys) }

    /// The templates of `candidates` named in `roots`, and the ones they include, directly or not.
    package func names(reachableFrom roots: Set<String>, within candidates: Set<String>) -> [String] {
        var reached = roots.intersection(candidates)
        var pending = Array(reached)
        while let name = pending.popLast() {
            for included in partials(in: templates[name] ?? [])
            where candidates.contains(included) && !reached.contains(included) {
                reached.insert(included)
                pending.append(included)
            }
        }
        // In name order, so the same templates give the same library on every run.
        return reached.sorted()
    }

    /// Puts `other`'s template `name` in this library, replacing one of the same name.
    package mutating func replace(_ name: String, from other: TemplateLibrary) {
        set(other.templates[name], named: name)
    }

    private func partials(in nodes: [TemplateNode]) -> [String] {
        nodes.flatMap { node -> [String] in
            switch node {
            case .partial(let name, _, _): [name]
            case .section(_, let body, _): partials(in: body)
            default: []
            }
        }
    }
}
