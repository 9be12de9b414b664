@_spi(Generated) import SchemaGenRuntime
import Testing

/// `ChannelTemplate`, what a server's listener across every address of a channel reads addresses with.
@Suite struct ChannelTemplateTests {
    static let seat = ChannelTemplate([.literal("room:"), .parameter, .literal("/seat-"), .parameter])

    @Test func readsEachParameterUpToTheLiteralThatFollowsIt() {
        #expect(Self.seat.values(in: "room:r1/seat-2") == ["r1", "2"])
        #expect(
            Self.seat.values(in: "room:lobby:2/seat-12") == ["lobby:2", "12"],
            "a value may hold the template's other text")
        #expect(ChannelTemplate([.literal("driver-"), .parameter]).values(in: "driver-42") == ["42"])
        #expect(ChannelTemplate([.parameter, .literal(":presence")]).values(in: "r1:presence") == ["r1"])
        #expect(ChannelTemplate([.literal("/ticker")]).values(in: "/ticker") == [])
    }

    @Test func refusesAddressesOfOtherShapes() {
        #expect(Self.seat.values(in: "room:r1/seat-") == nil, "an empty value")
        #expect(Self.seat.values(in: "room:/seat-2") == nil, "an empty value")
        #expect(Self.seat.values(in: "rooms:r1/seat-2") == nil)
        #expect(Self.seat.values(in: "room:r1") == nil)
        #expect(ChannelTemplate([.literal("/ticker")]).values(in: "/ticker-2") == nil, "text after the template's end")
        #expect(
            ChannelTemplate([.parameter, .parameter]).values(in: "ab") == nil, "two parameters with nothing between")
    }
}
