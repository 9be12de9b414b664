import SchemaGenContract
import SchemaGenGenerator
/// A draft contract checked the way `infer` promises before it writes one: loaded and checked as `lint` does, then
/// every frame it came from verified against it.
public struct DraftCheck: Sendable {
    /// The draft, loaded (its diagnostics, and the contract when it has no errors).
    public var loaded: ContractLoader.Loaded
    /// The verification of the frames against the draft; `nil` when the draft has errors.
    public var report: VerifyReport?

    /// Whether the draft lints without errors and reads every frame it came from.
    public var isClean: Bool { !loaded.hasErrors && report?.passes == true }

    /// Checks `draft` (named `path` in diagnostics); `replay` hands every captured frame to the closure it is given,
    /// again, so a capture of any length is verified as it streams.
    public init(draft: String, path: String, replay: ((CapturedFrame) -> Void) throws -> Void) rethrows {
        try self.init(draft: draft, path: path, captureProtocol: nil, replay: replay)
    }

    /// `captureProtocol` and `topicPrefix` are the ones the draft was inferred with.
    package init(
        draft: String, path: String, captureProtocol: CaptureProtocol?, topicPrefix: String = "realtime:",
        replay: ((CapturedFrame) -> Void) throws -> Void
    ) rethrows {
        loaded = ContractLoader().load(text: draft, path: path)
        guard let contract = loaded.contract else { return }
        var verifier = CaptureVerifier(contract: contract)
        verifier.captureProtocol = captureProtocol
        verifier.topicPrefix = topicPrefix
        try replay { verifier.verify($0) }
        report = verifier.report
    }
}
