import Foundation
import Testing

/// docs/performance.md against `Benchmarks/run.py`: its figures are the script's output (written between markers by
/// `--update-docs`, never typed), and its guard table names the limits the script enforces.
struct PerformanceDocTests {
    static func page() throws -> String {
        try String(
            contentsOf: Golden.repositoryRoot.appendingPathComponent("docs/performance.md"), encoding: .utf8)
    }

    @Test func theFiguresAreTheScriptsOutput() throws {
        let page = try Self.page()
        let figures = try #require(
            page.components(separatedBy: "<!-- benchmarks:begin -->").dropFirst().first?
                .components(separatedBy: "<!-- benchmarks:end -->").first)
        let lines = figures.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Written by `python3 Benchmarks/run.py") == true, "\(lines.first ?? "")")
        #expect(lines.contains("| benchmark | case | result | |"), "no table between the markers")
    }

    /// The speed-code table is `Benchmarks/compare-revisions.py`'s output, one row per change the script measures.
    @Test func theSpeedCodeFiguresAreTheComparisonScriptsOutput() throws {
        let page = try Self.page()
        let figures = try #require(
            page.components(separatedBy: "<!-- speed-code:begin -->").dropFirst().first?
                .components(separatedBy: "<!-- speed-code:end -->").first)
        let lines = figures.split(separator: "\n")
        #expect(lines.first?.contains("`python3 Benchmarks/compare-revisions.py --update-docs`") == true)
        #expect(lines.contains("| speed code | change | before | after | time |"), "no table between the markers")
        let script = try String(
            contentsOf: Golden.repositoryRoot.appendingPathComponent("Benchmarks/compare-revisions.py"), encoding: .utf8
        )
        let changes = script.matches(of: /\n    \("[^"]+", "([0-9a-f]{7})",/).map { String($0.1) }
        #expect(changes.count >= 4)
        for change in changes {
            #expect(lines.contains { $0.contains("| `\(change)` |") }, "no row for \(change)")
        }
    }

    @Test func theGuardTableHasTheScriptsLimits() throws {
        let script = try String(
            contentsOf: Golden.repositoryRoot.appendingPathComponent("Benchmarks/run.py"), encoding: .utf8)
        var limits = Set(script.matches(of: /\n(?:\w+_LIMIT|COMPILE_SPEEDUP_MINIMUM) = ([\d.]+)/).map { Double($0.1)! })
        let dispatch = try #require(
            script.components(separatedBy: "DISPATCH_GUARDS = [").dropFirst().first?.components(separatedBy: "\n]")
                .first)
        limits.formUnion(dispatch.matches(of: /, ([\d.]+)\),/).map { Double($0.1)! })
        let page = try Self.page()
        let table = try #require(
            page.components(separatedBy: "## Regression guards").dropFirst().first?.components(separatedBy: "\n## ")
                .first)
        var documented: Set<Double> = []
        for row in table.split(separator: "\n") where row.hasPrefix("| ") && !row.hasPrefix("| guard") {
            let limit = row.split(separator: "|").last.map(String.init) ?? ""
            documented.formUnion(limit.matches(of: /([\d.]+)x/).map { Double($0.1)! })
        }
        #expect(limits.count >= 10, "\(limits)")
        #expect(documented == limits, "docs/performance.md lists \(documented.sorted()); run.py has \(limits.sorted())")
    }
}
