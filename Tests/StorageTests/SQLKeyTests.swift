import Testing

@testable import Storage

@Suite("Statement cache keys")
struct SQLKeyTests {
    @Test("long texts that share their ends and length are still different keys; equal texts are one")
    func sharedEnds() {
        let head = "SELECT " + String(repeating: "a, ", count: 40)
        let tail = String(repeating: " AND b = ?", count: 10)
        let first = head + "x = 1" + tail
        let second = head + "y = 1" + tail
        var cache: [SQLKey: Int] = [:]
        cache[SQLKey(first)] = 1
        cache[SQLKey(second)] = 2
        #expect(cache.count == 2)
        #expect(cache[SQLKey(String(first))] == 1)
        #expect(cache[SQLKey(second)] == 2)
        #expect(SQLKey("SELECT 1") != SQLKey("SELECT 2"))
        #expect(SQLKey("SELECT 1").hashValue == SQLKey("SELECT 1").hashValue)
    }
}
