import Testing

@testable import GraphQL

@Suite("Did-you-mean suggestions")
struct CoercionSuggestionsTests {
    @Test("close options are suggested, closest first")
    func ranking() {
        #expect(Suggestions.list(for: "quantty", among: ["quantity", "note", "size"]) == ["quantity"])
        #expect(Suggestions.list(for: "nam", among: ["name", "names", "id"]) == ["name", "names"])
        #expect(Suggestions.list(for: "xyz", among: ["name", "id"]) == [])
    }

    @Test("a case change counts as one edit, a swap of neighbours as one")
    func distances() {
        #expect(Suggestions.list(for: "RED", among: ["red", "Blue"]) == ["red"])
        #expect(Suggestions.list(for: "ab", among: ["ba", "abc"]) == ["abc", "ba"])
    }

    @Test("ties are broken in natural order")
    func naturalOrder() {
        #expect(Suggestions.list(for: "f", among: ["f10", "f2", "f1"]) == ["f1", "f2"])
        #expect(Suggestions.list(for: "fxx", among: ["fx10", "fx2"]) == ["fx2", "fx10"])
    }

    @Test("the hint names up to five options")
    func hint() {
        #expect(Suggestions.didYouMean([]) == "")
        #expect(Suggestions.didYouMean(["a"]) == #" Did you mean "a"?"#)
        #expect(Suggestions.didYouMean(["a", "b"]) == #" Did you mean "a" or "b"?"#)
        #expect(Suggestions.didYouMean(["a", "b", "c", "d", "e", "f"]) == #" Did you mean "a", "b", "c", "d", or "e"?"#)
        #expect(Suggestions.didYouMean(["RED"], subject: "the enum value") == #" Did you mean the enum value "RED"?"#)
    }
}
