import Testing

@testable import Storage

/// Reading the expressions PostgreSQL's `EXPLAIN (VERBOSE)` prints, as the statement reads
/// of the PostgreSQL store do: column references, and the conjuncts that name rows by a
/// key parameter.
@Suite("Plan text")
struct PlanTextTests {
    typealias Reference = PlanText.Reference

    @Test("references keep their alias, lose their quotes, and skip string literals")
    func references() {
        #expect(PlanText.references(in: "(r.id = s.recipe_id)")
            == [Reference(qualifier: "r", name: "id"), Reference(qualifier: "s", name: "recipe_id")])
        #expect(PlanText.references(in: #"r."position", r.*"#)
            == [Reference(qualifier: "r", name: "position"), Reference(qualifier: "r", name: "*")])
        #expect(PlanText.references(in: "(name = 'r.title''s')") == [Reference(qualifier: nil, name: "name")])
        #expect(PlanText.references(in: "ROW(r.created_at, r.id) < ROW($1, $2)").filter { $0.qualifier != nil }
            == [Reference(qualifier: "r", name: "created_at"), Reference(qualifier: "r", name: "id")])
    }

    @Test("a conjunct equating an alias's column with a parameter names rows by it, either way round")
    func keyParameters() {
        #expect(PlanText.keyParameters(in: "((r.id = $1) AND (r.hidden = false))", alias: "r").map(\.column) == ["id"])
        #expect(PlanText.keyParameters(in: "(r.id = ANY ($2))", alias: "r").map(\.parameter) == [1])
        #expect(PlanText.keyParameters(in: "($3 = r.user_id)", alias: "r").map(\.column) == ["user_id"])
        #expect(PlanText.keyParameters(in: "(r.id = ($1)::bigint)", alias: "r").map(\.parameter) == [0])
        #expect(PlanText.keyParameters(in: "(r.id = ANY (($1)::bigint[]))", alias: "r").map(\.parameter) == [0])
        #expect(PlanText.keyParameters(in: "(r.id = u.u)", alias: "r", unnested: ["u": 2]).map(\.parameter) == [1])
    }

    @Test("a disjunction, a join condition or another alias's column names no rows")
    func noKeyParameters() {
        #expect(PlanText.keyParameters(in: "((r.id = $1) OR (r.author_id = $2))", alias: "r").isEmpty)
        #expect(PlanText.keyParameters(in: "(r.id = s.recipe_id)", alias: "r").isEmpty)
        #expect(PlanText.keyParameters(in: "(s.id = $1)", alias: "r").isEmpty)
        #expect(PlanText.keyParameters(in: "(r.id > $1)", alias: "r").isEmpty)
    }

    @Test("conjuncts split at top-level AND only, not inside parentheses or literals")
    func conjuncts() {
        #expect(PlanText.conjuncts(of: "((a = 1) AND ((b = 2) OR (c = 3)) AND (d = ' AND '))")
            == ["a = 1", "(b = 2) OR (c = 3)", "d = ' AND '"])
    }
}
