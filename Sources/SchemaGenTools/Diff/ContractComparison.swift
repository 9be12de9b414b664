import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// Pairs the contracts of two versions and diffs each pair: two files, two folders (matched by relative
/// path), or the working tree against a git revision.
package struct ContractComparison: Sendable {
    /// One side of a comparison: a contract's text and the name it goes by in messages.
    package struct Source: Sendable {
        /// The path that pairs it with its other version (relative within a folder, or the file's path).
        package var key: String
        /// The path shown in diagnostics (`origin/main:schemas/zikr.yaml` for a revision).
        package var displayPath: String
        package var data: Data
        /// The file this version is when it is not the file `key` names (`old.yaml` compared with `new.yaml`): a
        /// change found on one of its lines names it.
        package var file: String?

        package init(key: String, displayPath: String, data: Data, file: String? = nil) {
            self.key = key
            self.displayPath = displayPath
            self.data = data
            self.file = file
        }
    }

    package struct Result: Sendable {
        package var report: DiffReport
        /// Problems in either version. Errors in the new version leave no report worth showing; errors only in the
        /// base version (a change that fixes a contract) leave a report against what could be read, with a note.
        package var diagnostics: [Diagnostic]
        /// The texts read, for source lines under diagnostics.
        package var sources: [SourceText]
        /// The base version's files that could not be read.
        package var unreadableBase: Set<String> = []
        /// Each contract's `version:` in both versions, for the version-bump rule.
        package var versions: [DiffJudgement.ContractVersions] = []
        package var hasErrors: Bool {
            diagnostics.contains { $0.severity == .error && !unreadableBase.contains($0.location?.path ?? "") }
        }
    }

    package init() {}

    package func compare(old: [Source], new: [Source]) -> Result {
        var changes: [ContractChange] = []
        var diagnostics: [Diagnostic] = []
        var texts: [SourceText] = []
        var notes: [ChangePhrase] = []
        var unreadableBase: Set<String> = []
        var versions: [DiffJudgement.ContractVersions] = []
        func load(_ source: Source) -> Contract? {
            let loaded = ContractLoader().load(data: source.data, path: source.displayPath)
            diagnostics += loaded.diagnostics
            if let text = loaded.source { texts.append(text) }
            return loaded.contract
        }
        let oldByKey = Dictionary(old.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(new.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for key in Set(oldByKey.keys).union(newByKey.keys).sorted() {
            let before = oldByKey[key].flatMap(load)
            let after = newByKey[key].flatMap(load)
            switch (before, after) {
            case let (before?, after?):
                versions.append(.init(contract: after.name, file: key, old: before.version, new: after.version))
                changes += ContractDiffer(old: before, new: after, file: key).changes().map { change in
                    var change = change
                    if change.lineIsInOldVersion == true { change.oldFile = oldByKey[key]?.file }
                    return change
                }
            case let (nil, after?) where oldByKey[key] != nil:
                // The change fixes a base that does not load: everything the new version has is reported as new.
                let base = oldByKey[key]?.displayPath ?? key
                unreadableBase.insert(base)
                let errors = diagnostics.filter { $0.severity == .error && $0.location?.path == base }.count
                notes.append(
                    "the base version \(code: base) has \(ContractSummary.count(errors, "error")) (above) and could not be read, "
                        + "so \(code: key) is compared with an empty contract: everything in it is listed as added")
                changes += ContractDiffer(old: Self.empty(like: after), new: after, file: key).changes()
            case let (nil, after?) where oldByKey[key] == nil:
                changes += ContractDiffer(old: Self.empty(like: after), new: after, file: key).changes()
            case let (before?, nil) where newByKey[key] == nil:
                changes += Self.removal(of: before, file: key)
            default:
                continue
            }
        }
        var report = DiffReport(changes: changes)
        report.notes = notes
        report.judge(by: DiffPolicy(), today: "", versions: versions)
        return Result(
            report: report, diagnostics: diagnostics, sources: texts, unreadableBase: unreadableBase,
            versions: versions)
    }

    /// A deleted contract as one finding: every event it had, listed, judged by the worst of their removals.
    package static func removal(of contract: Contract, file: String) -> [ContractChange] {
        let removals = ContractDiffer(old: contract, new: empty(like: contract), file: file).changes()
        guard var finding = removals.first(where: { $0.kind == .eventRemoved }) else { return removals }
        let events = contract.allEvents.map {
            AffectedEvent(
                channel: $0.channel?.name, event: $0.event.wireName,
                flows: Flow.of($0.event.direction).sorted { $0.rawValue < $1.rawValue })
        }
        let worst = { (skew: KeyPath<ContractChange, Assessment>) in
            removals.map { $0[keyPath: skew] }.max { $0.verdict < $1.verdict } ?? finding[keyPath: skew]
        }
        (finding.channel, finding.event, finding.type, finding.path, finding.line, finding.lineIsInOldVersion) = (
            nil, nil, nil, [], nil, nil
        )
        finding.summary =
            "contract \(code: contract.name) removed, with its \(ContractSummary.count(events.count, "event"))"
        finding.flows = Array(Set(removals.flatMap(\.flows))).sorted { $0.rawValue < $1.rawValue }
        finding.affectedEvents = events
        finding.oldAppNewServer = worst(\.oldAppNewServer)
        finding.newAppOldServer = worst(\.newAppOldServer)
        finding.rollout = CompatibilityRules.rollout(
            .eventRemoved, oldAppNewServer: finding.oldAppNewServer.verdict,
            newAppOldServer: finding.newAppOldServer.verdict)
        return [finding]
    }

    /// A contract with nothing in it, standing for the side where a contract file does not exist.
    package static func empty(like contract: Contract) -> Contract {
        var empty = contract
        empty.types = []
        empty.events = []
        empty.channels = []
        empty.title = contract.title
        empty.description = contract.description
        empty.version = contract.version
        return empty
    }

    /// The contract files under `paths` on disk. Keys pair them with their other version: the path itself
    /// (`keyedInsideFolders: false`, for comparing with a revision of the same tree), or the path inside each
    /// named folder (for comparing two folders).
    package static func sources(
        atPaths paths: [String], keyedInsideFolders: Bool
    ) throws(ContractFiles.Failure) -> [Source] {
        var sources: [Source] = []
        var problems: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path) }
            let found = try ContractFiles.find([path])
            problems += found.problems
            for file in found.files {
                let key =
                    keyedInsideFolders && isDirectory.boolValue
                    ? String(file.dropFirst(path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                    : Self.key(for: file)
                do {
                    // One byte over the limit is enough for the loader to report the file as too large.
                    let data = try FileSystem.read(file, limit: YAMLLoader.maximumFileSize + 1)
                    sources.append(Source(key: key, displayPath: file, data: data))
                } catch {
                    problems.append(.error("'\(file)' \(error.reason)", at: .file(file)))
                }
            }
        }
        guard problems.isEmpty else { throw .unreadable(problems) }
        return sources
    }

    /// The key a file of the working tree pairs with its version at a revision by: its path from the working
    /// directory, spelled one way (`./schemas/../schemas/zikr.yaml` and `schemas/zikr.yaml` are one key).
    package static func key(for path: String) -> String {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            .standardizedFileURL
        let full = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL.path
        let base = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
        return full.hasPrefix(base) ? String(full.dropFirst(base.count)) : full
    }

    /// `schemagen diff OLD NEW`: two files pair with each other whatever their names; two folders pair their
    /// contents by path inside them. A file and a folder do not compare: that is a usage error.
    package static func sources(
        old: String, new: String
    ) throws(ContractFiles.Failure) -> (old: [Source], new: [Source]) {
        var oldSources = try sources(atPaths: [old], keyedInsideFolders: true)
        let newSources = try sources(atPaths: [new], keyedInsideFolders: true)
        var isDirectory: ObjCBool = false, newIsDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: old, isDirectory: &isDirectory),
            FileManager.default.fileExists(atPath: new, isDirectory: &newIsDirectory),
            isDirectory.boolValue != newIsDirectory.boolValue
        {
            let (file, folder) = isDirectory.boolValue ? (new, old) : (old, new)
            throw .mismatched(
                "'\(file)' is a file and '\(folder)' a folder: compare two contract files, or two folders of contracts")
        }
        if !isDirectory.boolValue, newSources.count == 1 {
            oldSources = oldSources.map {
                Source(key: newSources[0].key, displayPath: $0.displayPath, data: $0.data, file: $0.displayPath)
            }
        }
        return (oldSources, newSources)
    }
}
