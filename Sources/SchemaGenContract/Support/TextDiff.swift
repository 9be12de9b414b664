/// A unified diff of two texts, line by line, as `git diff` prints it.
///
/// The lines the texts share at their start and end are set aside first; Myers' O((N+M)·D) algorithm then
/// finds the shortest edit script of the rest, cheap for the usual case of large files with few changes (a
/// golden file, or a generated file after a small edit). A rewritten region larger than
/// ``maximumSearchedEdits`` lines is shown removed and added whole, so a missing 100,000-line file costs
/// a moment, not gigabytes.
package enum TextDiff {
    /// The unified diff from `old` to `new`, or an empty string when they are equal.
    package static func unified(
        from old: String, to new: String, oldLabel: String = "expected", newLabel: String = "actual",
        context: Int = 3
    ) -> String {
        guard old != new else { return "" }
        let a = lines(old), b = lines(new)
        let edits = script(a, b)
        var output = "--- \(oldLabel)\n+++ \(newLabel)\n"
        for hunk in hunks(edits, context: context) {
            let oldStart = hunk.first { $0.kind != .insert }.map(\.oldIndex) ?? hunk.first!.oldIndex
            let newStart = hunk.first { $0.kind != .delete }.map(\.newIndex) ?? hunk.first!.newIndex
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .keep: output += " " + a[edit.oldIndex] + "\n"
                case .delete: output += "-" + a[edit.oldIndex] + "\n"
                case .insert: output += "+" + b[edit.newIndex] + "\n"
                }
            }
        }
        // An empty text has no last line to lack a newline.
        if !old.isEmpty, !new.isEmpty, old.hasSuffix("\n") != new.hasSuffix("\n") {
            output += "\\ \(new.hasSuffix("\n") ? oldLabel : newLabel) has no newline at the end\n"
        }
        return output
    }

    package struct Edit {
        package enum Kind { case keep, delete, insert }
        package var kind: Kind
        package var oldIndex: Int
        package var newIndex: Int
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.linesSplitAtLineFeeds
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Past this many differing lines, the differing middle is shown as removed and added whole: Myers'
    /// search keeps a trace that grows with the square of the differences, and a diff that large is read as
    /// "this region was rewritten" anyway.
    package static let maximumSearchedEdits = 2_000

    /// An edit script turning `a` into `b`: the shortest one (Myers) when the texts differ in at most
    /// `maximumEdits` lines outside their common start and end; otherwise the differing middle replaced whole.
    package static func script(_ a: [String], _ b: [String], maximumEdits: Int = maximumSearchedEdits) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let oldMiddle = prefix..<(a.count - suffix), newMiddle = prefix..<(b.count - suffix)
        var edits = (0..<prefix).map { Edit(kind: .keep, oldIndex: $0, newIndex: $0) }
        if let middle = shortestScript(a, oldMiddle, b, newMiddle, maximumEdits: maximumEdits) {
            edits += middle
        } else {
            edits += oldMiddle.map { Edit(kind: .delete, oldIndex: $0, newIndex: newMiddle.lowerBound) }
            edits += newMiddle.map { Edit(kind: .insert, oldIndex: oldMiddle.upperBound, newIndex: $0) }
        }
        edits += (0..<suffix).map {
            Edit(kind: .keep, oldIndex: oldMiddle.upperBound + $0, newIndex: newMiddle.upperBound + $0)
        }
        return edits
    }

    /// Myers' shortest edit script between `a[oldRange]` and `b[newRange]` (indices stay those of `a` and
    /// `b`), or `nil` when it needs more than `maximumEdits` edits. The trace keeps, for each edit count `d`,
    /// only the diagonals `-d-1...d+1` the walk back reads: O(D²) memory rather than O(D·(N+M)).
    private static func shortestScript(
        _ a: [String], _ oldRange: Range<Int>, _ b: [String], _ newRange: Range<Int>,
        maximumEdits: Int
    ) -> [Edit]? {
        let n = oldRange.count, m = newRange.count, max = n + m
        guard max > 0 else { return [] }
        let (a0, b0) = (oldRange.lowerBound, newRange.lowerBound)
        let offset = max + 1
        var v = [Int](repeating: 0, count: 2 * max + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...Swift.min(max, maximumEdits) {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[a0 + x] == b[b0 + y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { found = true; break search }
            }
        }
        guard found else { return nil }
        // Walk the trace backwards to recover the path.
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let window = trace[d]
            func v(_ k: Int) -> Int { window[k + d + 1] }
            let k = x - y
            let previousK = (k == -d || (k != d && v(k - 1) < v(k + 1))) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                edits.append(Edit(kind: .keep, oldIndex: a0 + x, newIndex: b0 + y))
            }
            guard d > 0 else { break }
            if x == previousX {
                y -= 1
                edits.append(Edit(kind: .insert, oldIndex: a0 + x, newIndex: b0 + y))
            } else {
                x -= 1
                edits.append(Edit(kind: .delete, oldIndex: a0 + x, newIndex: b0 + y))
            }
        }
        while x > 0, y > 0 {
            x -= 1; y -= 1
            edits.append(Edit(kind: .keep, oldIndex: a0 + x, newIndex: b0 + y))
        }
        return edits.reversed()
    }

    /// Groups changes with `context` unchanged lines around them; nearby groups merge.
    private static func hunks(_ edits: [Edit], context: Int) -> [[Edit]] {
        let changed = edits.indices.filter { edits[$0].kind != .keep }
        guard let first = changed.first else { return [] }
        var ranges: [ClosedRange<Int>] = []
        var current = Swift.max(0, first - context)...Swift.min(edits.count - 1, first + context)
        for index in changed.dropFirst() {
            let range = Swift.max(0, index - context)...Swift.min(edits.count - 1, index + context)
            if range.lowerBound <= current.upperBound + 1 {
                current = current.lowerBound...range.upperBound
            } else {
                ranges.append(current)
                current = range
            }
        }
        ranges.append(current)
        return ranges.map { Array(edits[$0]) }
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        let line = count == 0 ? start : start + 1
        return count == 1 ? "\(line)" : "\(line),\(count)"
    }
}
