import GraphQL
import Storage

/// A Relay connection over one page of a keyset-ordered list: `edges`, `nodes`,
/// `pageInfo` and `totalCount` (counted only when a client asks for it).
struct Connection<Node: OutputConvertible & Sendable>: OutputObject, Sendable {
    let page: Page<Node>
    let count: @Sendable () throws -> Int

    init(_ page: Page<Node>, count: @escaping @Sendable () throws -> Int) {
        self.page = page
        self.count = count
    }

    var edges: [Edge<Node>] { page.edges.map { Edge(cursor: $0.cursor, node: $0.node) } }

    var pageInfo: PageInfo {
        PageInfo(
            hasNextPage: page.hasNextPage, hasPreviousPage: page.hasPreviousPage,
            startCursor: page.edges.first?.cursor, endCursor: page.edges.last?.cursor)
    }

    /// Registers `<prefix>Connection` and `<prefix>Edge` for this node type.
    static func register(_ prefix: String, in resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("\(prefix)Connection", parent: Connection<Node>.self) { connection in
            connection.property("edges") { $0.edges }
            connection.property("nodes") { $0.page.nodes }
            connection.property("pageInfo") { $0.pageInfo }
            connection.field("totalCount") { connection, _, _ in try connection.count() }
        }
        resolvers.type("\(prefix)Edge", parent: Edge<Node>.self) { edge in
            edge.property("cursor") { $0.cursor.encoded }
            edge.property("node") { $0.node }
        }
    }
}

/// One node of a connection's page with the cursor just after it, encoded only when a
/// client asks for it.
struct Edge<Node: OutputConvertible & Sendable>: OutputObject, Sendable {
    let cursor: Cursor
    let node: Node
}

/// `PageInfo`; the cursors are encoded only when a client asks for them.
struct PageInfo: OutputObject, Sendable {
    let hasNextPage: Bool
    let hasPreviousPage: Bool
    let startCursor: Cursor?
    let endCursor: Cursor?

    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("PageInfo", parent: PageInfo.self) { info in
            info.property("hasNextPage") { $0.hasNextPage }
            info.property("hasPreviousPage") { $0.hasPreviousPage }
            info.property("startCursor") { $0.startCursor?.encoded }
            info.property("endCursor") { $0.endCursor?.encoded }
        }
    }
}

extension Arguments {
    /// The `first`/`after` arguments as a checked page request: `first` over 100 or below 0,
    /// or a malformed cursor, is `BAD_USER_INPUT`.
    func pageRequest(defaultFirst: Int = 20) throws(GraphQLError) -> PageRequest {
        do {
            return try PageRequest(first: int("first") ?? defaultFirst, after: string("after"))
        } catch {
            throw error.graphQLError
        }
    }
}
