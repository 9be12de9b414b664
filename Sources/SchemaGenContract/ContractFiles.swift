import Foundation

/// Finds the contract files named by command-line arguments and configuration `inputs`.
///
/// Every input that cannot be read is a problem with its path: a folder that cannot be listed, a link that
/// loops, a FIFO or device named like a contract. Commands report them with the contracts' own diagnostics,
/// and `generate` writes (and removes) nothing while any remain, so an unreadable folder can never make
/// generated files look stale.
package enum ContractFiles {
    /// File extensions of contracts.
    package static let extensions: Set<String> = ["yaml", "yml"]
    /// The configuration file, which can sit beside contracts but is not one.
    package static let configurationFileName = "schemagen.yaml"

    /// Inputs that cannot be used at all: a usage error for commands that need every input.
    package enum Failure: Error, CustomStringConvertible, Equatable {
        case missing(String)
        case noContracts(String)
        /// Inputs that exist but could not be read, each a located error.
        case unreadable([Diagnostic])
        /// Inputs that cannot be compared with each other (a file and a folder), and why.
        case mismatched(String)

        package var description: String {
            switch self {
            case .missing(let path): "no such file or folder: '\(path)'"
            case .noContracts(let path): "no contracts (*.yaml, *.yml) in folder '\(path)'"
            case .unreadable(let problems):
                problems.map { "\($0.location.map { "\($0): " } ?? "")\($0.message)" }.joined(separator: "\n")
            case .mismatched(let reason): reason
            }
        }
    }

    /// The contracts found, and the inputs that could not be read.
    package struct Found: Sendable, Equatable {
        /// Contract paths in a stable (sorted) order, without duplicates.
        package var files: [String]
        /// One error per input that could not be read or walked, located at its path.
        package var problems: [Diagnostic]
    }

    /// Files are taken as they are; folders contribute their `*.yaml`/`*.yml` files, searched recursively
    /// (following links, hidden names skipped).
    package static func find(_ paths: [String]) throws(Failure) -> Found {
        var found = Found(files: [], problems: [])
        var seen = Set<String>()
        for path in paths {
            let kind: FileSystem.Kind
            do {
                kind = try FileSystem.kind(of: path)
            } catch {
                if error.isMissing { throw .missing(path) }
                found.problems.append(problem(path, error.reason))
                continue
            }
            var files: [String] = []
            if case .folder(let id) = kind {
                let before = found.problems.count
                walk(
                    folder: path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path,
                    ancestors: [id: path],
                    into: &files, problems: &found.problems)
                if files.isEmpty, found.problems.count == before { throw .noContracts(path) }
            } else {
                files = [path]
            }
            for file in files where seen.insert(URL(fileURLWithPath: file).standardizedFileURL.path).inserted {
                found.files.append(file)
            }
        }
        return found
    }

    private static func walk(
        folder: String, ancestors: [FileSystem.FolderID: String], into files: inout [String],
        problems: inout [Diagnostic]
    ) {
        let names: [String]
        do {
            names = try FileSystem.contents(of: folder)
        } catch {
            problems.append(problem(folder, error.reason))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let path = "\(folder)/\(name)"
            let isContractName = extensions.contains((name as NSString).pathExtension) && name != configurationFileName
            let kind: FileSystem.Kind
            do {
                kind = try FileSystem.kind(of: path)
            } catch {
                // A dangling link that is not named like a contract is none of schemagen's business.
                if isContractName || !error.isMissing { problems.append(problem(path, error.reason)) }
                continue
            }
            switch kind {
            case .folder(let id):
                if let ancestor = ancestors[id] {
                    problems.append(
                        problem(
                            path,
                            "is the folder '\(ancestor)' again, reached through a symbolic link, so searching it would never end; remove the link"
                        ))
                    continue
                }
                var inner = ancestors
                inner[id] = path
                walk(folder: path, ancestors: inner, into: &files, problems: &problems)
            case .file:
                if isContractName { files.append(path) }
            case .special(let what):
                if isContractName {
                    problems.append(problem(path, "is \(what), not a file; a contract is a YAML text file"))
                }
            }
        }
    }

    private static func problem(_ path: String, _ reason: String) -> Diagnostic {
        .error("'\(path)' \(reason)", at: .file(path))
    }
}
