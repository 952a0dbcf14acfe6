import Testing

@testable import GraphQL

/// The schema and query the introspection tests share.
enum IntrospectionFixture {
    /// A small schema with every kind of type and every introspection detail: descriptions,
    /// deprecations (fields, arguments, input fields, enum values), defaults of every
    /// literal kind, `@specifiedBy`, `@oneOf`, a repeatable directive, interfaces
    /// implementing interfaces, a union, and a schema description.
    static let sdl = #"""
        """The kitchen's test schema."""
        schema {
          query: Query
          mutation: Mutation
        }

        """A repeatable caching hint."""
        directive @cached(seconds: Int = 60, scope: Scope = PUBLIC) repeatable on FIELD_DEFINITION | OBJECT

        """An RFC 3339 time."""
        scalar DateTime @specifiedBy(url: "https://www.rfc-editor.org/rfc/rfc3339")

        """The root of every query."""
        type Query {
          """One object by id."""
          node(id: ID!): Node
          search(keyword: String = "红烧 \"pork\"", kind: Kind = RECIPE, first: Int = 10, filter: Filter = {tags: ["a", "b"], min: 1.5}): [SearchResult!]!
          old: String @deprecated(reason: "Use `node`.")
          oldArg(a: Int @deprecated(reason: "Gone."), b: [[Int!]]! = [[1]]): Int
        }

        type Mutation {
          act(input: ActInput!): Boolean @cached @cached(seconds: 1)
        }

        interface Node {
          id: ID!
        }

        """Something with a name."""
        interface Named implements Node {
          id: ID!
          name: String
        }

        type Recipe implements Node & Named {
          id: ID!
          name: String
          at: DateTime
        }

        type User implements Node & Named {
          id: ID!
          name: String @deprecated
        }

        union SearchResult = Recipe | User

        enum Kind {
          """Recipes."""
          RECIPE
          USER
          OLD @deprecated(reason: "No more.")
        }

        enum Scope {
          PUBLIC
          PRIVATE
        }

        input Filter {
          tags: [String!]
          min: Float
          legacy: Int @deprecated(reason: "Use min.")
        }

        """Exactly one way to name the target."""
        input ActInput @oneOf {
          id: ID
          byName: String
        }
        """#

    /// graphql-js's `getIntrospectionQuery` with every option on (descriptions,
    /// specifiedByURL, isRepeatable, the schema description, deprecated input values, oneOf).
    static let query = """
        query IntrospectionQuery {
          __schema {
            description
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types {
              ...FullType
            }
            directives {
              name
              description
              isRepeatable
              locations
              args(includeDeprecated: true) {
                ...InputValue
              }
            }
          }
        }

        fragment FullType on __Type {
          kind
          name
          description
          specifiedByURL
          isOneOf
          fields(includeDeprecated: true) {
            name
            description
            args(includeDeprecated: true) {
              ...InputValue
            }
            type {
              ...TypeRef
            }
            isDeprecated
            deprecationReason
          }
          inputFields(includeDeprecated: true) {
            ...InputValue
          }
          interfaces {
            ...TypeRef
          }
          enumValues(includeDeprecated: true) {
            name
            description
            isDeprecated
            deprecationReason
          }
          possibleTypes {
            ...TypeRef
          }
        }

        fragment InputValue on __InputValue {
          name
          description
          type { ...TypeRef }
          defaultValue
          isDeprecated
          deprecationReason
        }

        fragment TypeRef on __Type {
          kind
          name
          ofType {
            kind
            name
            ofType {
              kind
              name
              ofType {
                kind
                name
                ofType {
                  kind
                  name
                  ofType {
                    kind
                    name
                    ofType {
                      kind
                      name
                      ofType {
                        kind
                        name
                        ofType {
                          kind
                          name
                          ofType {
                            kind
                            name
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
        """

    static func bound() throws -> BoundSchema<Void> {
        var resolvers = Resolvers<Void>()
        resolvers.type("Query") { query in
            query.field("node", reading: []) { _, _ in Value.null }
            query.field("search", reading: []) { _, _ in [Value]() }
            query.field("old") { _, _ in Value.null }
            query.field("oldArg", reading: []) { _, _ in Value.null }
        }
        resolvers.type("Mutation") { mutation in
            mutation.field("act", reading: []) { _, _ in true }
        }
        resolvers.valueType("Recipe")
        resolvers.valueType("User")
        return try resolvers.bind(to: SchemaBuilder.build(sdl: sdl))
    }

    static func run(_ query: String, variables: ObjectValue = ObjectValue()) throws -> ExecutionResult {
        let document = try Parser.parse(Source(query)).executable
        return try bound().execute(document, variables: variables, context: ())
    }

    static func json(_ query: String) throws -> String {
        String(decoding: try run(query).jsonBytes(), as: UTF8.self)
    }
}
