import Foundation
import FuzzSupport
import SchemaGenRuntime

/// Every framing parses the input or rejects it with `MalformedFrame`; every payload it finds goes through
/// `WireDecoder`; a frame whose payload decodes is written back by the same framing and parses again to the
/// same name, channel and payload. A crash, a sanitizer report or a broken round trip is a finding.
let framings: [WireFraming] = [
    .socketIO,
    .envelope(.init(nameKey: "event", payloadKey: "data", channelKey: "channel")),
    .envelope(.init(nameKey: "event", payloadKey: "data", channelKey: "channel", payloadIsJSONString: true)),
    .envelope(.init(nameKey: "type", payloadKey: "payload")),
    .discriminator(key: "type"),
]

@_cdecl("FuzzFraming_main")
public func fuzzFramingMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { start, count in fuzzFraming(start.map { Data(bytes: $0, count: count) } ?? Data()) }
}

func fuzzFraming(_ data: Data) -> CInt {
    for framing in framings {
        guard let frame = try? framing.parse(data) else { continue }
        // The scanner only finds the payload's bytes; the decoder validates them. Only a payload a client
        // could decode (and so could have sent) must survive being written back.
        if let payload = frame.payload, (try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: payload)) == nil { continue }
        if case .discriminator = framing { continue } // its payload is the whole frame: nothing to write back
        let written = framing.frame(eventName: frame.eventName, channel: frame.channel, payload: frame.payload)
        guard let again = try? framing.parse(written) else {
            fatalError("\(framing) wrote a frame it cannot read: \(String(decoding: written, as: UTF8.self))")
        }
        guard again.eventName == frame.eventName, again.channel == frame.channel, again.payload == frame.payload else {
            fatalError("\(framing) round trip changed the frame: \(String(decoding: written, as: UTF8.self))")
        }
    }
    return 0
}
