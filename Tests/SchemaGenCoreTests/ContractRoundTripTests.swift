import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import TestSupport
import Testing

/// Issue 38's round trip: for every contract in `schemas/`, frames made from its examples and from values of its
/// types (every optional field present, and left out, and nullable ones `null`) verify clean against it; and
/// `infer` on those frames drafts a contract that lints clean, verifies them, and differs from the original only
/// in what traffic cannot say (docs/verify.md, "What a draft cannot know").
@Suite struct ContractRoundTripTests {
    static let files = RepositoryContracts.files

    /// Every frame the contract's events allow, as it crosses the socket, with who sends it.
    static func frames(of contract: Contract) -> [CapturedFrame] {
        var frames: [CapturedFrame] = []
        for (channel, event) in contract.allEvents {
            let directions: [Direction] =
                event.direction == .both ? [.clientToServer, .serverToClient] : [event.direction]
            var messages: [Data] = ValueSynthesizer.Variant.all.map { variant in
                FrameSynthesizer(contract: contract, variant: variant).message(of: event, in: channel)
            }
            for example in event.examples {
                switch example.form {
                case .payload:
                    let value = try? DocumentValue(parsingJSON: Array(example.json.utf8))
                    messages.append(
                        FrameSynthesizer(contract: contract).message(of: event, in: channel, payload: value))
                case .frame:
                    messages.append(Data(example.json.utf8))
                }
            }
            for direction in directions {
                for message in messages {
                    frames.append(
                        CapturedFrame(
                            data: message, direction: direction, origin: "\(event.wireName) #\(frames.count + 1)"))
                }
                if let (question, answer) = FrameSynthesizer(contract: contract).acknowledgedExchange(
                    of: event, in: channel, id: frames.count)
                {
                    let answerer: Direction = direction == .clientToServer ? .serverToClient : .clientToServer
                    frames.append(CapturedFrame(data: question, direction: direction, origin: "\(event.wireName) asks"))
                    frames.append(
                        CapturedFrame(data: answer, direction: answerer, origin: "\(event.wireName) answered"))
                }
            }
        }
        return frames
    }

    @Test(arguments: files) func framesFromExamplesAndTypesVerifyClean(file: String) throws {
        let contract = try #require(ContractLoader().load(path: RepositoryContracts.path(file)).contract)
        var verifier = CaptureVerifier(contract: contract)
        for frame in Self.frames(of: contract) { verifier.verify(frame) }
        #expect(verifier.report.passes && verifier.report.noticeCount == 0, "\(verifier.report.text())")
    }

    /// The draft lints clean and verifies every frame it came from; how it differs from the original (descriptions
    /// aside) is the golden `Fixtures/RoundTrip/<contract>.txt`, each line a kind of looseness docs/verify.md lists
    /// under "What a draft cannot know". Re-record with `SCHEMAGEN_RECORD=1`.
    @Test(arguments: files) func inferOnThoseFramesDraftsTheContractButForWhatTrafficCannotSay(file: String) throws {
        let contract = try #require(ContractLoader().load(path: RepositoryContracts.path(file)).contract)
        let frames = Self.frames(of: contract)
        var summary = "# infer on frames of schemas/\(file), against the original (descriptions left out)\n"
        do {
            let draft = try ContractInferrer.draft(name: contract.name, frames: frames, source: file)
            let check = DraftCheck(draft: draft, path: "draft-\(file)") { verify in frames.forEach(verify) }
            #expect(!check.loaded.hasErrors, "\(check.loaded.diagnostics.map(\.message))\n\(draft)")
            #expect(check.isClean && check.report?.noticeCount == 0, "\(check.report?.text() ?? "")\n\(draft)")
            let drafted = try #require(check.loaded.contract)
            for change in ContractDiffer(old: contract, new: drafted, file: file).changes()
            where change.kind != .documentation {
                summary += "\(change.kind) \(change.location.markdown): \(change.summary.markdown)\n"
            }
        } catch let error as InferenceError {
            summary += "refused: \(error.message)\n"
        }
        try Golden.assertMatches(
            summary,
            golden: Golden.fixtures.appending(path: "RoundTrip/\((file as NSString).deletingPathExtension).txt"))
    }
}
