import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// Issue 50's fourth bug: two contracts that read and write the same frames, a hand-written one and `schemagen infer`'s
/// draft of three captured frames, both verified clean against them. `diff` reported the framing changed "so no event
/// is understood" and breaking changes, and did not mention the one lossy change (`Decimal` to `Double`).
@Suite struct EquivalentContractsDiffTests {
    static let frames = [
        (#"{"op":"quote","req_id":1,"data":{"symbol":"AAPL","price":189.5}}"#, Direction.serverToClient),
        (#"{"op":"quote","req_id":2,"data":{"symbol":"MSFT","price":410.25}}"#, .serverToClient),
        (#"{"op":"watch","req_id":3,"data":{"symbol":"AAPL"}}"#, .clientToServer),
    ]
    /// Written by hand: the shape says `has:` in full and the payload is a named type.
    static let handWritten = """
        schemagen: 1
        name: Quotes
        frames:
          op:
            has: [op, data]
            name: op
            payload: data
            fields:
              req_id: Int
        types:
          Price:
            fields:
              symbol: String
              price: Decimal
        events:
          quote:
            direction: server-to-client
            payload: Price
          watch:
            direction: client-to-server
            payload:
              symbol: String
        """
    /// What `schemagen infer` drafts from the three frames (its comments left out).
    static let inferred = """
        schemagen: 1
        name: Quotes
        frames:
          message:
            name: op
            payload: data
            fields:
              req_id: Int
        events:
          quote:
            direction: server-to-client
            payload:
              symbol: String
              price: Double
          watch:
            direction: client-to-server
            payload:
              symbol: String
        """

    static func contract(_ text: String, _ path: String) throws -> Contract {
        let loaded = ContractLoader().load(text: text, path: path)
        return try #require(loaded.contract, "\(loaded.diagnostics)")
    }

    @Test func bothContractsReadTheCapturedFrames() throws {
        for (text, path) in [(Self.handWritten, "hand.yaml"), (Self.inferred, "draft.yaml")] {
            var verifier = CaptureVerifier(contract: try Self.contract(text, path))
            for (index, (frame, direction)) in Self.frames.enumerated() {
                verifier.verify(CapturedFrame(data: Data(frame.utf8), direction: direction, origin: "frame \(index)"))
            }
            #expect(verifier.report.matched == 3 && verifier.report.passes, "\(path): \(verifier.report.headline)")
        }
    }

    /// `ids:` written where it was implied reads and writes the same frames: no change.
    @Test func writingTheImpliedIDsChangesNothing() throws {
        func text(_ ids: String) -> String {
            """
            schemagen: 1
            name: Watch
            framing: {discriminator: type}
            events:
              watch: {direction: client-to-server, payload: {sub_id: Int}, subscription: {event: item, match: sub_id\(ids)}}
              item: {direction: server-to-client, payload: {sub_id: Int}}
              ask: {direction: client-to-server, payload: {request_id: String}, reply: {event: answer, match: request_id\(ids)}}
              answer: {direction: server-to-client, payload: {request_id: String}}
            """
        }
        let changes = ContractDiffer(
            old: try Self.contract(text(""), "old.yaml"), new: try Self.contract(text(", ids: counter"), "new.yaml"),
            file: "new.yaml"
        ).changes()
        #expect(changes.isEmpty, "\(changes.map(\.summary))")
    }

    @Test func theDiffFindsNoBreakAndNamesTheLossyChange() throws {
        let changes = ContractDiffer(
            old: try Self.contract(Self.handWritten, "hand.yaml"), new: try Self.contract(Self.inferred, "draft.yaml"),
            file: "draft.yaml"
        ).changes()
        #expect(!changes.contains { $0.worst == .breaks }, "\(changes.map(\.summary))")
        #expect(!changes.contains { $0.kind == .framingChanged }, "\(changes.map(\.summary))")
        let lossy = changes.filter { $0.kind == .typePrecisionLost }
        #expect(lossy.count == 1 && lossy.first?.event == "quote" && lossy.first?.path == ["price"])
        #expect(changes.contains { $0.kind == .documentation && "\($0.summary)".contains("renamed") })
    }

    /// Found by `schemagen-oracle`'s rewrites: an envelope and the frame shape that reads the same frames, a
    /// discriminator and a `payload: rest` shape. `diff` said the framing changed, which breaks every event.
    @Test(arguments: [
        (
            "framing: {envelope: {name: event, payload: data, channel: channel}}",
            "frames: {message: {name: event, payload: data, channel: channel}}"
        ),
        ("framing: {discriminator: type}", "frames: {message: {name: type, payload: rest}}"),
    ])
    func aFramingAndTheShapeThatSaysTheSameAreNoChange(framing: String, shape: String) throws {
        func text(_ framing: String) -> String {
            """
            schemagen: 1
            name: Spelled
            \(framing)
            events:
              said: {direction: server-to-client, payload: {text: String}}
              say: {direction: client-to-server, payload: {text: String, request_id: Int}, reply: {event: heard, match: request_id}}
              heard: {direction: server-to-client, payload: {request_id: Int}}
            """
        }
        let old = try Self.contract(text(framing), "old.yaml"), new = try Self.contract(text(shape), "new.yaml")
        for (before, after) in [(old, new), (new, old)] {
            let changes = ContractDiffer(old: before, new: after, file: "new.yaml").changes()
            #expect(!changes.contains { $0.worst == .breaks }, "\(changes.map(\.summary))")
        }
        let moved = try Self.contract(
            text(shape.replacingOccurrences(of: "payload: data", with: "payload: body")), "b.yaml")
        if framing.contains("envelope") {
            let changes = ContractDiffer(old: old, new: moved, file: "b.yaml").changes()
            #expect(changes.contains { $0.kind == .framingChanged && $0.worst == .breaks }, "\(changes.map(\.summary))")
        }
    }

    /// Found by `schemagen-oracle` once it drew tuples: an inline tuple payload and the named tuple type with the same
    /// elements read the same array, yet `diff` said the type changed (a break); and a `Decimal` element read as
    /// `Double` was reported as the whole tuple changed, not as the precision it loses.
    @Test func aTupleSpelledAnewIsNoChangeAndItsElementsAreJudgedOneByOne() throws {
        func text(payload: String, price: String = "Decimal") -> String {
            """
            schemagen: 1
            name: Book
            framing: socket.io
            types:
              Level:
                tuple:
                  - price: \(price)
                  - orders: Int?
            events:
              book_level: {direction: server-to-client, payload: \(payload)}
            """
        }
        let inline = try Self.contract(text(payload: "[{price: Decimal}, {orders: Int?}]"), "inline.yaml")
        let named = try Self.contract(text(payload: "Level"), "named.yaml")
        for (before, after) in [(inline, named), (named, inline)] {
            let changes = ContractDiffer(old: before, new: after, file: "new.yaml").changes()
            #expect(!changes.contains { $0.isBreaking }, "\(changes.map(\.summary))")
            #expect(changes.contains { $0.kind == .swiftAPI }, "\(changes.map(\.summary))")
        }
        let lossy = ContractDiffer(
            old: named, new: try Self.contract(text(payload: "Level", price: "Double"), "lossy.yaml"),
            file: "lossy.yaml"
        ).changes()
        #expect(lossy.map(\.kind) == [.typePrecisionLost], "\(lossy.map(\.summary))")
        #expect(lossy.first?.path.last == "price")
        let moved = ContractDiffer(
            old: named, new: try Self.contract(text(payload: "[{orders: Int?}]"), "moved.yaml"), file: "moved.yaml"
        ).changes()
        #expect(moved.contains { $0.kind == .typeChanged && $0.isBreaking }, "\(moved.map(\.summary))")
    }
}
