@_exported import GraphQL

/// Testing also has a `SourceLocation`; in these tests the name means the GraphQL one.
typealias SourceLocation = GraphQL.SourceLocation
