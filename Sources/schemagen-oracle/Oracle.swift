import ArgumentParser
import Foundation
import SchemaGenCore

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

    func run() throws {
        let seed = self.seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("schemagen-oracle: seed \(seed), \(contracts) contracts, \(frames) frames")
        print("  again: swift run schemagen-oracle --seed \(seed) --contracts \(contracts) --frames \(frames)")
        let started = Date()
        var run = OracleRun(seed: seed, work: work)
        let indices = only.map { [$0] } ?? Array(0..<contracts)
        run.drawAndLint(indices)
        run.checkNearValidContracts()
        run.checkDiffRewrites()
        if !lintOnly {
            try run.checkTargets(framesInAll: frames)
        }
        run.printSummary(seconds: Date().timeIntervalSince(started))
        if !run.findings.isEmpty { throw ExitCode.failure }
    }
}
