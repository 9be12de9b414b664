import Foundation
import SchemaGenRuntime

// One realistic incoming frame: Zikr's `pora_completed`, ten fields including a date, as Socket.IO sends it.
let payloadText =
    #"{"bookingId":"b-4821","poraId":"p-17","poraName":"Juz 17","groupId":"g-family","groupName":"Family circle","userId":"u-2291","userName":"Aisha","totalFinished":12,"hatmCompleted":false,"timestamp":"2025-01-31T09:30:00.123Z"}"#
let frame = Data((#"["pora_completed","# + payloadText + "]").utf8)
let payload = Data(payloadText.utf8)
let iterations = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 200_000

/// Counts deliveries; handlers run on the delivering task, one at a time.
final class Counter: @unchecked Sendable {
    var value = 0
}

/// Runs per second of one round: the asynchronous `body` run `count` times in sequence.
nonisolated func asyncRound(_ count: Int, _ body: () async -> Void) async -> Double {
    let start = ContinuousClock.now
    for _ in 0..<count { await body() }
    return Double(count) / seconds(ContinuousClock.now - start)
}

/// Frames per second of one round: `body` run `iterations` times.
func round(_ body: () -> Void) -> Double {
    Double(iterations) / seconds(ContinuousClock().measure { for _ in 0..<iterations { body() } })
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The best of five rounds of each benchmark, the rounds interleaved (one round of each, five times over): a slow
/// phase of a shared machine then slows one round of every benchmark rather than all rounds of one, so the ratios
/// between benchmarks that the guards read hold while the machine's speed moves.
func bestOfInterleavedRounds(_ benchmarks: [(label: String, round: () async -> Double)]) async -> [String: Double] {
    var best: [String: Double] = [:]
    for _ in 0..<5 {
        for benchmark in benchmarks {
            best[benchmark.label] = max(best[benchmark.label] ?? 0, await benchmark.round())
        }
    }
    return best
}

// `DispatchBenchmark N --decoder-only` measures the bare WireDecoder alone (row 2c), for profiling decoding.
if CommandLine.arguments.contains("--decoder-only") {
    let decoder = Zikr.dateEncoding.makeDecoder()
    let rate = (0..<5).map { _ in round { _ = try! decoder.decode(Zikr.PoraCompleted.self, from: payload) } }.max()!
    print("dispatch\tbare WireDecoder (what generated clients decode with), payload bytes only\t\(Int(rate))")
    exit(0)
}

/// Frames per second of one round through `transport` to listeners registered by `listen`, delivered as a transport
/// does: from a task on no actor (top-level code here runs on the main actor, which would add a hop to every frame).
nonisolated func deliveries(
    _ frame: Data, to transport: LoopbackTransport, expecting delivered: Counter
) async -> Double {
    let before = delivered.value
    let rate = await asyncRound(iterations) { await transport.deliver(frame) }
    precondition(delivered.value == before + iterations, "every frame must reach the listener")
    return rate
}

// 1. Through the generated client: frame → framing → typed listener, registered from no actor.
nonisolated func listen(_ client: Zikr.Client, _ delivered: Counter) {
    client.onPoraCompleted { completed in if completed.hatmCompleted == false { delivered.value += 1 } }
}
let transport = LoopbackTransport()
let client = Zikr.Client(transport: transport)
let delivered = Counter()
listen(client, delivered)
// `DispatchBenchmark N --generated-only` measures the generated client alone, for profiling it.
if CommandLine.arguments.contains("--generated-only") {
    var generated = 0.0
    for _ in 0..<5 { generated = max(generated, await deliveries(frame, to: transport, expecting: delivered)) }
    print("dispatch\tgenerated client (loopback, typed listener)\t\(Int(generated))")
    exit(0)
}

// 2. A bare JSONDecoder decoding the payload's bytes into the same struct, as a developer would set it up:
// `.iso8601` rejects milliseconds, so dates go through ISO8601FormatStyle.
let isoFractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
let stockDecoder = JSONDecoder()
stockDecoder.dateDecodingStrategy = .custom { decoder in
    try Date(try decoder.singleValueContainer().decode(String.self), strategy: isoFractional)
}
func bareRound() -> Double { round { _ = try! stockDecoder.decode(Zikr.PoraCompleted.self, from: payload) } }

// 2b. The same with schemagen's own date parsing, to separate the cost of dates from the cost of JSONDecoder.
let jsonDecoderSameDates = Zikr.dateEncoding.makeJSONDecoder()
func bareSameDatesRound() -> Double {
    round { _ = try! jsonDecoderSameDates.decode(Zikr.PoraCompleted.self, from: payload) }
}

// 2c. The decoder generated clients use, on the payload bytes alone: its gap to the generated client is the
// framing and dispatch overhead.
let wireDecoder = Zikr.dateEncoding.makeDecoder()
func bareWireRound() -> Double { round { _ = try! wireDecoder.decode(Zikr.PoraCompleted.self, from: payload) } }

// 3. A hand-written handler as in the guides: JSONSerialization into [String: Any], then casts.
struct HandParsed {
    var bookingId, poraId, poraName, groupId, groupName, userId, userName: String
    var totalFinished: Int
    var hatmCompleted: Bool
    var timestamp: Date
}
func handWrittenRound() -> Double {
    round {
        guard let array = try? JSONSerialization.jsonObject(with: frame) as? [Any],
            array.first as? String == "pora_completed",
            let data = array.dropFirst().first as? [String: Any],
            let bookingId = data["bookingId"] as? String, let poraId = data["poraId"] as? String,
            let poraName = data["poraName"] as? String, let groupId = data["groupId"] as? String,
            let groupName = data["groupName"] as? String, let userId = data["userId"] as? String,
            let userName = data["userName"] as? String, let totalFinished = data["totalFinished"] as? Int,
            let hatmCompleted = data["hatmCompleted"] as? Bool, let stamp = data["timestamp"] as? String,
            let timestamp = try? Date(stamp, strategy: isoFractional)
        else { fatalError("the hand-written handler failed") }
        _ = HandParsed(
            bookingId: bookingId, poraId: poraId, poraName: poraName, groupId: groupId, groupName: groupName,
            userId: userId,
            userName: userName, totalFinished: totalFinished, hatmCompleted: hatmCompleted, timestamp: timestamp)
    }
}

// 4. The same payload in the new frame shapes: a gateway named on two levels (`op`, then `t`) and a positional
// relay message (`["EVENT", subscription, payload]`), each through its generated client.
let gatewayFrame = Data((#"{"op":0,"t":"pora_completed","s":42,"d":"# + payloadText + "}").utf8)
let gatewayTransport = LoopbackTransport()
let gateway = Gateway.Client(transport: gatewayTransport)
let gatewayDelivered = Counter()
nonisolated func listen(_ gateway: Gateway.Client, _ delivered: Counter) {
    gateway.onPoraCompleted { completed in
        if completed.s == 42, completed.payload.hatmCompleted == false { delivered.value += 1 }
    }
}
listen(gateway, gatewayDelivered)

let relayFrame = Data((#"["EVENT","sub-1","# + payloadText + "]").utf8)
let relayTransport = LoopbackTransport()
let relay = Relay.Client(transport: relayTransport)
let relayDelivered = Counter()
nonisolated func listen(_ relay: Relay.Client, _ delivered: Counter) {
    relay.onEvent { event in
        if event.subscription == "sub-1", event.completed.hatmCompleted == false { delivered.value += 1 }
    }
}
listen(relay, relayDelivered)

// 4b. The listener of a `@MainActor` view model: registered on the main actor, so every frame's delivery hops there
// and back, what an app's UI listeners cost.
let mainActorTransport = LoopbackTransport()
let mainActorClient = Zikr.Client(transport: mainActorTransport)
let mainActorDelivered = Counter()
mainActorClient.onPoraCompleted { completed in
    MainActor.preconditionIsolated()
    if completed.hatmCompleted == false { mainActorDelivered.value += 1 }
}

// 5. Request/reply round trips: the generated request method through a transport that answers each request as
// it is sent (the reply echoing its request_id), one request at a time.
final class AnsweringTransport: RealtimeTransport, @unchecked Sendable {
    private var receiver: (@Sendable (IncomingFrame) async -> Void)?

    func send(_ frame: OutgoingFrame) async throws {
        // The request id is the last string member the framing writes: `..."request_id":"<n>"}`.
        let text = String(decoding: frame.data, as: UTF8.self)
        let id = text.split(separator: "\"").dropLast().last.map(String.init) ?? ""
        await receiver?(
            IncomingFrame(data: Data(#"{"type":"balance","request_id":"\#(id)","account":"a1","cents":1250}"#.utf8)))
    }

    func setReceiver(_ receiver: @escaping @Sendable (IncomingFrame) async -> Void) {
        self.receiver = receiver
    }
}

let wallet = Wallet.Client(transport: AnsweringTransport())
nonisolated func roundTrips(_ wallet: Wallet.Client) async -> Double {
    await asyncRound(iterations / 4) {
        let balance = try! await wallet.getBalance(account: "a1")
        precondition(balance.cents == 1250)
    }
}

// 6. Subscription items: frames of an open subscription, each matched by its id and yielded to the loop that
// reads them (delivered in a batch, then read), against the typed listener above.
/// One round: `iterations` items delivered to a fresh subscription, then read.
nonisolated func subscriptionItemsRound() async -> Double {
    let transport = LoopbackTransport()
    let watcher = Wallet.Client(transport: transport)
    // Every item is delivered before the loop reads them: the subscription keeps them all (its default keeps 4,096).
    watcher.subscriptionBuffer = .dropOldest(iterations)
    let changes = try! await watcher.watchBalance(account: "a1")
    let change = Data(#"{"type":"balance_changed","watch_id":1,"account":"a1","cents":1250}"#.utf8)
    var iterator = changes.makeAsyncIterator()
    return await asyncRound(1) {
        for _ in 0..<iterations { await transport.deliver(change) }
        for _ in 0..<iterations {
            let item = try! await iterator.next()
            precondition(item?.cents == 1250)
        }
    } * Double(iterations)
}

let labels = (
    generated: "generated client (loopback, typed listener)",
    twoLevel: "generated client, two-level gateway frame (op, then t)",
    positional: "generated client, positional relay frame ([verb, subscription, payload])",
    onMainActor: "generated client, listener on the main actor (a view model's)",
    roundTrips: "request/reply round trips (generated request method, answering transport)",
    subscriptionItems: "subscription items (matched by id, read by a for-await loop)",
    bare: "bare JSONDecoder (ISO8601FormatStyle dates), payload bytes only",
    bareSameDates: "bare JSONDecoder with schemagen's date parsing",
    bareWire: "bare WireDecoder (what generated clients decode with), payload bytes only",
    handWritten: "hand-written JSONSerialization handler"
)
let best = await bestOfInterleavedRounds([
    (labels.generated, { await deliveries(frame, to: transport, expecting: delivered) }),
    (labels.twoLevel, { await deliveries(gatewayFrame, to: gatewayTransport, expecting: gatewayDelivered) }),
    (labels.positional, { await deliveries(relayFrame, to: relayTransport, expecting: relayDelivered) }),
    (labels.onMainActor, { await deliveries(frame, to: mainActorTransport, expecting: mainActorDelivered) }),
    (labels.roundTrips, { await roundTrips(wallet) }),
    (labels.subscriptionItems, { await subscriptionItemsRound() }),
    (labels.bare, bareRound),
    (labels.bareSameDates, bareSameDatesRound),
    (labels.bareWire, bareWireRound),
    (labels.handWritten, handWrittenRound),
])
let handWritten = best[labels.handWritten]!
let bare = best[labels.bare]!
let bareWire = best[labels.bareWire]!

// One line per measurement, tab-separated, for Benchmarks/run.py to put in its table.
func ratios(_ rate: Double) -> String {
    String(
        format: "%.2fx hand-written; %.2fx bare JSONDecoder; %.2fx bare WireDecoder", rate / handWritten, rate / bare,
        rate / bareWire)
}
for label in [
    labels.generated, labels.twoLevel, labels.positional, labels.onMainActor, labels.roundTrips,
    labels.subscriptionItems, labels.bare, labels.bareSameDates, labels.bareWire, labels.handWritten,
] {
    print("dispatch\t\(label)\t\(Int(best[label]!))\t\(ratios(best[label]!))")
}
