import Foundation
@testable import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Deeply nested payloads on a 512 KiB thread (what iOS gives secondary threads), in the debug build the
/// tests run in: a generated recursive type, `JSON` fields and whole frames either decode or fail with an
/// error. None of them may overflow the stack, which would end the test process.
@Suite struct DeepInputTests {
    /// Runs `body` on a thread with a 512 KiB stack and waits for it.
    static func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        return box.value!
    }

    static func comment(depth: Int) -> Data {
        Data(
            (String(repeating: #"{"id":"c","replies":[],"meta":{},"thread_root":null,"parent":"#, count: depth) + "null"
                + String(repeating: "}", count: depth)).utf8)
    }

    static func decodes<T: Decodable>(_ type: T.Type, _ data: Data) -> Bool {
        (try? WireDecoder(dates: .iso8601).decode(T.self, from: data)) != nil
    }

    @Test func aGeneratedRecursiveTypeDecodesDeepInputOrFailsWithAnError() {
        #expect(
            Self.onSmallStack { Self.decodes(Recursion.Comment.self, Self.comment(depth: 60)) },
            "realistic depths decode")
        for depth in [200, 400, 511, 5_000] {
            #expect(
                !Self.onSmallStack { Self.decodes(Recursion.Comment.self, Self.comment(depth: depth)) },
                "\(depth) levels")
        }
    }

    @Test func jsonDecodesEveryDepthTheParserAllowsAndIsHashedAndCompared() {
        for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
            let deepest = Data(
                (String(repeating: open, count: 512) + (open == "[" ? "" : "1") + String(repeating: close, count: 512))
                    .utf8)
            let ok = Self.onSmallStack {
                guard let value = try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: deepest) else {
                    return false
                }
                return value == value && value.hashValue == value.hashValue
            }
            #expect(ok, "\(open) 512 levels")
            let tooDeep = Data(
                (String(repeating: open, count: 513) + (open == "[" ? "" : "1") + String(repeating: close, count: 513))
                    .utf8)
            #expect(!Self.onSmallStack { Self.decodes(JSONValue.self, tooDeep) }, "\(open) 513 levels")
        }
    }

    /// A deep JSON value is built without recursion, equal to what Foundation builds.
    @Test func deepJSONMatchesFoundation() throws {
        let text = String(repeating: #"{"a":[1,{"b":"#, count: 100) + #""x""# + String(repeating: "}]}", count: 100)
        let data = Data(text.utf8)
        #expect(
            try WireDecoder(dates: .iso8601).decode(JSONValue.self, from: data)
                == JSONDecoder().decode(JSONValue.self, from: data))
    }

    @Test func aDeepFrameReachesTheFailureHandler() async {
        let deep = Data(#"["comment_posted","#.utf8) + Self.comment(depth: 2_000) + Data("]".utf8)
        // What the client does with a frame (parse it, decode its payload), on a thread with the stack of an app's
        // secondary thread: a thrown error, not a stack overflow. Listeners are awaited, so the client itself is
        // driven from a task below.
        let threw = Self.onSmallStack {
            guard let frame = try? Recursion.framing.parse(deep) else { return false }
            return (try? Recursion.dateEncoding.makeDecoder().decode(Recursion.Comment.self, from: frame.payloadOrNull))
                == nil
        }
        #expect(threw)
        let failures = Recorder<IncomingFailure>()
        let comments = Recorder<Recursion.Comment>()
        let transport = LoopbackTransport()
        let client = Recursion.Client(transport: transport)
        _ = client.onCommentPosted { comments.append($0) }
        _ = client.onIncomingFailure { failures.append($0) }
        await transport.deliver(deep)
        await transport.deliver(Data(#"["comment_posted","#.utf8) + Self.comment(depth: 3) + Data("]".utf8))
        #expect(failures.values.count == 1)
        #expect(comments.values.count == 1, "the next frame still arrives")
    }
}

/// Carries a result out of a thread that the caller waits for.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
