/// A generated event's value that is its whole envelope: the envelope's fields beside the payload (under the
/// envelope's payload key), as a Comapi event carries its `id` and `apiSpace`. It is read from the whole frame, so it
/// is written as the whole frame: its members, with the envelope's name (and channel) keys added, never nested under
/// the payload key.
public protocol EnvelopeFrame: Encodable {}
