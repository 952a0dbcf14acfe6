import Testing

@testable import Storage

@Suite("The %@ slot of child-row SQL")
struct SQLSlotTests {
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
}
