import Foundation
import Testing

@testable import App

@Suite("DateTime as clients see it")
struct DateTimeTests {
    @Test("an instant is RFC 3339 in UTC, milliseconds only when there are any")
    func format() {
        let cases: [(Double, String)] = [
            (0, "1970-01-01T00:00:00Z"),
            (1_796_026_500, "2026-11-30T08:15:00Z"),
            (1_796_026_500.25, "2026-11-30T08:15:00.250Z"),
            (1_796_026_500.007, "2026-11-30T08:15:00.007Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (-1, "1969-12-31T23:59:59Z"),
            (-0.5, "1969-12-31T23:59:59.500Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"),
            (-62_135_596_800, "0001-01-01T00:00:00Z"),
        ]
        for (seconds, text) in cases {
            #expect(DateTimeScalar.format(Date(timeIntervalSince1970: seconds)) == text, "\(seconds)")
        }
    }

    @Test("whole seconds match Foundation's ISO 8601 text over a century and a half")
    func matchesFoundation() {
        // Whole seconds only: how a fraction of a double rounds to milliseconds is this
        // formatter's own rule (down), tested above.
        let style = Date.ISO8601FormatStyle()
        var seconds: Int64 = -1_000_000_000
        while seconds < 4_000_000_000 {
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(DateTimeScalar.format(date) == style.format(date), "\(seconds)")
            seconds += 8_639_993
        }
    }

    @Test("years outside 0001–9999 still come out without a crash")
    func farYears() {
        let far = DateTimeScalar.format(Date(timeIntervalSince1970: 400_000_000_000))
        #expect(far.hasPrefix("14645-"))
        #expect(far.hasSuffix("Z"))
    }
}
