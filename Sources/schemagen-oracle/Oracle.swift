import ArgumentParser
import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// The generator checking itself (issue 50, docs/testing.md): contracts drawn at random across the format, each
/// linted, every target generated and compiled, and frames drawn from each contract read by the generated client and
/// server, the contract interpreter and the TypeScript guards, which must agree.
@main
struct OracleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemagen-oracle",
        abstract: "Draws contracts at random and checks that every target and reader of the generator agrees on them.")

    @Option(help: "The seed; a fresh one when left out (printed either way).")
    var seed: UInt64?

    @Option(help: "How many contracts to draw.")
    var contracts = 200

    @Option(help: "How many frames to draw in all, spread over the contracts.")
    var frames = 100_000

    @Option(help: "Where to build the generated code (kept between runs, so the runtime compiles once).")
    var work = ".build/oracle"

    @Flag(help: "Only draw and lint (no compilers): fast, for tuning the generator.")
    var lintOnly = false

    @Option(help: "Draw only contract N of the seed (as numbered in a failure's report).")
    var only: Int?

    @Flag(help: "With --only: shrink the contract while its first finding stays (each try runs every check).")
    var shrink = false

    @Option(help: "How many smaller contracts --shrink tries at most in each pass (the choices, then the YAML).")
    var shrinkBudget = 40

    func run() throws {
        let seed = self.seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("schemagen-oracle: seed \(seed), \(contracts) contracts, \(frames) frames")
        print("  again: swift run schemagen-oracle --seed \(seed) --contracts \(contracts) --frames \(frames)")
        let started = Date()
        let indices = only.map { [$0] } ?? Array(0..<contracts)
        var run = try check(indices, seed: seed)
        run.printSummary(seconds: Date().timeIntervalSince(started))
        if shrink, let index = only, let first = run.findings.first, let record = run.cases.first?.record {
            print("\n== shrinking contract \(index) while '\(first.check)' holds (at most \(shrinkBudget) tries)")
            var tries = 0
            let smallest = shrinkChoices(record, budget: shrinkBudget) { candidate in
                tries += 1
                let again = try? check([index], seed: seed, records: [index: candidate])
                return again?.findings.contains { $0.check == first.check } ?? false
            }
            run = try check([index], seed: seed, records: [index: smallest])
            // Then the YAML itself: blocks no single choice removes (a type nothing uses, a field, a step).
            if let yaml = run.cases.first?.drawn.yaml {
                let fewest = shrinkYAML(yaml, budget: shrinkBudget) { candidate in
                    tries += 1
                    let again = try? check([index], seed: seed, records: [index: smallest], yamls: [index: candidate])
                    return again?.findings.contains { $0.check == first.check } ?? false
                }
                run = try check([index], seed: seed, records: [index: smallest], yamls: [index: fewest])
            }
            print("== after \(tries) tries, the smallest contract that still fails:")
            for finding in run.findings where finding.check == first.check {
                print("\n-- \(finding.check) (\(finding.contract)):\n\(finding.detail)")
            }
        }
        if !run.findings.isEmpty { throw ExitCode.failure }
    }

    /// Every check on the contracts `indices` of `seed` (or drawn from `records`).
    func check(
        _ indices: [Int], seed: UInt64, records: [Int: [UInt32]] = [:], yamls: [Int: String] = [:]
    ) throws
        -> OracleRun
    {
        var run = OracleRun(seed: seed, work: work)
        run.records = records
        run.yamls = yamls
        run.drawAndLint(indices)
        run.checkNearValidContracts()
        run.checkDiffRewrites()
        if !lintOnly {
            // One contract alone (a failure looked at again, or shrunk) gets a few thousand frames, not the run's.
            try run.checkTargets(framesInAll: indices.count == 1 ? min(frames, 2_000) : frames)
        }
        return run
    }
}
