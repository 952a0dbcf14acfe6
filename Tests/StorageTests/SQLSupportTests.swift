import Testing

@testable import Storage

@Suite("SQL helpers of the repositories")
struct SQLSupportTests {
    @Test("the first %@ is replaced and everything else is kept byte for byte")
    func replacement() {
        let cases: [(String, String, String)] = [
            ("WHERE id IN (%@) ORDER BY id", "?,?", "WHERE id IN (?,?) ORDER BY id"),
            ("%@ first", "x", "x first"),
            ("last %@", "x", "last x"),
            ("%@", "", ""),
            ("a %@ b %@ c", "1", "a 1 b %@ c"),
            ("100% sure, 50%@", "!", "100% sure, 50!"),
            ("名字 LIKE '%' || %@ || '%' -- 鸡蛋", "?", "名字 LIKE '%' || ? || '%' -- 鸡蛋"),
            ("no slot here", "x", "no slot here"),
            ("ends with %", "x", "ends with %"),
            ("", "x", ""),
        ]
        for (sql, replacement, expected) in cases {
            #expect(sql.replacingFirstSlot(with: replacement) == expected, "\(sql)")
        }
    }

    @Test("distinct keeps the first of each value, in order, for short and long batches")
    func distinctValues() {
        #expect(distinct([Int64]()) == [])
        #expect(distinct([3, 1, 3, 2, 1, 3] as [Int64]) == [3, 1, 2])
        let long = (0..<200).map { Int64(($0 * 7) % 50) }
        var expected: [Int64] = []
        for value in long where !expected.contains(value) { expected.append(value) }
        #expect(distinct(long) == expected)
        #expect(expected.count == 50)
        #expect(distinct(Array(repeating: "a", count: 40) + ["b", "a"]) == ["a", "b"])
    }
}
