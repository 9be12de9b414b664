import Foundation
import FuzzSupport
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import SchemaGenRuntime

/// The contract interpreter (`schemagen verify`'s) against the generated code it must agree with: the input's first
/// byte picks an event of schemas/zikr.yaml or schemas/rooms.yaml, the rest is its payload. The interpreter must say
/// "matches" exactly when the generated type (Generated/Swift, linked here) decodes the payload as a generated client
/// does; a disagreement either way is a finding.
struct Target {
    let event: Event
    let interpreter: FrameInterpreter
    let decodes: @Sendable (Data) -> Bool
}

let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../schemas")
    .standardized

func targets<Contract>(
    _ file: String, _ dates: WireDateEncoding, _ types: [(String, any (Decodable & Sendable).Type)], _: Contract.Type
) -> [Target] {
    guard let contract = ContractLoader().load(path: schemas.appendingPathComponent(file).path).contract else {
        fatalError("\(file) does not load")
    }
    let interpreter = FrameInterpreter(contract: contract)
    return types.map { name, type in
        guard let event = contract.allEvents.first(where: { $0.event.wireName == name })?.event else {
            fatalError("\(file) has no event \(name)")
        }
        return Target(
            event: event, interpreter: interpreter,
            decodes: { data in (try? dates.makeDecoder().decode(type, from: data)) != nil })
    }
}

let all: [Target] =
    targets(
        "zikr.yaml", Zikr.dateEncoding,
        [
            ("book_pora", Zikr.BookPora.self), ("connection_status", Zikr.ConnectionStatus.self),
            ("new_notification", Zikr.NewNotification.self), ("notifications", [Zikr.Notification].self),
            ("pora_completed", Zikr.PoraCompleted.self), ("respond_to_invitation", Zikr.RespondToInvitation.self),
            ("update_zikr_count", Zikr.UpdateZikrCount.self), ("error", Zikr.Error.self),
        ], Zikr.self)
    + targets(
        "rooms.yaml", Rooms.dateEncoding,
        [
            ("element:create", Rooms.ElementCreate.self), ("element:created", Rooms.Element.self),
            ("touch:move", Rooms.TouchMove.self), ("room:join", Rooms.RoomJoin.self),
        ], Rooms.self)

@_cdecl("FuzzInterpreter_main")
public func fuzzInterpreterMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { start, count in fuzzInterpreter(start.map { Data(bytes: $0, count: count) } ?? Data()) }
}

func fuzzInterpreter(_ data: Data) -> CInt {
    guard let first = data.first else { return 0 }
    let target = all[Int(first) % all.count]
    let payload = Data(data.dropFirst())
    let findings = target.interpreter.readPayload(payload, of: target.event)
    let accepts = !findings.contains { $0.severity == .mismatch }
    let decodes = target.decodes(payload)
    if accepts != decodes {
        fatalError(
            "`\(target.event.wireName)`: generated code \(decodes ? "reads" : "refuses") \(String(decoding: payload, as: UTF8.self).debugDescription), the interpreter \(accepts ? "accepts it" : "refuses it: \(findings.map(\.description))")"
        )
    }
    return 0
}
