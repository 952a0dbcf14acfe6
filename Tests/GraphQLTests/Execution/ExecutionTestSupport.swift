import Testing

@testable import GraphQL

/// A small recipe domain the executor tests run against.
enum Kitchen {
    static let sdl = """
        type Query {
          hello: String
          recipes(first: Int = 3): [Recipe!]!
          recipe(id: ID!): Recipe
          feed: [FeedItem!]!
          node(id: ID!): Node
          number(value: Int!): Int
          big: Int
          color(name: String!): Color
          echo(text: String, count: Int = 7, tags: [String]): String
          required: String!
          failing: String
          secret: String
          mismatched: [Int]
          matrix: [[Int!]]
        }

        type Mutation {
          add(amount: Int!): Int!
          reject: Int
          rejectRequired: Int!
        }

        interface Node { id: ID! }

        type Recipe implements Node {
          id: ID!
          name: String!
          author: User!
          steps: [Step!]!
          tags: [String]
          rating: Int
        }

        type User implements Node {
          id: ID!
          name: String!
          nickname: String
        }

        type Step {
          number: Int!
          text: String!
        }

        type Dish implements Node {
          id: ID!
          title: String
        }

        union FeedItem = Recipe | Dish

        enum Color { RED GREEN }
        """

    struct Recipe: OutputObject {
        let id: String
        let name: String
        let authorID: String
        let stepTexts: [String?]
        var tags: [String?] = ["quick"]
        var rating: Int? = 5
    }

    struct User: OutputObject {
        let id: String
        let name: String
    }

    struct Step: OutputObject {
        let number: Int
        let text: String?
    }

    struct Dish: OutputObject {
        let id: String
        let title: String
    }

    /// What a request's resolvers share: counts of batch loads, a counter mutations change.
    final class Context {
        var loads: [String: Int] = [:]
        var total = 0
        var recipeCount = 3
        var authorNames: [String: String?] = [:]

        func load(_ name: String) { loads[name, default: 0] += 1 }
    }

    /// Recipe 2's second step has no text, though `Step.text` is non-null.
    static func recipe(_ number: Int) -> Recipe {
        Recipe(
            id: "r\(number)", name: "Recipe \(number)", authorID: "u\(number % 2)",
            stepTexts: number == 2 ? ["Chop", nil] : ["Chop", "Cook"])
    }

    static var resolvers: Resolvers<Context> {
        var resolvers = Resolvers<Context>()
        resolvers.type("Query") { query in
            query.field("hello") { _, _ in "world" }
            query.field("recipes", reading: ["first"]) { arguments, context in
                context.load("recipes")
                return (0..<(arguments.int("first") ?? context.recipeCount)).map(recipe)
            }
            query.field("recipe", reading: ["id"]) { arguments, _ in
                arguments.string("id") == "r1" ? recipe(1) : nil
            }
            query.field("feed") { _, _ -> [Resolved] in
                [recipe(1).resolved, Dish(id: "d1", title: "Dumplings").resolved]
            }
            query.field("node", reading: ["id"]) { arguments, _ -> Resolved in
                switch arguments.string("id") {
                case "u1": User(id: "u1", name: "Ann").resolved
                case "d1": .object(Dish(id: "d1", title: "Dumplings"), type: "Dish")
                case "x": .object(Dish(id: "x", title: "?"), type: "Step")
                default: .null
                }
            }
            query.field("number", reading: ["value"]) { arguments, _ in arguments.int("value") ?? 0 }
            query.field("big") { _, _ in 3_000_000_000 }
            query.field("color", reading: ["name"]) { arguments, _ in Value.string(arguments.string("name") ?? "") }
            query.field("echo", reading: ["text", "count", "tags"]) { arguments, _ in JSONWriter.text(.object(arguments.values)) }
            query.field("required") { _, _ -> String? in nil }
            query.field("failing") { _, _ -> String in
                throw GraphQLError("Not allowed here", code: .forbidden)
            }
            query.field("secret") { _, _ -> String in throw DatabaseFailure() }
            query.field("mismatched") { _, _ in Value.int(1) }
            query.field("matrix") { _, _ -> [[Int?]?] in [[1, 2], nil, [3, nil]] }
        }
        resolvers.type("Mutation") { mutation in
            mutation.field("add", reading: ["amount"]) { arguments, context in
                context.total += arguments.int("amount") ?? 0
                return context.total
            }
            mutation.field("reject") { _, _ -> Int in
                throw GraphQLError("Rejected", code: .badUserInput)
            }
            mutation.field("rejectRequired") { _, _ -> Int in
                throw GraphQLError("Rejected", code: .badUserInput)
            }
        }
        resolvers.type("Recipe", parent: Recipe.self) { recipe in
            recipe.property("id") { $0.id }
            recipe.property("name") { $0.name }
            recipe.batch("author") { recipes, _, context -> [Resolved] in
                context.load("authors")
                return recipes.map { recipe in
                    guard let name = context.authorNames[recipe.authorID, default: "Ann"] else {
                        return .null
                    }
                    return User(id: recipe.authorID, name: name).resolved
                }
            }
            recipe.batch("steps") { recipes, _, context in
                context.load("steps")
                return recipes.map { recipe in
                    recipe.stepTexts.enumerated().map { Step(number: $0.offset + 1, text: $0.element) }
                }
            }
            recipe.property("tags") { $0.tags }
            recipe.property("rating") { $0.rating }
        }
        resolvers.type("User", parent: User.self) { user in
            user.property("id") { $0.id }
            user.property("name") { $0.name }
            user.batch("nickname") { users, _, context in
                context.load("nicknames")
                return users.map { "~" + $0.name }
            }
        }
        resolvers.type("Step", parent: Step.self) { step in
            step.property("number") { $0.number }
            step.property("text") { $0.text }
        }
        resolvers.type("Dish", parent: Dish.self) { dish in
            dish.property("id") { $0.id }
            dish.property("title") { $0.title }
        }
        return resolvers
    }

    struct DatabaseFailure: Error {}

    static let bound = Result<BoundSchema<Context>, any Error> {
        try resolvers.bind(to: SchemaBuilder.build(sdl: sdl))
    }

    /// Runs a query and returns the response JSON text.
    static func run(
        _ query: String, operationName: String? = nil, variables: ObjectValue = ObjectValue(),
        context: Context = Context(), onInternalError: InternalErrorHandler? = nil
    ) throws -> String {
        let result = try execute(
            query, operationName: operationName, variables: variables, context: context,
            onInternalError: onInternalError)
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }

    static func execute(
        _ query: String, operationName: String? = nil, variables: ObjectValue = ObjectValue(),
        context: Context = Context(), onInternalError: InternalErrorHandler? = nil
    ) throws -> ExecutionResult {
        let document = try Parser.parse(Source(query)).executable
        return try bound.get().execute(
            document, operationName: operationName, variables: variables, context: context,
            onInternalError: onInternalError)
    }
}
