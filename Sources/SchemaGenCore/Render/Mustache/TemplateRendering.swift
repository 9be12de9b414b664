import Foundation

/// One rendering of a template: walks the parsed nodes with a stack of contexts and appends to one string.
struct TemplateRendering {
    private let library: TemplateLibrary
    private var stack: [StackLevel]
    /// The rendered UTF-8. Bytes rather than a `String`: appending to a `String` cost about 300 instructions per
    /// piece (a sixth of generation), appending to an array a small copy.
    private(set) var output: [UInt8] = []
    private var escapesHTML = true
    /// The white space every line of the partial being rendered starts with (the partial tag's indentation).
    private var indentation = ""
    /// Whether the output is at the start of a line of the partial's text, where `indentation` goes.
    private var atLineStart = false
    /// Whether an indented partial's lines get its tag's indentation (off for output a layout pass re-indents).
    private let indentsPartials: Bool
    /// Whether long lists may render on all cores; off inside a list that already does.
    private var rendersListsConcurrently = true
    /// Lists at least this long render their items on all cores, in chunks of at least this many items.
    static let concurrentListLength = 64
    /// Takes what it wants of the output so far (whole lines, for a file written as it renders) once the output
    /// reaches ``flushLength``; `nil` holds the whole output. Only the rendering a list's chunks join into flushes.
    private var flush: (@Sendable (inout [UInt8]) -> Void)?
    /// How much output waits before ``flush`` takes it.
    static let flushLength = 1 << 20

    init(library: TemplateLibrary, root: TemplateValue, indentsPartials: Bool = true, flush: (@Sendable (inout [UInt8]) -> Void)? = nil) {
        self.library = library
        self.indentsPartials = indentsPartials
        self.flush = flush
        self.stack = [StackLevel.holding(root)]
    }

    mutating func render(_ nodes: [TemplateNode]) {
        // A content-type pragma holds until the end of the template or section it is in.
        let escapedHTML = escapesHTML
        defer { escapesHTML = escapedHTML }
        for node in nodes {
            switch node {
            case .text(let text, let lines):
                writeTemplateText(text, lines: lines)
            case .variable(let name, let escaped):
                guard let value = lookUp(name) else { continue }
                let text = value.interpolated
                writeValue(escaped && escapesHTML ? text.htmlEscaped : text)
            case .section(let name, let body, let inverted):
                let value = lookUp(name)
                if inverted {
                    if value?.isFalsy ?? true { render(body) }
                } else if let value {
                    renderSection(body, over: value)
                }
            case .partial(let name, let partialIndentation, _):
                guard let partial = library.nodes(named: name) else { continue }
                let outerIndentation = indentation
                if indentsPartials, !partialIndentation.isEmpty {
                    indentation += partialIndentation
                    atLineStart = true
                }
                render(partial)
                indentation = outerIndentation
            case .contentType(let contentType):
                escapesHTML = contentType == .html
            }
        }
    }

    private mutating func renderSection(_ body: [TemplateNode], over value: TemplateValue) {
        switch value {
        case .flag(let flag):
            if flag { render(body) }
        case .list(let items):
            if rendersListsConcurrently, items.count >= 2 * Self.concurrentListLength {
                renderConcurrently(body, over: items)
            } else {
                for index in items.indices { render(body, in: items.level(index)) }
            }
        case .text, .contextLevel:
            render(body, in: StackLevel.holding(value))
        }
    }

    private mutating func render(_ body: [TemplateNode], in level: StackLevel) {
        stack.append(level)
        render(body)
        stack.removeLast()
    }

