import Foundation
import SchemaGenContract

/// The record that makes a run's output all-or-nothing. It sits in the output folder only while a run
/// writes; finding it means a run was interrupted, and the next run finishes or undoes that run first.
///
/// A run writes the journal twice: `staging`, naming the temporary files it is about to write, then
/// `committed` (the commit point, an atomic rename), naming for each temporary file the file it replaces,
/// and the stale files to remove. Interrupted before the commit, the temporary files are deleted and the
/// old output stays whole; after it, the renames and removals are finished, and the new output is whole.
package struct WriteJournal: Codable, Equatable {
    package enum State: String, Codable { case staging, committed }

    /// A finished temporary file and the file it replaces (absolute paths).
    package struct Move: Codable, Equatable {
        package var temporary: String
        package var destination: String
    }

    package var state: State
    package var moves: [Move]
    /// Stale generated files to remove (absolute paths).
    package var removals: [String]

    /// The journal's name in the output folder.
    package static let fileName = ".schemagen-journal"

    package static func url(in folder: URL) -> URL { folder.appendingPathComponent(fileName) }

    /// Writes the journal durably and atomically: to a temporary name, then renamed over the old one.
    package func save(in folder: URL) throws(FileSystem.Problem) {
        let url = Self.url(in: folder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = (try? encoder.encode(self)) ?? Data()
        try FileSystem.writeDurably(data, to: url.path + ".tmp")
        try FileSystem.replace(url.path, with: url.path + ".tmp")
    }

    /// The journal an interrupted run left, if any. A journal that cannot be decoded was never committed
    /// (only whole journals are renamed into place), so it counts as none.
    package static func load(in folder: URL) -> WriteJournal? {
        guard let data = try? Data(contentsOf: url(in: folder)) else { return nil }
        return try? JSONDecoder().decode(WriteJournal.self, from: data)
    }

    /// Finishes or undoes what the journal in `folder` records, then deletes it. Returns the number of files
    /// the interrupted run had left to put in place (0 when it is undone or there was none).
    @discardableResult
    package static func recover(in folder: URL) throws(FileSystem.Problem) -> Int {
        let url = url(in: folder)
        defer { try? FileSystem.remove(url.path + ".tmp") }
        guard FileManager.default.fileExists(atPath: url.path) else { return 0 }
        var finished = 0
        if let journal = load(in: folder) {
            for move in journal.moves where FileManager.default.fileExists(atPath: move.temporary) {
                if journal.state == .committed {
                    try FileSystem.replace(move.destination, with: move.temporary)
                    finished += 1
                } else {
                    try FileSystem.remove(move.temporary)
                }
            }
            if journal.state == .committed {
                for path in journal.removals where OutputWriter.isGenerated(URL(fileURLWithPath: path)) {
                    try FileSystem.remove(path)
                    finished += 1
                }
            }
        }
        try FileSystem.remove(url.path)
        return finished
    }
}
