/// What the capture showed of one event: who sent it, its payloads, its envelope's keys and its acknowledgements.
/// Directions are kept apart until the draft is written, so an event whose two directions differ in shape (Nostr's
/// `EVENT`) becomes two events.
struct EventTally {
    var wireName: String
    var fromClient = DirectionTally()
    var fromServer = DirectionTally()

    struct DirectionTally {
        var frames = 0
        /// Frames without a payload.
        var withoutPayload = 0
        var payload = Observation()
        var envelope = ObjectObservation()
        /// The acknowledgements the other side answered this event with (their first argument), and how many had
        /// more than one.
        var acknowledgement = Observation()
        var acknowledgementsWithMoreArguments = 0
        var extraArguments = 0

        mutating func absorb(_ other: DirectionTally) {
            frames += other.frames
            withoutPayload += other.withoutPayload
            payload.absorb(other.payload)
            envelope.absorb(other.envelope)
            acknowledgement.absorb(other.acknowledgement)
            acknowledgementsWithMoreArguments += other.acknowledgementsWithMoreArguments
            extraArguments += other.extraArguments
        }
    }

    init(wireName: String) {
        self.wireName = wireName
    }

    subscript(direction: Direction) -> DirectionTally {
        get { direction == .clientToServer ? fromClient : fromServer }
        set {
            if direction == .clientToServer { fromClient = newValue } else { fromServer = newValue }
        }
    }

    mutating func observe(_ event: InferredFrame.Event, sentBy direction: Direction) {
        self[direction].frames += 1
        self[direction].extraArguments += event.extraArguments > 0 ? 1 : 0
        if let payload = event.payload {
            self[direction].payload.observe(payload)
        } else {
            self[direction].withoutPayload += 1
        }
        self[direction].envelope.observe(event.envelope)
    }

    mutating func observeAcknowledgement(_ arguments: [DocumentValue], of direction: Direction) {
        self[direction].acknowledgement.observe(arguments.first ?? .null)
        if arguments.count > 1 { self[direction].acknowledgementsWithMoreArguments += 1 }
    }
}
