import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// One run of the oracle: the contracts it drew, what each check found, and how the failures shrank.
struct OracleRun {
    /// One contract drawn and linted.
    struct Case {
        var index: Int
        var drawn: ContractDraw.Drawn
        var record: [UInt32]
        var loaded: ContractLoader.Loaded
    }

    /// Something two parts of the generator disagree on, with what reproduces it.
    struct Finding {
        var check: String
        var contract: String
        var detail: String
    }

    let seed: UInt64
    let work: String
    /// Records of choices drawn instead of the seed's, by contract: what `--shrink` tries.
    var records: [Int: [UInt32]] = [:]
    /// Contracts given as YAML instead of drawn (with no rewrite to diff), by contract: what `--shrink`'s second pass
    /// tries.
    var yamls: [Int: String] = [:]
    var cases: [Case] = []
    var findings: [Finding] = []
    var featureCounts: [String: Int] = [:]
    var framesChecked = 0
    /// Socket.IO frames `schemagen verify` read inside their packets.
    var packetsChecked = 0
    var requestsChecked = 0
    var mistakesChecked = 0
    var rewritesChecked = 0
    var requestFailures = 0
    var scenariosPlayed = 0
    /// The scenarios each contract's driver plays, with the app frames sent to both servers.
    var scenarioPlays: [Int: [ScenarioPlays.Play]] = [:]
    /// What `schemagen-mock` sent in each play (`contract<TAB>scenario`), nil when it did not finish.
    var scenarioReferences: [String: [String]?] = [:]
    var stageSeconds: [(String, Double)] = []

    init(seed: UInt64, work: String) {
        self.seed = seed
        self.work = work
    }

    /// The seed of contract `index`: each contract has its own, so one can be drawn again alone.
    func contractSeed(_ index: Int) -> UInt64 {
        var mixer = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
        return mixer.next()
    }

    static func contractName(_ index: Int) -> String { "O\(index)" }

    static func draw(_ record: [UInt32]? = nil, seed: UInt64, index: Int) -> (ContractDraw.Drawn, [UInt32]) {
        var draw = ContractDraw(
            choices: record.map { Choices(replaying: $0) } ?? Choices(seed: seed), name: contractName(index))
        let drawn = draw.draw()
        return (drawn, draw.record)
    }

    static func lint(_ drawn: ContractDraw.Drawn) -> ContractLoader.Loaded {
        ContractLoader().load(text: drawn.yaml, path: "\(drawn.name).yaml")
    }

    /// Draws each contract and lints it: a drawn contract the checker refuses is a finding, shrunk to the least
    /// contract the checker still refuses with the same first error.
    mutating func drawAndLint(_ indices: [Int]) {
        let started = Date()
        for index in indices {
            var (drawn, record) = Self.draw(records[index], seed: contractSeed(index), index: index)
            if let yaml = yamls[index] { drawn = ContractDraw.Drawn(name: drawn.name, yaml: yaml, features: []) }
            let loaded = Self.lint(drawn)
            for feature in drawn.features { featureCounts[feature, default: 0] += 1 }
            if let error = loaded.diagnostics.first(where: { $0.severity == .error }) {
                guard yamls[index] == nil else {
                    // A smaller YAML the checker refuses is no smaller case of another check's failure.
                    findings.append(
                        Finding(check: "a drawn contract lints", contract: drawn.name, detail: error.message))
                    continue
                }
                let message = Self.stripLocation(error.message)
                let shrunk = shrinkChoices(record, budget: 400) { candidate in
                    let (again, _) = Self.draw(candidate, seed: 0, index: index)
                    return Self.lint(again).diagnostics.contains {
                        $0.severity == .error && Self.stripLocation($0.message) == message
                    }
                }
                let (small, _) = Self.draw(shrunk, seed: 0, index: index)
                // A block removed may leave a reference dangling: the smaller YAML must give this error and no
                // error the drawn contract did not.
                let refusals = Set(
                    loaded.diagnostics.filter { $0.severity == .error }.map { Self.stripLocation($0.message) })
                let smallest = shrinkYAML(small.yaml, budget: 400) { yaml in
                    let errors = ContractLoader().load(text: yaml, path: "\(drawn.name).yaml").diagnostics
                        .filter { $0.severity == .error }.map { Self.stripLocation($0.message) }
                    return errors.contains(message) && errors.allSatisfy(refusals.contains)
                }
                findings.append(
                    Finding(
                        check: "a drawn contract lints", contract: small.name,
                        detail: "refused: \(Self.render(loaded.diagnostics.filter { $0.severity == .error }))\n"
                            + "drawn as: \(drawn.yaml.split(separator: "\n").count) lines; "
                            + "shrunk contract:\n\(smallest)"))
                continue
            }
            cases.append(Case(index: index, drawn: drawn, record: record, loaded: loaded))
        }
        stageSeconds.append(("draw and lint", Date().timeIntervalSince(started)))
    }

    /// A message without the names a draw chose (quoted in it), so a shrunk contract's error still compares equal.
    static func stripLocation(_ message: String) -> String {
        message.replacingOccurrences(of: #"'[^']*'|`[^`]*`"#, with: "_", options: .regularExpression)
    }

    static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { d in "\(d.location.map { "\($0): " } ?? "")\(d.message)" }.joined(separator: "\n  ")
    }

    func printSummary(seconds: Double) {
        print("\n== features drawn (contracts with each)")
        for (feature, count) in featureCounts.sorted(by: { $0.key < $1.key }) {
            print("  \(String(count).padding(toLength: 5, withPad: " ", startingAt: 0)) \(feature)")
        }
        for (stage, time) in stageSeconds { print(String(format: "== %@: %.1f s", stage, time)) }
        print(
            "== \(cases.count) contracts linted clean, \(framesChecked) frames checked, \(packetsChecked) read as Socket.IO "
                + "packets by verify, \(requestsChecked) requests "
                + "called, \(scenariosPlayed) scenarios and requests played by both mocks, \(mistakesChecked) near-valid contracts refused, "
                + "\(rewritesChecked) rewrites diffed, "
                + "\(findings.count) findings")
        var byCheck: [String: [String]] = [:]
        for finding in findings { byCheck[finding.check, default: []].append(finding.contract) }
        for (check, contracts) in byCheck.sorted(by: { $0.key < $1.key }) {
            print("!! \(contracts.count) × \(check): \(contracts.prefix(12).joined(separator: ", "))")
        }
        for finding in findings.prefix(20) {
            print("\n-- \(finding.check) (\(finding.contract), seed \(seed)):\n\(finding.detail)")
        }
        if findings.count > 20 { print("\n(\(findings.count - 20) more findings not shown)") }
        print(
            String(
                format: "schemagen-oracle: %.0f s, seed %llu: %@", seconds, seed, findings.isEmpty ? "passed" : "FAILED"
            ))
    }

}
