/// "Did you mean" suggestions for misspelled keys, type names and values.
package enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    ///
    /// Case-insensitive matches win outright (`string` → `String`); otherwise the edit distance
    /// must be at most a third of the word's length (and at least 1), like the Swift compiler's.
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            if candidate.lowercased() == lowered { return candidate }
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(1, word.count / 3) else { return nil }
        return best.candidate
    }

    /// `"; did you mean 'x'?"` when a candidate is close, else `"; expected one of: a, b, c"`.
    package static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" }
            ?? "; expected one of: \(candidates.joined(separator: ", "))"
    }

    /// Damerau-Levenshtein distance (optimal string alignment): transposed letters count as one edit.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
