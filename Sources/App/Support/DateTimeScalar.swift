import Foundation
import GraphQL

/// The `DateTime` scalar: an instant as RFC 3339 text in UTC, `2026-11-30T08:15:00Z`
/// (milliseconds shown only when there are any).
enum DateTimeScalar {
    /// Input accepts any RFC 3339 date-time with an offset; output is always UTC.
    static let coercion = ScalarCoercion(
        parseValue: { value throws(CoercionFailure) in try parse(value) },
        parseLiteral: { value throws(CoercionFailure) in try parse(value) },
        serialize: { value throws(CoercionFailure) in
            switch value {
            case .string: return value
            case .float(let seconds): return .string(format(Date(timeIntervalSince1970: seconds)))
            case .int(let seconds): return .string(format(Date(timeIntervalSince1970: Double(seconds))))
            default: throw CoercionFailure("DateTime cannot represent a non-date value.")
            }
        })

    /// `2026-11-30T08:15:00Z`, or `…:00.250Z` when the instant has milliseconds.
    static func format(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = milliseconds.floorDivided(by: 1000)
        let fraction = milliseconds - seconds * 1000
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        guard (0...9999).contains(year) else {
            var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
            if fraction != 0 { text += ".\(pad(fraction, 3))" }
            return text + "Z"
        }
        // Every year a client can meet has four digits: the text is written in place, in
        // fixed positions (string interpolation cost about 2,000 instructions a date, and a
        // feed page shows twenty).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            var end = 0
            // Each field is zero-filled to its width, then its digits written from its end.
            func write(_ value: Int64, width: Int, then separator: UInt8) {
                let field = UnsafeMutableBufferPointer(rebasing: text[end..<(end + width)])
                field.initialize(repeating: UInt8(ascii: "0"))
                _ = JSONWriter.writeDigits(of: UInt(value), endingAt: field)
                text[end + width] = separator
                end += width + 1
            }
            write(year, width: 4, then: UInt8(ascii: "-"))
            write(month, width: 2, then: UInt8(ascii: "-"))
            write(day, width: 2, then: UInt8(ascii: "T"))
            write(secondOfDay / 3600, width: 2, then: UInt8(ascii: ":"))
            write(secondOfDay / 60 % 60, width: 2, then: UInt8(ascii: ":"))
            write(secondOfDay % 60, width: 2, then: fraction != 0 ? UInt8(ascii: ".") : UInt8(ascii: "Z"))
            if fraction != 0 { write(fraction, width: 3, then: UInt8(ascii: "Z")) }
            return String(decoding: UnsafeBufferPointer(rebasing: text[..<end]), as: UTF8.self)
        }
    }

    private static func parse(_ value: Value) throws(CoercionFailure) -> Value {
        guard case .string(let text) = value,
            let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains("."))
                .parse(text)
        else {
            throw CoercionFailure("DateTime must be an RFC 3339 date-time such as \"2026-11-30T08:15:00Z\".")
        }
        return .string(format(date))
    }

    /// Year, month and day of a day count since 1970-01-01 (proleptic Gregorian).
    private static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ number: Int64, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Int64 {
    /// Division rounding toward negative infinity, for dates before 1970.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

extension Date: OutputConvertible {
    /// A `DateTime` in the response.
    public var resolved: Resolved { .value(.string(DateTimeScalar.format(self))) }
}
