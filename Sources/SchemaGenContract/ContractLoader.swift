import Foundation

/// The front of the pipeline: finds contract files, loads their YAML and checks them.
public struct ContractLoader: Sendable {
    public init() {}

    /// One contract file after loading and checking.
    public struct Loaded: Sendable {
        /// The path as the user named it.
        package var path: String
        /// The file's text, when it could be read (for source lines under diagnostics).
        public var source: SourceText?
        /// The checked contract, when there were no errors.
        public var contract: Contract?
        /// Every problem found, in file order.
        public var diagnostics: [Diagnostic]

        /// Whether any diagnostic is an error: then `contract` is `nil`.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Loads and checks the contract at `path`.
    public func load(path: String) -> Loaded {
        finish(YAMLLoader().load(path: path), path: path)
    }

    /// Loads and checks contract text; `path` is what diagnostics call it.
    package func load(text: String, path: String) -> Loaded {
        finish(YAMLLoader().load(text: text, path: path), path: path)
    }

    /// Loads and checks contract bytes; `path` is what diagnostics call it.
    public func load(data: Data, path: String) -> Loaded {
        finish(YAMLLoader().load(data: data, path: path), path: path)
    }

    /// Loads a file of scenarios kept beside `contract` (`schemagen-mock --scenario FILE`) and checks it against the
    /// contract; `contract` is `nil` in the result when the file has errors.
    public func loadScenarios(path: String, for contract: Contract) -> Loaded {
        let loaded = YAMLLoader().load(path: path)
        guard let root = loaded.root else {
            return Loaded(path: path, source: loaded.source, contract: nil, diagnostics: loaded.diagnostics)
        }
        let checked = ContractChecker().checkScenarios(root, for: contract)
        var extended = contract
        extended.scenarios += checked.scenarios
        let failed = checked.diagnostics.contains { $0.severity == .error }
        return Loaded(
            path: path, source: loaded.source, contract: failed ? nil : extended,
            diagnostics: loaded.diagnostics + checked.diagnostics)
    }

    private func finish(_ loaded: consuming YAMLLoader.Result, path: String) -> Loaded {
        // The tree is handed over, not shared: the checker frees it as soon as it has read it.
        guard let root = loaded.root.take() else {
            return Loaded(path: path, source: loaded.source, contract: nil, diagnostics: loaded.diagnostics)
        }
        let checked = ContractChecker().check(consume root)
        return Loaded(
            path: path, source: loaded.source, contract: checked.contract,
            diagnostics: loaded.diagnostics + checked.diagnostics)
    }
}
