import Foundation
import GraphQL

/// Validation time per document against the product `Schema.graphql`, beside graphql-js 16
/// validating the same documents against the same SDL in the same run.
///
/// Parsing and schema building happen once, outside the timed loop: the server validates
/// each distinct query once against a schema built at start. Both sides run their full
/// specified rule sets (Kitchen's ends with `MaxIntrospectionDepthRule`, which graphql-js
/// has from 16.9; an older peer runs one rule fewer).
///
/// `KITCHEN_BENCH_FIXED_WORK=1` validates each document a fixed number of times instead,
/// with no clock and no peer, for instruction counts on a busy machine:
/// `KITCHEN_BENCH_FIXED_WORK=1 valgrind --tool=callgrind .build/release/Benchmarks validate`.
enum ValidateBenchmark {
    static let benchmarkCase = BenchmarkCase(
        name: "validate",
        summary: "validation (µs per document): a recipe page + feed + cart query, introspection; vs graphql-js",
        run: {
            if ProcessInfo.processInfo.environment["KITCHEN_BENCH_FIXED_WORK"] != nil {
                try runFixedWork()
            } else {
                try run()
            }
        })

    static let documents: [(name: String, text: String)] = [
        ("recipe-feed-cart", pageQuery),
        ("introspection", BenchmarkDocuments.introspectionQuery),
    ]

    /// Rounds alternate between Kitchen and graphql-js, as in the parse benchmark; each
    /// figure is the median over rounds of each round's median.
    static let rounds = 5

    static func schema() throws -> (sdl: String, schema: Schema) {
        let sdl = try String(contentsOf: packageRoot.appendingPathComponent("Schema.graphql"), encoding: .utf8)
        return (sdl, try SchemaBuilder.build(sdl: sdl))
    }

    /// Each document parsed once; a document that does not validate cleanly stops the run.
    static func parsedDocuments(_ schema: Schema) throws -> [(name: String, document: Document)] {
        try documents.map { name, text in
            let document = try Parser.parse(Source(text))
            let errors = Validator.validate(document, schema: schema)
            guard errors.isEmpty else {
                throw BenchmarkFailure("\(name) is not valid: \(errors.map(\.message).joined(separator: "; "))")
            }
            return (name, document)
        }
    }

    static func run() throws {
        let (sdl, schema) = try schema()
        let parsed = try parsedDocuments(schema)
        var kitchen: [String: [Double]] = [:]
        var peer: [String: [Double]] = [:]
        var peerVersion: String? = nil
        for _ in 0..<rounds {
            for (name, document) in parsed {
                let seconds = medianSeconds(samples: 11) { blackHole(Validator.validate(document, schema: schema)) }
                kitchen[name, default: []].append(seconds * 1e6)
            }
            let (version, figures) = graphqlJS(sdl: sdl)
            peerVersion = version ?? peerVersion
            for (name, figure) in figures { peer[name, default: []].append(figure) }
        }

        print("validate: µs per validation (CPU time), median of \(rounds) alternating rounds of 11 batches each")
        print("document            fields   Kitchen µs  (per s)   graphql-js \(peerVersion ?? "(not run)") µs  (per s)   Kitchen speed-up")
        for (name, document) in parsed {
            let ours = median(kitchen[name] ?? [])
            let theirs = peer[name].map(median)
            print(
                name.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + padded("\(fieldCount(document))", 8)
                    + padded(formatted(ours), 13)
                    + padded(perSecond(ours), 10)
                    + padded(theirs.map { formatted($0) } ?? "-", 23)
                    + padded(theirs.map(perSecond) ?? "-", 10)
                    + padded(theirs.map { formatted($0 / ours, decimals: 2) + "×" } ?? "-", 19))
        }
    }

    /// A fixed number of validations of each document, for callgrind.
    static func runFixedWork() throws {
        let (_, schema) = try schema()
        let only = ProcessInfo.processInfo.environment["KITCHEN_BENCH_DOCUMENT"]
        for (name, document) in try parsedDocuments(schema) where only == nil || only == name {
            for _ in 0..<200 { blackHole(Validator.validate(document, schema: schema)) }
        }
    }

    private static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    private static func perSecond(_ microseconds: Double) -> String {
        microseconds > 0 ? "\(Int((1e6 / microseconds).rounded()))/s" : "-"
    }

    /// The number of field selections in the document's text, fragments counted once.
    private static func fieldCount(_ document: Document) -> Int {
        func count(_ selections: [Selection]) -> Int {
            selections.reduce(0) { total, selection in
                switch selection {
                case .field(let field): total + 1 + count(field.selectionSet?.selections ?? [])
                case .fragmentSpread: total
                case .inlineFragment(let fragment): total + count(fragment.selectionSet.selections)
                }
            }
        }
        return document.definitions.reduce(0) { total, definition in
            switch definition {
            case .executable(.operation(let operation)): total + count(operation.selectionSet.selections)
            case .executable(.fragment(let fragment)): total + count(fragment.selectionSet.selections)
            default: total
            }
        }
    }

