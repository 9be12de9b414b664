import Foundation

/// A fast parser for the ISO 8601 timestamps servers send: `2025-01-31T09:30:00Z`,
/// `2025-01-31T09:30:00.123Z`, `2025-01-31T11:30:00+02:00` (or `+0200`).
///
/// About ten times faster than `Date.ISO8601FormatStyle`, which was a fifth of decoding a typical payload,
/// and bit for bit the same `Date`: the fraction is read as whole nanoseconds and added to the seconds since
/// 2001 as Foundation adds them. Anything Foundation treats differently returns `nil`, and the caller asks
/// `ISO8601FormatStyle`: years before 1583 (Foundation's Gregorian calendar is Julian before 1582-10-15),
/// more than nine fraction digits and offsets beyond ±18:00 (which Foundation rejects).
enum ISO8601Parser {
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        // yyyy-MM-ddTHH:mm:ss is 19 bytes, plus at least "Z".
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
            year >= firstGregorianYear, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var index = 19
        var nanoseconds = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            var scale = 100_000_000
            while index < bytes.count, let digit = digit(bytes[index]) {
                guard index - start < maximumFractionDigits else { return nil }
                nanoseconds += digit * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            index += 1
            guard let hours = number(bytes, index, 2) else { return nil }
            index += 2
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
            guard let minutes = number(bytes, index, 2), minutes <= 59, hours * 60 + minutes <= maximumOffsetMinutes
            else { return nil }
            index += 2
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSinceReferenceDate: Double(seconds - secondsFrom1970To2001) + Double(nanoseconds) / 1e9)
    }

    /// Foundation's Gregorian calendar switches from the Julian calendar on 1582-10-15.
    private static let firstGregorianYear = 1583
    /// `ISO8601FormatStyle` reads at most nanoseconds.
    private static let maximumFractionDigits = 9
    /// `ISO8601FormatStyle` reads offsets up to ±18:00.
    private static let maximumOffsetMinutes = 18 * 60
    private static let secondsFrom1970To2001 = 978_307_200

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    // Inlined: called six times per date with constant lengths, the calls cost more than the digits.
    @inline(__always)
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int? {
        guard start + length <= bytes.count else { return nil }
        var value = 0
        for index in start..<start + length {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
