import Testing
@testable import GraphQL

@Suite("Suggestions")
struct SuggestionsTests {
    @Test("close names are suggested, nearest first, then in natural order")
    func nearestFirst() {
        #expect(Suggestions.list(for: "Peat", among: ["Dog", "Cat", "Pet", "Human"]) == ["Pet", "Cat"])
        #expect(Suggestions.list(for: "ab", among: ["ba", "xyz", "AB"]) == ["AB", "ba"])
        #expect(Suggestions.list(for: "f", among: ["f10", "f2", "f1"]) == ["f1", "f2"])
    }

    @Test("far names are not suggested")
    func farNamesDropped() {
        #expect(Suggestions.list(for: "unknown_field", among: ["name", "nickname"]).isEmpty)
    }

    @Test("natural order compares digit runs as numbers")
    func naturalOrder() {
        #expect(Suggestions.naturalOrder("item2", "item10") < 0)
        #expect(Suggestions.naturalOrder("b", "a") > 0)
        #expect(Suggestions.naturalOrder("a", "a") == 0)
    }

    @Test("the hint lists at most five names, with graphql-js's commas and \"or\"")
    func hintWording() {
        #expect(Suggestions.didYouMean([]) == "")
        #expect(Suggestions.didYouMean(["a"]) == " Did you mean \"a\"?")
        #expect(Suggestions.didYouMean(["a", "b"]) == " Did you mean \"a\" or \"b\"?")
        #expect(
            Suggestions.didYouMean(["a", "b", "c", "d", "e", "f"], subject: "the enum value")
                == " Did you mean the enum value \"a\", \"b\", \"c\", \"d\", or \"e\"?")
    }
}
