/// A set of object keys that can only say "maybe" or "no": 64 bits, two set per key. What lets a key lookup
/// skip comparing the keys it has already passed: a key repeated earlier in an object is found by the filter,
/// and a "maybe" for a key that is not there costs one exact comparison of the keys it stands for.
///
/// Not seeded: keys crafted to collide only turn "no" into "maybe", and the lookups that use the filter bound
/// how many exact comparisons an object can cost (``WireDocument``).
struct KeyFilter {
    private var bits: UInt64 = 0

    /// The two bits of one key, by its UTF-8 bytes.
    struct Bits {
        fileprivate let value: UInt64

        init(_ key: UnsafeBufferPointer<UInt8>) {
            // Three bytes and the length: keys of one object mostly differ in one of them (`userId`, `userName`),
            // and bytes read at fixed places cost a few instructions where hashing every byte cost as much as
            // the comparisons it spares. Keys they cannot tell apart cost an exact comparison.
            var word = UInt64(truncatingIfNeeded: key.count)
            if let bytes = key.baseAddress, key.count > 0 {
                word |= UInt64(bytes[0]) << 32 | UInt64(bytes[key.count / 2]) << 40 | UInt64(bytes[key.count - 1]) << 48
            }
            let hash = word &* 0x9E37_79B9_7F4A_7C15
            value = 1 &<< (hash >> 58) | 1 &<< ((hash >> 52) & 63)
        }
    }

    /// A filter that says "maybe" to every key: what a key it cannot hash (an escaped one) makes it.
    static let everything = KeyFilter(bits: .max)

    init() {}

    private init(bits: UInt64) { self.bits = bits }

    mutating func insert(_ key: Bits) { bits |= key.value }

    func mayContain(_ key: Bits) -> Bool { bits & key.value == key.value }
}
