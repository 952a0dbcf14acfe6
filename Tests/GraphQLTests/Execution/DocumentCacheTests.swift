import Testing

@testable import GraphQL

@Suite("Document cache")
struct DocumentCacheTests {
    static func prepare(_ text: String) -> DocumentPreparation {
        do {
            return .ready(PreparedDocument(validated: try Parser.parse(Source(text)).executable))
        } catch {
            return .rejected([error])
        }
    }

    @Test("a text is prepared once and then served from the cache")
    func preparesOnce() {
        let cache = DocumentCache(capacity: 4)
        var preparations = 0
        for _ in 0..<3 {
            _ = cache.preparation(for: "{ a }") { text in
                preparations += 1
                return Self.prepare(text)
            }
        }
        #expect(preparations == 1)
        #expect(cache.count == 1)
    }

    @Test("rejections are cached with their errors")
    func cachesErrors() {
        let cache = DocumentCache(capacity: 4)
        _ = cache.preparation(for: "{", prepare: Self.prepare)
        let again = cache.preparation(for: "{") { _ in .rejected([]) }
        guard case .rejected(let errors) = again else {
            Issue.record("expected a rejection")
            return
        }
        #expect(errors.first?.code == "GRAPHQL_PARSE_FAILED")
    }

    @Test("the cache stays within its capacity and keeps recently used texts")
    func evictsUnreferenced() {
        let cache = DocumentCache(capacity: 2)
        _ = cache.preparation(for: "{ a }", prepare: Self.prepare)
        _ = cache.preparation(for: "{ b }", prepare: Self.prepare)
        _ = cache.preparation(for: "{ a }", prepare: Self.prepare)  // a is used again
        _ = cache.preparation(for: "{ c }", prepare: Self.prepare)  // evicts b
        #expect(cache.count == 2)
        var missed: [String] = []
        for text in ["{ a }", "{ c }", "{ b }"] {
            _ = cache.preparation(for: text) { text in
                missed.append(text)
                return Self.prepare(text)
            }
        }
        #expect(missed == ["{ b }"])
    }

    @Test("texts over the length limit are prepared but not kept")
    func skipsLongTexts() {
        let cache = DocumentCache(capacity: 2, maxTextLength: 4)
        _ = cache.preparation(for: "{ long }", prepare: Self.prepare)
        #expect(cache.count == 0)
    }
}
