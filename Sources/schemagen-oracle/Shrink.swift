/// Shrinking a failing contract, in two passes: its record of choices first (``shrinkChoices(_:budget:fails:)``, which
/// keeps the contract one the generator could draw), then its YAML (``shrinkYAML(_:budget:fails:)``), which
/// removes what no choice reaches alone (a type the failure does not use, a field, an event, a scenario step) and
/// simplifies the types left.

/// Shrinks a record of choices while `fails` holds for what it draws: drops runs of choices (long runs first),
/// then lowers each choice towards zero. At most `budget` candidates are tried, so a slow check stays bounded.
func shrinkChoices(_ record: [UInt32], budget: Int, fails: ([UInt32]) -> Bool) -> [UInt32] {
    var best = record
    var tried = 0
    func attempt(_ candidate: [UInt32]) -> Bool {
        guard tried < budget, candidate != best else { return false }
        tried += 1
        if fails(candidate) {
            best = candidate
            return true
        }
        return false
    }
    var improved = true
    while improved && tried < budget {
        improved = false
        var length = max(1, best.count / 2)
        while length >= 1 && tried < budget {
            var start = 0
            while start + length <= best.count && tried < budget {
                var candidate = best
                candidate.removeSubrange(start..<(start + length))
                if attempt(candidate) { improved = true } else { start += length }
            }
            length /= 2
        }
        for index in best.indices where tried < budget {
            guard best[index] != 0 else { continue }
            for lower in [0, best[index] / 2, best[index] - 1] where lower < best[index] {
                var candidate = best
                candidate[index] = lower
                if attempt(candidate) {
                    improved = true
                    break
                }
            }
        }
    }
    return best
}

/// Shrinks a contract's YAML while `fails` holds for it: removes whole blocks (a line and the more indented lines
/// under it: an event, a field, a type, a list item), one at a time from the top, then simplifies each quoted type
/// expression a step at a time (``simpler(_:)``), again while any change helps. `schemagen:` and `name:` stay. At
/// most `budget` candidates are tried.
func shrinkYAML(_ yaml: String, budget: Int, fails: (String) -> Bool) -> String {
    var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
    func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " } }
    /// The end of the block `start` opens: the first later line no more indented than it (blank lines belong).
    func end(of start: Int) -> Int {
        var end = start + 1
        while end < lines.count, isBlank(lines[end]) || indentation(lines[end]) > indentation(lines[start]) {
            end += 1
        }
        return end
    }
    var tried = 0
    var improved = true
    while improved && tried < budget {
        improved = false
        var index = 0
        while index < lines.count && tried < budget {
            let line = lines[index]
            if isBlank(line) || line.hasPrefix("#") || line.hasPrefix("schemagen:") || line.hasPrefix("name:") {
                index += 1
                continue
            }
            var candidate = lines
            candidate.removeSubrange(index..<end(of: index))
            tried += 1
            if fails(candidate.joined(separator: "\n")) {
                lines = candidate
                improved = true
            } else {
                index += 1
            }
        }
        for index in lines.indices where tried < budget {
            guard let quote = lines[index].firstIndex(of: "\""), lines[index].hasSuffix("\""),
                lines[index][..<quote].hasSuffix(": ")
            else { continue }
            let expression = String(
                lines[index][lines[index].index(after: quote)..<lines[index].index(before: lines[index].endIndex)])
            for simpler in simpler(expression) where tried < budget {
                var candidate = lines
                candidate[index] = lines[index][..<quote] + "\"\(simpler)\""
                tried += 1
                if fails(candidate.joined(separator: "\n")) {
                    lines = candidate
                    improved = true
                    break
                }
            }
        }
    }
    return lines.joined(separator: "\n")
}

/// A type expression one step simpler each: without its `?` or `| null`, an array's or a dictionary's element, a
/// union's first member, or a plain `Int` or `String`. A constant, a pattern or a name in quotes is returned as
/// the plain types only when it reads as a type (starts with a capital or a bracket).
func simpler(_ expression: String) -> [String] {
    guard let first = expression.first, first.isUppercase || first == "[" else { return [] }
    var steps: [String] = []
    if expression.hasSuffix("?") { steps.append(String(expression.dropLast())) }
    if expression.hasSuffix(" | null") { steps.append(String(expression.dropLast(" | null".count))) }
    if first == "[", expression.hasSuffix("]") {
        let inner = expression.dropFirst().dropLast()
        var depth = 0
        var colon: String.Index?
        for index in inner.indices {
            switch inner[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case ":" where depth == 0 && colon == nil: colon = index
            default: break
            }
        }
        steps.append(
            colon.map { String(inner[inner.index(after: $0)...]).trimmingCharacters(in: .whitespaces) } ?? String(inner)
        )
    }
    if let bar = expression.range(of: " | "), !expression.hasSuffix(" | null") {
        steps.append(String(expression[..<bar.lowerBound]))
    }
    steps += ["Int", "String"].filter { $0 != expression }
    return steps.filter { !$0.isEmpty && $0 != expression }
}
