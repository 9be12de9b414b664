import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// Near-valid contracts: a drawn contract that lints, with one mistake a user makes put in it. The checker must refuse
/// each with an error located at (or just before) the line the mistake is on, or with a note there, naming what is wrong: never accept it,
/// never crash, never report it somewhere else.
enum NearValidContracts {
    /// One mistake: where it went (a 1-based line of the mutated text), and a word the error must contain.
    struct Mistake {
        var name: String
        var text: String
        var line: Int
        var mentions: String
    }

    static func mistakes(in yaml: String) -> [Mistake] {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [Mistake] = []
        func replacing(_ index: Int, with replacement: [String], name: String, mentions: String) {
            var changed = lines
            changed.replaceSubrange(index...index, with: replacement)
            result.append(
                Mistake(name: name, text: changed.joined(separator: "\n"), line: index + 1, mentions: mentions))
        }
        func inserting(_ line: String, before index: Int, name: String, mentions: String) {
            var changed = lines
            changed.insert(line, at: index)
            result.append(
                Mistake(name: name, text: changed.joined(separator: "\n"), line: index + 1, mentions: mentions))
        }
        func indentation(_ line: String) -> String { String(line.prefix { $0 == " " }) }

        // A direction misspelt, and a key misspelt, on the first event.
        if let index = lines.firstIndex(where: { $0.hasPrefix("    direction: ") }) {
            replacing(index, with: ["    direction: sideways"], name: "an unknown direction", mentions: "sideways")
            replacing(
                index, with: [lines[index].replacingOccurrences(of: "direction:", with: "directon:")],
                name: "a misspelt key", mentions: "directon")
        }
        // A field of an undeclared type, in the first inline payload or struct (or tuple, as an element).
        if let index = lines.indices.first(where: {
            ($0 + 1 < lines.count)
                && (lines[$0].hasSuffix("  payload:") || lines[$0].hasSuffix("  fields:")
                    || lines[$0].hasSuffix("  tuple:"))
                && indentation(lines[$0 + 1]).count > indentation(lines[$0]).count
        }) {
            let isTuple = lines[index + 1].trimmingCharacters(in: .whitespaces).hasPrefix("- ")
            inserting(
                indentation(lines[index + 1]) + (isTuple ? "- " : "") + "zz_field: \"NoSuchType\"", before: index + 1,
                name: "a field of an undeclared type", mentions: "NoSuchType")
        }
        // A reply or subscription naming an event the contract does not have.
        if let index = lines.indices.first(where: {
            $0 > 0 && (lines[$0 - 1].hasSuffix("reply:") || lines[$0 - 1].hasSuffix("subscription:"))
                && lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("event: ")
        }) {
            replacing(
                index, with: [indentation(lines[index]) + "event: no_such_event"], name: "a reply naming no event",
                mentions: "no_such_event")
        }
        // A channel address with a placeholder no parameter declares.
        if let index = lines.firstIndex(where: { $0.hasPrefix("    address: ") && $0.contains("{key}") }) {
            replacing(
                index, with: [lines[index].replacingOccurrences(of: "{key}", with: "{nokey}")],
                name: "an address placeholder without its parameter", mentions: "nokey")
        }
        // An enum mixing strings and numbers.
        if let index = lines.firstIndex(where: { $0.hasPrefix("    enum: [") }) {
            replacing(index, with: ["    enum: [red, 1.5]"], name: "an enum value that is neither", mentions: "1.5")
        }
        // A server-chosen subscription id of the other type in the reply than in the items: none would ever match.
        if lines.contains(where: { $0.hasSuffix("  id: sub_id") }),
            let index = lines.firstIndex(where: { $0.hasSuffix("  sub_id: Int") || $0.hasSuffix("  sub_id: String") })
        {
            let other = lines[index].hasSuffix("Int") ? "String" : "Int"
            replacing(
                index, with: [indentation(lines[index]) + "sub_id: \(other)"],
                name: "a subscription id of another type than its items'", mentions: "so no item would ever match")
        }
        // A scenario step naming an event the contract does not have.
        if let index = lines.firstIndex(where: { $0.hasPrefix("      - send: ") }) {
            replacing(
                index, with: ["      - send: no_such_event"], name: "a scenario sending no event",
                mentions: "no_such_event")
        }
        return result
    }
}

extension OracleRun {
    /// Every mistake put in every contract that linted: each must be an error at its line (or the one before or after:
    /// a key's error may sit on its mapping, a scenario step's on the step's channel), naming what is wrong.
    mutating func checkNearValidContracts() {
        let started = Date()
        var count = 0
        for item in cases {
            for mistake in NearValidContracts.mistakes(in: item.drawn.yaml) {
                count += 1
                let loaded = ContractLoader().load(text: mistake.text, path: "\(item.drawn.name).yaml")
                let errors = loaded.diagnostics.filter { $0.severity == .error }
                // The error, or one of its notes, points at the mistake: a subscription's error sits on the
                // subscription, and its note on the field that does not fit.
                let located = errors.contains { error in
                    let locations = ([error.location] + error.notes.map(\.location)).compactMap { $0 }
                    return locations.contains { location in
                        (mistake.line - 1...mistake.line + 1).contains(location.line) && location.column > 0
                    } && (error.message + error.notes.map(\.message).joined()).contains(mistake.mentions)
                }
                guard !located else { continue }
                findings.append(
                    Finding(
                        check: "the checker refuses \(mistake.name) at its line", contract: item.drawn.name,
                        detail: """
                            expected an error at line \(mistake.line) naming '\(mistake.mentions)'; the checker said:
                              \(errors.isEmpty ? "nothing (the contract lints)" : Self.render(errors))
                            contract:
                            \(mistake.text)
                            """))
            }
        }
        mistakesChecked = count
        stageSeconds.append(("near-valid contracts refused", Date().timeIntervalSince(started)))
    }
}
