import Foundation

/// The front of the pipeline: finds contract files, loads their YAML and checks them.
public struct ContractLoader: Sendable {
    public init() {}

    /// One contract file after loading and checking.
    public struct Loaded: Sendable {
        /// The path as the user named it.
        public var path: String
        /// The file's text, when it could be read (for source lines under diagnostics).
        public var source: SourceText?
        /// The checked contract, when there were no errors.
        public var contract: Contract?
        /// Every problem found, in file order.
        public var diagnostics: [Diagnostic]

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Loads and checks the contract at `path`.
    public func load(path: String) -> Loaded {
        finish(YAMLLoader().load(path: path), path: path)
    }

    /// Loads and checks contract text; `path` is what diagnostics call it.
    public func load(text: String, path: String) -> Loaded {
        finish(YAMLLoader().load(text: text, path: path), path: path)
    }

    /// Loads and checks contract bytes; `path` is what diagnostics call it.
    public func load(data: Data, path: String) -> Loaded {
        finish(YAMLLoader().load(data: data, path: path), path: path)
    }

    private func finish(_ loaded: YAMLLoader.Result, path: String) -> Loaded {
        guard let root = loaded.root else {
            return Loaded(path: path, source: loaded.source, contract: nil, diagnostics: loaded.diagnostics)
        }
        let checked = ContractChecker().check(root)
        return Loaded(path: path, source: loaded.source, contract: checked.contract, diagnostics: loaded.diagnostics + checked.diagnostics)
    }
}

/// Finds the contract files named by command-line arguments.
public enum ContractFiles {
    /// File extensions of contracts.
    public static let extensions: Set<String> = ["yaml", "yml"]
    /// The configuration file, which can sit beside contracts but is not one.
    public static let configurationFileName = "schemagen.yaml"

    public enum Failure: Error, CustomStringConvertible, Equatable {
        case missing(String)
        case noContracts(String)

        public var description: String {
            switch self {
            case .missing(let path): "no such file or folder: '\(path)'"
            case .noContracts(let path): "no contracts (*.yaml, *.yml) in folder '\(path)'"
            }
        }
    }

    /// Files are taken as they are; folders contribute their `*.yaml`/`*.yml` files, searched
    /// recursively, in a stable (sorted) order, without duplicates.
    public static func resolve(_ paths: [String]) throws(Failure) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path) }
            let found = isDirectory.boolValue ? contracts(in: path) : [path]
            if isDirectory.boolValue, found.isEmpty { throw .noContracts(path) }
            for file in found where seen.insert(URL(fileURLWithPath: file).standardizedFileURL.path).inserted {
                result.append(file)
            }
        }
        return result
    }

    private static func contracts(in folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard extensions.contains((name as NSString).pathExtension), name != configurationFileName, !name.hasPrefix(".") else { continue }
            files.append(relative)
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return files.sorted().map { "\(base)/\($0)" }
    }
}
