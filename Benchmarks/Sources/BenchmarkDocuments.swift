import Foundation

/// Documents the benchmark cases share.
enum BenchmarkDocuments {
    /// graphql-js's executable kitchen sink, from `../shared/graphql-js-fixtures/`.
    static func kitchenSink() throws -> String {
        let file = packageRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/graphql-js-fixtures/kitchen-sink.graphql")
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// The standard introspection query as GraphiQL and codegen tools send it: graphql-js
    /// 16's `getIntrospectionQuery` with descriptions, `specifiedByURL`, `isRepeatable`, the
    /// schema description and deprecated input values (its layout, 4-space base indent).
    static let introspectionQuery = """

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
                          }
                        }
                      }
                    }
                  }
                }
              }
            }

        """

    /// A large query shaped like a real one (aliases, arguments of every value kind,
    /// variables, directives, inline fragments, spreads, strings with escapes), repeated
    /// until it is at least `bytes` long. The same text every run.
    static func generatedQuery(bytes: Int = 200_000) -> String {
        var text = """
            query Generated($id: ID!, $first: Int = 20, $after: String, $filter: RecipeFilter = {tags: ["quick"], maxMinutes: 45}) {

            """
        var index = 0
        while text.utf8.count < bytes {
            text += """
                  recipe\(index): recipe(id: $id, locale: "en-GB", version: \(index)) @include(if: true) {
                    id
                    title
                    summary(maxLength: 140, ellipsis: "\\u2026")
                    author { id displayName avatar(width: 96, height: 96, format: WEBP) { url } }
                    ingredients(first: $first, after: $after, filter: $filter) {
                      edges { cursor node { id name quantity { amount unit } allergens } }
                      pageInfo { hasNextPage endCursor }
                    }
                    steps(orderBy: {field: POSITION, direction: ASC}, ids: [\(index), \(index + 1), \(index + 2)]) {
                      position text durationSeconds ratio: scale(factor: 1.5e0)
                      ... on TimedStep { timerSeconds alarm @skip(if: false) }
                    }
                    ...RecipeCard
                  }

                """
            index += 1
        }
        text += """
            }

            fragment RecipeCard on Recipe {
              id
              title
              rating { average count }
              tags
            }

            """
        return text
    }
}
