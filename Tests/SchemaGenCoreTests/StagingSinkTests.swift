import Foundation
@testable import SchemaGenCore
import Testing

/// A rendered file streams into its place compared with the file it replaces: nothing is written while the
/// bytes match, and a file that differs anywhere is staged whole.
@Suite struct StagingSinkTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("staging-\(UUID().uuidString)")

    private func stage(_ pieces: [String], over old: String?, journal: inout Int) throws -> (staged: Bool, temporary: String?) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let destination = folder.appendingPathComponent("file.swift").path
        let temporary = folder.appendingPathComponent(".file.swift.schemagen-new").path
        try? FileManager.default.removeItem(atPath: destination)
        try? FileManager.default.removeItem(atPath: temporary)
        if let old { try old.write(toFile: destination, atomically: false, encoding: .utf8) }
        var saves = 0
        let sink = StagingSink(destination: destination, temporary: temporary, beforeStaging: { saves += 1 })
        for piece in pieces { sink.write(piece) }
        let staged = try sink.finish()
        journal = saves
        return (staged, try? String(contentsOfFile: temporary, encoding: .utf8))
    }

    @Test func theSameBytesInAnyPiecesStageNothing() throws {
        var journal = 0
        let result = try stage(["// Generated\n", "struct A {}\n", "", "struct B {}\n"], over: "// Generated\nstruct A {}\nstruct B {}\n", journal: &journal)
        #expect(!result.staged)
        #expect(result.temporary == nil)
        #expect(journal == 0)
    }

    @Test(arguments: [
        // A difference in the first piece, in a later one, at the very end, and files longer and shorter.
        (["// Changed\n", "struct A {}\n"], "// Generated\nstruct A {}\n"),
        (["// Generated\n", "struct A {}\n", "struct C {}\n"], "// Generated\nstruct A {}\nstruct B {}\n"),
        (["// Generated\n", "struct A {}\n", "struct B {}\n", "extra\n"], "// Generated\nstruct A {}\nstruct B {}\n"),
        (["// Generated\n", "struct A {}\n"], "// Generated\nstruct A {}\nstruct B {}\n"),
        (["// Generated\n"], "// Generated\n!"),
    ])
    func aFileThatDiffersAnywhereIsStagedWhole(pieces: [String], old: String) throws {
        var journal = 0
        let result = try stage(pieces, over: old, journal: &journal)
        #expect(result.staged)
        #expect(result.temporary == pieces.joined())
        #expect(journal == 1)
    }

    @Test func aNewFileIsStaged() throws {
        var journal = 0
        let result = try stage(["// Generated\n", "struct A {}\n"], over: nil, journal: &journal)
        #expect(result.staged)
        #expect(result.temporary == "// Generated\nstruct A {}\n")
        #expect(journal == 1)
    }

    @Test func aPieceLargerThanAnyBeforeIsComparedWhole() throws {
        let large = String(repeating: "let x = 1\n", count: 300_000)
        var journal = 0
        #expect(try !stage(["a\n", large, "b\n"], over: "a\n" + large + "b\n", journal: &journal).staged)
        let changed = try stage(["a\n", large, "b\n"], over: "a\n" + large.dropLast(2) + "2\nb\n", journal: &journal)
        #expect(changed.staged)
        #expect(changed.temporary == "a\n" + large + "b\n")
    }

    @Test func aFailureToSaveTheJournalIsReportedAndNothingIsStaged() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".new.schemagen-new").path
        let sink = StagingSink(destination: folder.appendingPathComponent("new").path, temporary: temporary,
                               beforeStaging: { () throws(FileSystem.Problem) in throw FileSystem.Problem(path: "journal", reason: "is full") })
        sink.write("text\n")
        #expect(throws: FileSystem.Problem.self) { try sink.finish() }
        #expect(!FileManager.default.fileExists(atPath: temporary))
    }
}
