import Yams

/// Turns libyaml's terse errors into located diagnostics that say what to do.
package struct YAMLErrorTranslator {
    package let source: SourceText

    package func diagnostic(for error: YamlError) -> Diagnostic {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
            let .composer(context, problem, mark, _):
            let location = source.location(line: mark.line, column: mark.column)
            if problem == "found undefined alias" { return undefinedAlias(at: location) }
            let note = context.flatMap { context in
                Self.phrase(context.text).map {
                    Diagnostic.note($0, at: source.location(line: context.mark.line, column: context.mark.column))
                }
            }
            return .error(message(for: problem, at: location), at: location, notes: note.map { [$0] } ?? [])
        case let .reader(problem, offset, _, _):
            let location = offset.map(source.location(ofUTF8Offset:)) ?? source.location(line: 1, column: 1)
            return .error("cannot read the text: \(problem); save the contract as UTF-8", at: location)
        case .duplicatedKeysInMapping(let keys, let context):
            return .error(
                "duplicate key '\(keys.first ?? "")'",
                at: source.location(line: context.mark.line, column: context.mark.column))
        default:
            return .error("cannot parse the YAML: \(error)", at: source.location(line: 1, column: 1))
        }
    }

    private func message(for problem: String, at location: SourceLocation) -> String {
        let character = source.line(location.line).flatMap { line -> Unicode.Scalar? in
            let scalars = Array(line.unicodeScalars)
            return location.column - 1 < scalars.count ? scalars[location.column - 1] : nil
        }
        switch problem {
        case "found character that cannot start any token" where character == "\t":
            return "YAML syntax error: a tab cannot indent or start a value; indent with spaces"
        case "found character that cannot start any token":
            let shown = character.map { "'\($0)'" } ?? "this character"
            return "YAML syntax error: \(shown) cannot start a value here; quote the value"
        case "mapping values are not allowed in this context":
            return
                "YAML syntax error: unexpected ':' here; quote a value that contains ': ', or fix the indentation of this key"
        case "could not find expected ':'":
            return "YAML syntax error: expected ':' after a key; a line in a mapping must read `key: value`"
        case "did not find expected key":
            return "YAML syntax error: this line does not continue the mapping above it; check its indentation"
        case "did not find expected '-' indicator":
            return "YAML syntax error: expected a list item ('- ') at this indentation; check the indentation"
        case "found unexpected end of stream":
            return
                "YAML syntax error: the file ends inside an unfinished value; close the quote or bracket that is still open"
        case "but found another document":
            return "the file holds more than one YAML document ('---'); a contract is one document"
        case let problem where problem.hasPrefix("Maximum nesting level reached"):
            return
                "the YAML nests deeper than \(YAMLLoader.maximumNestingDepth) levels; a contract never needs this, so this is not a schemagen contract"
        default:
            return "YAML syntax error: \(problem)"
        }
    }

    /// libyaml reports an alias as undefined both when no anchor of its name comes before it and when it sits
    /// inside the very node its anchor names (a cycle, which would make the contract contain itself).
    private func undefinedAlias(at location: SourceLocation) -> Diagnostic {
        guard let line = source.line(location.line) else {
            return .error("YAML syntax error: an alias refers to no anchor defined before it", at: location)
        }
        let name = String(line.unicodeScalars.dropFirst(location.column).prefix { !Self.endsAnchorName($0) })
        guard let anchor = anchorLocation(named: name, before: location) else {
            return .error(
                "YAML syntax error: the alias '*\(name)' refers to no anchor '&\(name)' defined before it; define the anchor first or fix the name",
                at: location)
        }
        return .error(
            "YAML syntax error: the alias '*\(name)' sits inside the value anchored '&\(name)' that it refers to, so that value would contain itself; "
                + "an alias can only repeat a value that is already complete", at: location,
            notes: [.note("'&\(name)' is anchored here", at: anchor)])
    }

    /// The last `&name` before `limit`, if any.
    private func anchorLocation(named name: String, before limit: SourceLocation) -> SourceLocation? {
        guard !name.isEmpty else { return nil }
        var found: SourceLocation?
        for number in 1...limit.line {
            guard let line = source.line(number) else { break }
            let scalars = Array(line.unicodeScalars)
            let target = Array("&\(name)".unicodeScalars)
            var column = 0
            while column + target.count <= scalars.count {
                if number == limit.line, column + 1 >= limit.column { break }
                let follows = column + target.count < scalars.count ? scalars[column + target.count] : " "
                if Array(scalars[column..<column + target.count]) == target, Self.endsAnchorName(follows) {
                    found = source.location(line: number, column: column + 1)
                }
                column += 1
            }
        }
        return found
    }

    /// Anchor and alias names run to white space or a flow indicator.
    private static func endsAnchorName(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || ",[]{}".unicodeScalars.contains(scalar)
    }

    /// libyaml's context, as a note; `nil` for contexts that add nothing ("while scanning for the next token").
    private static func phrase(_ context: String) -> String? {
        switch context {
        case "while scanning a simple key": "in this key"
        case "while parsing a block mapping": "in the mapping that starts here"
        case "while parsing a flow mapping": "in the mapping that starts here"
        case "while parsing a block collection": "in the list that starts here"
        case "while parsing a flow sequence": "in the list that starts here"
        case "while scanning a quoted scalar": "in the quoted string that starts here"
        case "expected a single document in the stream": "the first document starts here"
        case "while scanning for the next token": nil
        default: context
        }
    }
}
