import Foundation
import SchemaGenContract

/// One rendering of a template: walks its compiled instructions with a stack of contexts and appends to one buffer.
package struct TemplateRendering {
    private let library: TemplateLibrary
    private var stack: [StackLevel]
    /// The rendered UTF-8. Bytes rather than a `String`: appending to a `String` cost about 300 instructions per
    /// piece (a sixth of generation), appending to a buffer a small copy.
    package private(set) var output = ByteBuffer()
    private var escapesHTML = true
    /// The white space every line of the partial being rendered starts with (the partial tag's indentation).
    private var indentation = ""
    /// Whether the output is at the start of a line of the partial's text, where `indentation` goes.
    private var atLineStart = false
    /// Whether an indented partial's lines get its tag's indentation (off for output a layout pass re-indents).
    private let indentsPartials: Bool

    package init(library: TemplateLibrary, root: TemplateValue, indentsPartials: Bool = true) {
        self.library = library
        self.indentsPartials = indentsPartials
        self.stack = [StackLevel.holding(root)]
    }

    package mutating func render(_ template: CompiledTemplate) {
        render(template, from: 0, to: template.instructions.count)
    }

    /// Renders `template`'s instructions `start..<end` (a whole template, or a section's body).
    private mutating func render(_ template: CompiledTemplate, from start: Int, to end: Int) {
        // A content-type pragma holds until the end of the template or section it is in.
        let escapedHTML = escapesHTML
        defer { escapesHTML = escapedHTML }
        var index = start
        while index < end {
            let instruction = template.instructions[index]
            index += 1
            switch instruction.kind {
            case .text:
                writeTemplateText(template, from: Int(instruction.first), count: Int(instruction.second))
            case .variable:
                guard let value = lookUp(instruction.name, in: template) else { continue }
                let text = value.interpolated
                writeValue(instruction.flag && escapesHTML ? text.htmlEscaped : text)
            case .section:
                let value = lookUp(instruction.name, in: template)
                let body = (start: index, end: Int(instruction.second))
                index = body.end
                if instruction.flag {
                    if value?.isFalsy ?? true { render(template, from: body.start, to: body.end) }
                } else if let value {
                    renderSection(template, from: body.start, to: body.end, over: value)
                }
            case .partial:
                guard instruction.first >= 0, let partial = library.template(numbered: Int(instruction.first)) else {
                    continue
                }
                let outerIndentation = indentation
                if indentsPartials {
                    let partialIndentation = template.indentations[Int(instruction.second)]
                    if !partialIndentation.isEmpty {
                        indentation += partialIndentation
                        atLineStart = true
                    }
                }
                render(partial)
                indentation = outerIndentation
            case .contentType:
                escapesHTML = instruction.flag
            }
        }
    }

    private mutating func renderSection(
        _ template: CompiledTemplate, from start: Int, to end: Int, over value: TemplateValue
    ) {
        switch value {
        case .flag(let flag):
            if flag { render(template, from: start, to: end) }
        case .list(let items):
            for index in items.indices { render(template, from: start, to: end, in: items.level(index)) }
        case .text, .contextLevel:
            render(template, from: start, to: end, in: StackLevel.holding(value))
        }
    }

    private mutating func render(_ template: CompiledTemplate, from start: Int, to end: Int, in level: StackLevel) {
        stack.append(level)
        render(template, from: start, to: end)
        stack.removeLast()
    }

    /// Finds `name`: its first part in the innermost context that has it (only the current one for `.name`),
    /// the other parts inside that value.
    private func lookUp(_ name: CompiledTemplate.Name, in template: CompiledTemplate) -> TemplateValue? {
        guard name.key >= 0 else { return stack.last?.value }
        guard var value = lookUpFirst(TemplateKeyName(number: Int(name.key)), anchored: name.isAnchored) else {
            return nil
        }
        guard name.laterParts > 0 else { return value }
        for component in template.laterParts[Int(name.laterParts) - 1] {
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

    private mutating func writeTemplateText(_ template: CompiledTemplate, from start: Int, count: Int) {
        template.text.withUnsafeBufferPointer { text in
            let bytes = UnsafeBufferPointer(rebasing: text[start..<start + count])
            guard !indentation.isEmpty else {
                output.append(bytes)
                return
            }
            // Inside an indented partial every line of the template's own text is indented (not the lines
            // inside interpolated values), as if the partial's source were indented.
            var lineStart = 0
            while lineStart <= bytes.count {
                let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                if lineStart > 0 {
                    output.append(UInt8(ascii: "\n"))
                    atLineStart = true
                }
                if lineEnd > lineStart {
                    if atLineStart { append(indentation) }
                    atLineStart = false
                    output.append(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]))
                }
                lineStart = lineEnd + 1
            }
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

    /// Appends `text`'s UTF-8 in one copy.
    private mutating func append(_ text: String) {
        output.append(text)
    }
}

private extension String {
    /// The text with `& < > " '` written as HTML entities.
    var htmlEscaped: String {
        guard
            utf8.contains(where: {
                $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                    || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")
            })
        else {
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