    /// Renders a section over many items in chunks on all cores, then joins the chunks in order: the same
    /// bytes as one item after another. An item's output depends on the rendering state only through
    /// `atLineStart` (the stack, indentation and content type are restored after every item), so each chunk
    /// assumes the state the first item left, and a chunk that started from another state is rendered again.
    /// The chunks go a few per core at a time, joined (and flushed) before the next ones start, so a long list's
    /// output is never held in pieces all at once.
    private mutating func renderConcurrently(_ body: [TemplateNode], over items: TemplateList) {
        render(body, in: items.level(0))
        let rest = items.indices.dropFirst()
        let chunkSize = Self.concurrentListLength
        let chunkStarts = Array(stride(from: rest.startIndex, to: rest.endIndex, by: chunkSize))
        var chunk = self
        chunk.output = []
        chunk.rendersListsConcurrently = false
        chunk.flush = nil
        let start = chunk
        let window = 4 * ProcessInfo.processInfo.activeProcessorCount
        for windowStart in stride(from: 0, to: chunkStarts.count, by: window) {
            let starts = chunkStarts[windowStart..<Swift.min(windowStart + window, chunkStarts.count)]
            var rendered = starts.concurrentMap { first in
                var rendering = start
                for index in first..<Swift.min(first + chunkSize, rest.endIndex) { rendering.render(body, in: items.level(index)) }
                // Chunks wait to be joined; one grown by doubling can be half empty, so a loose one is copied tight.
                let output = rendering.output.capacity > rendering.output.count + rendering.output.count / 8
                    ? Array(rendering.output[...]) : rendering.output
                return (output: output, endsAtLineStart: rendering.atLineStart)
            }
            // One allocation for the joined window: growing it chunk by chunk copied it again at every doubling.
            let joined = output.count + rendered.reduce(0) { $0 + $1.output.count }
            if output.capacity < joined { output.reserveCapacity(joined + joined / 4) }
            for (index, first) in starts.enumerated() {
                // Each chunk is released once joined, so the window is not held twice.
                let result = rendered[index]
                rendered[index].output = []
                if atLineStart == start.atLineStart {
                    output.append(contentsOf: result.output)
                    atLineStart = result.endsAtLineStart
                } else {
                    for index in first..<Swift.min(first + chunkSize, rest.endIndex) { render(body, in: items.level(index)) }
                }
            }
            if let flush, output.count >= Self.flushLength { flush(&output) }
        }
    }

    /// Finds `name`: its first part in the innermost context that has it (only the current one for `.name`),
    /// the other parts inside that value.
    private func lookUp(_ name: TemplateName) -> TemplateValue? {
        guard let first = name.components.first else { return stack.last?.value }
        guard var value = lookUpFirst(first, anchored: name.isAnchored) else { return nil }
        for component in name.components.dropFirst() {
            guard let child = value.child(component) else { return nil }
            value = child
        }
        return value
    }

    /// A name's first part: in the current context when anchored, else in the innermost context that has it.
    private func lookUpFirst(_ key: TemplateKeyName, anchored: Bool) -> TemplateValue? {
        var level = stack.count - 1
        while level >= 0 {
            if let found = stack[level].templateValue(forKey: key) { return found }
            if anchored { return nil }
            level -= 1
        }
        return nil
    }

    // MARK: - Output

    private mutating func writeTemplateText(_ text: [UInt8], lines: [[UInt8]]) {
        guard !indentation.isEmpty else {
            output.append(contentsOf: text)
            return
        }
        // Inside an indented partial every line of the template's own text is indented (not the lines
        // inside interpolated values), as if the partial's source were indented.
        // By index, not `enumerated()`, whose generic iterator costs in the debug builds the build plugin runs.
        for number in lines.indices {
            if number > 0 {
                output.append(UInt8(ascii: "\n"))
                atLineStart = true
            }
            let line = lines[number]
            guard !line.isEmpty else { continue }
            if atLineStart { append(indentation) }
            atLineStart = false
            output.append(contentsOf: line)
        }
    }

    private mutating func writeValue(_ text: String) {
        guard !text.isEmpty else { return }
        if atLineStart, !indentation.isEmpty {
            append(indentation)
        }
        atLineStart = false
        append(text)
    }

    /// Appends `text`'s UTF-8 in one copy; appending the `utf8` view went through its generic iterator.
    private mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ output.append(contentsOf: $0) }) == nil {
            output.append(contentsOf: text.utf8)
        }
    }
}

private extension String {
    /// The text with `& < > " '` written as HTML entities.
    var htmlEscaped: String {
        guard utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) else {
            return self
        }
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