    /// graphql-js's µs per validation for each document, via `peers/graphql-js/validate.js`.
    private static func graphqlJS(sdl: String) -> (version: String?, figures: [String: Double]) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchen-validate-benchmark")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let schemaFile = directory.appendingPathComponent("Schema.graphql")
        guard (try? sdl.write(to: schemaFile, atomically: true, encoding: .utf8)) != nil else { return (nil, [:]) }
        var arguments = [schemaFile.path]
        for (name, text) in documents {
            let file = directory.appendingPathComponent(name + ".graphql")
            guard (try? text.write(to: file, atomically: true, encoding: .utf8)) != nil else { return (nil, [:]) }
            arguments.append(name + "=" + file.path)
        }
        guard let output = runNodePeer(script: "graphql-js/validate.js", arguments: arguments) else {
            return (nil, [:])
        }
        var version: String? = nil
        var figures: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 2 else { continue }
            if fields[0] == "version" {
                version = fields[1]
            } else {
                figures[fields[0]] = Double(fields[1])
            }
        }
        return (version, figures)
    }
}

/// Why a benchmark could not run, e.g. a document that does not validate.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension ValidateBenchmark {
    /// What the kitchen app asks for when it opens a recipe: the recipe with its author,
    /// ingredients, steps, dishes and comments, the viewer's feed beside it, and the cart
    /// badge — variables, aliases, named and inline fragments, directives.
    static let pageQuery = """
        query RecipePage($recipeId: ID!, $feedFirst: Int = 10, $feedAfter: String, $withComments: Boolean = true, $commentsFirst: Int = 5) {
          viewer {
            ...UserSummary
            isMember
            settings { lunchReminderEnabled lunchReminderTime pushEnabled }
            collections(first: 3) { totalCount nodes { ...RecipeCard } }
          }
          recipe(id: $recipeId) {
            ...RecipeCard
            description
            tips
            createdAt
            collectsCount
            viewerHasCollected
            author {
              ...UserSummary
              bio
              profession
              hometown
              followersCount
              followingCount
              recipesCount
              viewerIsFollowing
              recipes(first: 4) { nodes { ...RecipeCard } pageInfo { ...Pages } }
            }
            ingredients { name amount }
            steps { number text image { ...PhotoFields } }
            dishes(first: 6) {
              totalCount
              edges { cursor node { ...DishCard } }
              pageInfo { ...Pages }
            }
            comments(first: $commentsFirst) @include(if: $withComments) {
              totalCount
              nodes { ...CommentFields replyTo { ...CommentFields } }
              pageInfo { ...Pages }
            }
          }
          feed(first: $feedFirst, after: $feedAfter) {
            totalCount
            pageInfo { ...Pages }
            edges {
              cursor
              node {
                __typename
                ... on Recipe { ...RecipeCard author { ...UserSummary } }
                ... on Dish { ...DishCard recipe { id name } }
              }
            }
          }
          cart {
            totalQuantity
            selectedQuantity
            allSelected
            selectedSubtotal { ...MoneyFields }
            shops {
              allSelected
              subtotal { ...MoneyFields }
              shop { id name logo { ...PhotoFields } shippingFee { ...MoneyFields } freeShippingThreshold { ...MoneyFields } }
              items {
                id
                quantity
                selected
                unitPrice { ...MoneyFields }
                lineTotal { ...MoneyFields }
                kind { id name stock price { ...MoneyFields } memberPrice { ...MoneyFields } }
                goods { id name images { ...PhotoFields } viewerCartQuantity }
              }
            }
          }
          popular: popularKeywords(first: 6)
        }

        fragment UserSummary on User {
          id
          username
          name
          avatar { ...PhotoFields }
        }

        fragment RecipeCard on Recipe {
          id
          name
          coverImage { ...PhotoFields }
          cookedCount
          commentsCount
          author { id name }
        }

        fragment DishCard on Dish {
          id
          description
          tags
          meal
          likesCount
          viewerHasLiked
          commentsCount
          createdAt
          photos { ...PhotoFields }
          author { ...UserSummary }
        }

        fragment CommentFields on Comment {
          id
          text
          createdAt
          author { ...UserSummary }
          mentions { id username }
        }

        fragment PhotoFields on Photo {
          url
          width
          height
        }

        fragment MoneyFields on Money {
          cents
          amount
          currency
        }

        fragment Pages on PageInfo {
          hasNextPage
          endCursor
        }
        """
}
