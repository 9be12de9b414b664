import Foundation

/// How several frames share one WebSocket message, for APIs that batch them (`separator:` in a contract).
///
/// Reading, a message is split into its frames and each is read on its own, in order; writing, each frame is sent in
/// a message of its own, in the form the API reads.
public enum FrameSeparator: String, Hashable, Sendable, CaseIterable {
    /// One frame per line (newline-delimited JSON, as Centrifugo batches replies); blank lines are skipped and a
    /// line's trailing carriage return is not part of its frame. Frames are written without a newline.
    case newline
    /// Every frame ends with the record separator 0x1E (SignalR's JSON hub protocol); frames are written with it.
    case recordSeparator = "record-separator"

    var byte: UInt8 {
        switch self {
        case .newline: 0x0A
        case .recordSeparator: 0x1E
        }
    }

    /// The frames of one message, in order, without their separators; none for a message of separators and white
    /// space only.
    public func frames(in message: Data) -> [Data] {
        var frames: [Data] = []
        var start = message.startIndex
        func take(_ end: Data.Index) {
            var piece = message[start..<end]
            while let last = piece.last, last == 0x0D || last == 0x20 || last == 0x09 { piece = piece.dropLast() }
            while let first = piece.first, first == 0x0A || first == 0x0D || first == 0x20 || first == 0x09 {
                piece = piece.dropFirst()
            }
            if !piece.isEmpty { frames.append(Data(piece)) }
        }
        var index = message.startIndex
        while index < message.endIndex {
            if message[index] == byte {
                take(index)
                start = message.index(after: index)
            }
            index = message.index(after: index)
        }
        take(message.endIndex)
        return frames
    }

    /// `frame` as the API reads it when it travels alone.
    public func terminated(_ frame: Data) -> Data {
        switch self {
        case .newline: frame
        case .recordSeparator: frame + [byte]
        }
    }

    /// The frames of an incoming message, each an `IncomingFrame` of its own with the message's channel; none when
    /// the message holds no frame (the cores report that).
    func incomingFrames(of message: IncomingFrame) -> [IncomingFrame] {
        if let single = single(in: message.data) {
            return [IncomingFrame(data: single, channel: message.channel, ackID: message.ackID)]
        }
        return frames(in: message.data).map { IncomingFrame(data: $0, channel: message.channel, ackID: message.ackID) }
    }

    /// The message of one frame, as ``frames(in:)`` gives it back, or `nil` when `message` holds several frames (or
    /// none): most messages carry one frame, which is then read without a copy.
    private func single(in message: Data) -> Data? {
        guard let first = message.firstIndex(of: byte) else { return message }
        // A record separator that ends the message (SignalR's every frame) still leaves one frame.
        if first == message.index(before: message.endIndex) { return message[message.startIndex..<first] }
        return nil
    }
}
