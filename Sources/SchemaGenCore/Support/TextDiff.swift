/// A unified diff of two texts, line by line, as `git diff` prints it.
///
/// Myers' O((N+M)·D) algorithm: cheap for the usual case of large files with few changes (a golden file
/// or a generated file after a small edit).
public enum TextDiff {
    /// The unified diff from `old` to `new`, or an empty string when they are equal.
    public static func unified(from old: String, to new: String, oldLabel: String = "expected", newLabel: String = "actual",
                               context: Int = 3) -> String {
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
        if old.hasSuffix("\n") != new.hasSuffix("\n") {
            output += "\\ \(new.hasSuffix("\n") ? oldLabel : newLabel) has no newline at the end\n"
        }
        return output
    }

    struct Edit {
        enum Kind { case keep, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.linesSplitAtLineFeeds
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit script turning `a` into `b`.
    static func script(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count, m = b.count, max = n + m
        guard max > 0 else { return [] }
        let offset = max
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        search: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk the trace backwards to recover the path.
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                edits.append(Edit(kind: .keep, oldIndex: x, newIndex: y))
            }
            guard d > 0 else { break }
            if x == previousX {
                y -= 1
                edits.append(Edit(kind: .insert, oldIndex: x, newIndex: y))
            } else {
                x -= 1
                edits.append(Edit(kind: .delete, oldIndex: x, newIndex: y))
            }
        }
        while x > 0, y > 0 {
            x -= 1; y -= 1
            edits.append(Edit(kind: .keep, oldIndex: x, newIndex: y))
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
