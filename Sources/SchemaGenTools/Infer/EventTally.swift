import SchemaGenContract
import SchemaGenGenerator
/// What the capture showed of one event: who sent it, its payloads, its envelope's keys and its acknowledgements.
/// Directions are kept apart until the draft is written, so an event whose two directions differ in shape (Nostr's
/// `EVENT`) becomes two events.
package struct EventTally {
    package var wireName: String
    package var fromClient = DirectionTally()
    package var fromServer = DirectionTally()

    package struct DirectionTally {
        package var frames = 0
        /// Frames without a payload.
        package var withoutPayload = 0
        package var payload = Observation()
        package var envelope = ObjectObservation()
        /// The acknowledgements the other side answered this event with (their first argument), and how many had
        /// more than one.
        package var acknowledgement = Observation()
        package var acknowledgementsWithMoreArguments = 0
        package var extraArguments = 0

        package mutating func absorb(_ other: DirectionTally) {
            frames += other.frames
            withoutPayload += other.withoutPayload
            payload.absorb(other.payload)
            envelope.absorb(other.envelope)
            acknowledgement.absorb(other.acknowledgement)
            acknowledgementsWithMoreArguments += other.acknowledgementsWithMoreArguments
            extraArguments += other.extraArguments
        }
    }

    package init(wireName: String) {
        self.wireName = wireName
    }

    package subscript(direction: Direction) -> DirectionTally {
        get { direction == .clientToServer ? fromClient : fromServer }
        set {
            if direction == .clientToServer { fromClient = newValue } else { fromServer = newValue }
        }
    }

    package mutating func observe(_ event: InferredFrame.Event, sentBy direction: Direction) {
        self[direction].frames += 1
        self[direction].extraArguments += event.extraArguments > 0 ? 1 : 0
        if let payload = event.payload {
            self[direction].payload.observe(payload)
        } else {
            self[direction].withoutPayload += 1
        }
        self[direction].envelope.observe(event.envelope)
    }

    package mutating func observeAcknowledgement(_ arguments: [DocumentValue], of direction: Direction) {
        self[direction].acknowledgement.observe(arguments.first ?? .null)
        if arguments.count > 1 { self[direction].acknowledgementsWithMoreArguments += 1 }
    }
}
