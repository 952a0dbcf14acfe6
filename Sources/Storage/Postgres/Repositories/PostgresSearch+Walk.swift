extension PostgresSearch.Tiers {
    /// One page over every tier: `$1` the starting tier, `$2` the cursor's id (rows of the
    /// starting tier come below it), `$3` the rows wanted, `$4` the keywords.
    ///
    /// A search of one term (`PostgresSearch.key`: one word, or two Chinese characters)
    /// has an arm per tier, each one range of the terms index walked newest first and
    /// stopped at the page size; a tier is read only while the tiers before it leave the
    /// page short (a one-time filter on their counts), so a page the names fill never
    /// walks the others.
    ///
    /// Any other search (several keywords, a longer phrase) is `walk`ed. Every match holds
    /// every term of every keyword (`keyword_terms`: each word, each pair of Chinese
    /// characters side by side) in its tier or one before, so the terms index lists it
    /// under each of them, and a tier's matches are found as SQLite's full-text index finds
    /// an `AND`: by walking all the terms' lists together, newest first. From a bound, each
    /// term's newest row at or below it in the tiers up to the walk's is looked up (one
    /// B-tree probe each). When all of them are the same row, that row holds every term
    /// and is a candidate, and the walk goes on below it; otherwise no row above the oldest
    /// of them holds every term, and the bound drops to it. A term with no row left ends
    /// the tier, and the walk starts again from the top of the next one. Every two steps
    /// pass at least one row of the rarest term's list, so a page costs a few probes for
    /// each row of that list down to the page's last, however many rows the other terms
    /// have. A candidate is kept when its tier's `tsvector` matches the query and the tier
    /// before's does not (the keywords' words side by side, as phrases want, and not shown
    /// in an earlier tier), read from the search row by its key. The walk is a recursive
    /// query, which PostgreSQL runs only as far as `walked`'s `LIMIT` asks.
    func pageStatement() -> String {
        let single = "(SELECT term FROM k) IS NOT NULL"
        let arms = (0..<count).map { tier in
            let earlier = (0..<tier).map { "(SELECT count(*) FROM t\($0))" }.joined(separator: " + ")
            let short = tier == 0 ? "" : " AND \(earlier) < $3"
            return """
                t\(tier) AS MATERIALIZED (SELECT \(tier) AS tier, \(key) AS id FROM \(terms)
                    WHERE $1 <= \(tier)\(short) AND term = (SELECT term FROM k) AND tier = \(tier)
                        AND \(key) < CASE WHEN $1 = \(tier) THEN $2 ELSE 9223372036854775807 END
                    ORDER BY \(key) DESC LIMIT $3)
                """
        }.joined(separator: ",\n")
        let probes = (0..<count).map { tier in
            let newest = """
                (SELECT \(key) FROM \(terms) WHERE term = u.term AND tier = \(tier) AND \(key) <= w.bound
                    ORDER BY \(key) DESC LIMIT 1)
                """
            return tier == 0 ? newest : "CASE WHEN w.tier >= \(tier) THEN \(newest) END"
        }.joined(separator: ",\n")
        let matches = (0..<count).map { tier in
            let here = "s.tier\(tier) @@ q.query"
            return "WHEN \(tier) THEN " + (tier == 0 ? here : "\(here) AND NOT s.tier\(tier - 1) @@ q.query")
        }.joined(separator: " ")
        let page = ((0..<count).map { "t\($0)" } + ["walked"]).map { "SELECT tier, id FROM \($0)" }
        return """
            WITH RECURSIVE k AS MATERIALIZED (\(PostgresSearch.key)),
            q AS MATERIALIZED (\(PostgresSearch.query)),
            \(arms),
            keyword_tokens AS (
                SELECT u.lexeme, lead(u.lexeme) OVER w AS next,
                    coalesce(lag(p.p) OVER w = p.p - 1 AND length(lag(u.lexeme) OVER w) = 1, false) AS after_one,
                    coalesce(lead(p.p) OVER w = p.p + 1 AND length(lead(u.lexeme) OVER w) = 1, false) AS before_one
                FROM unnest($4::text[]) WITH ORDINALITY AS kw (keyword, n),
                    unnest(to_tsvector('kitchen_search', kw.keyword)) AS u, unnest(u.positions) AS p (p)
                WHERE NOT \(single)
                WINDOW w AS (PARTITION BY kw.n ORDER BY p.p)),
            keyword_terms AS MATERIALIZED (
                SELECT (coalesce(array_agg(DISTINCT term), '{}'))[1:\(PostgresSearch.walkedTerms)] AS terms FROM (
                    SELECT lexeme AS term FROM keyword_tokens WHERE length(lexeme) > 1 OR NOT (after_one OR before_one)
                    UNION ALL
                    SELECT lexeme || ' ' || next FROM keyword_tokens WHERE length(lexeme) = 1 AND before_one
                ) AS t),
            walk (tier, bound, hit) AS (
                SELECT $1::integer, $2::bigint - 1, NULL::bigint WHERE NOT \(single)
                UNION ALL
                SELECT CASE WHEN s.x IS NULL THEN w.tier + 1 ELSE w.tier END,
                    CASE WHEN s.x IS NULL THEN 9223372036854775807 WHEN s.agree THEN s.x - 1 ELSE s.x END,
                    CASE WHEN s.agree THEN s.x END
                FROM walk AS w, LATERAL (
                    SELECT CASE WHEN count(newest) = count(*) THEN min(newest) END AS x,
                        count(newest) = count(*) AND min(newest) = max(newest) AS agree
                    FROM (SELECT GREATEST(\(probes)) AS newest
                        FROM unnest((SELECT terms FROM keyword_terms)) AS u (term) OFFSET 0) AS p
                ) AS s
                WHERE w.tier < \(count)),
            walked AS MATERIALIZED (
                SELECT w.tier, w.hit AS id FROM walk AS w
                WHERE w.hit IS NOT NULL
                    AND (SELECT CASE w.tier \(matches) END FROM \(table) AS s, q WHERE s.\(key) = w.hit)
                LIMIT $3)
            \(page.joined(separator: " UNION ALL ")) ORDER BY tier, id DESC LIMIT $3
            """
    }
}

extension PostgresSearch {
    /// The most terms a walk probes at each step (`Tiers.pageStatement`). Any of a
    /// search's terms find all its matches, since each candidate is then checked against
    /// the `tsvector`; more of them only prune more. (A keyword of a thousand Chinese
    /// characters has a thousand pairs, and each step would read a row for every one.)
    static let walkedTerms = 32
}
