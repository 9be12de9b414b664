/// Named, parsed templates: the main templates and the partials they include by name.
struct TemplateLibrary: Sendable {
    private var templates: [String: [TemplateNode]] = [:]

    /// Parses `text` and registers it as `name`, replacing a template of that name.
    mutating func register(text: String, named name: String, path: String) throws(Diagnostic) {
        var parser = TemplateParser(text: text, path: path)
        templates[name] = try parser.parse()
    }

    /// Every partial tag that names no registered template (Mustache would render it as nothing, which
    /// hides a typo in an overriding template).
    func missingPartials() -> [Diagnostic] {
        var missing: [Diagnostic] = []
        func visit(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .section(_, let body, _): visit(body)
                case .partial(let name, _, let location) where templates[name] == nil:
                    missing.append(.error("the partial '\(name)' does not exist; the templates are \(templates.keys.sorted().joined(separator: ", "))", at: location))
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
    func render(_ name: String, context: some TemplateContext) -> String? {
        guard let nodes = templates[name] else { return nil }
        var rendering = TemplateRendering(library: self, root: .context(context))
        rendering.render(nodes)
        return rendering.output
    }

    func nodes(named name: String) -> [TemplateNode]? {
        templates[name]
    }
}
