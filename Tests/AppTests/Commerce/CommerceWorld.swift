import Foundation
@testable import Storage
@testable import App

/// A running Kitchen with a small, known catalogue for the commerce tests: five shops with
/// different shipping terms, goods with one or several kinds, crossed-out and member prices,
/// and a lunch menu. Accounts are made straight in storage (a token, no password hashing),
/// so a test can have fifty buyers in a moment.
///
/// Fixtures are written through a second connection to the server's database (its file,
/// or its PostgreSQL schema) only while no request is in flight.
final class CommerceWorld: Sendable {
    let server: TestServer
    let catalog: Catalog

    /// The catalogue's row ids, by a short name.
    struct Catalog: Sendable {
        var shops: [String: Int64] = [:]
        var goods: [String: Int64] = [:]
        var kinds: [String: Int64] = [:]

        func shopID(_ name: String) -> String { GlobalID("Shop", shops[name] ?? 0).encoded }
        func goodsID(_ name: String) -> String { GlobalID("Goods", goods[name] ?? 0).encoded }
        func kindID(_ name: String) -> String { GlobalID("Kind", kinds[name] ?? 0).encoded }
    }

    private init(server: TestServer, catalog: Catalog) {
        self.server = server
        self.catalog = catalog
    }

    /// Starts a server on a fresh database (with the demo data set first, when `demo`) and
    /// fills in the catalogue.
    static func start(
        demo: Bool = false, caching: Bool = true, configure: (inout ServeOptions) -> Void = { _ in }
    ) throws -> CommerceWorld {
        let server = try TestServer.start(demo: demo, caching: caching, configure: configure)
        do {
            let catalog = try server.withRepositories { stores, _ in try Self.makeCatalog(stores) }
            return CommerceWorld(server: server, catalog: catalog)
        } catch {
            server.stop()
            throw error
        }
    }

    func stop() { server.stop() }

    var anonymous: GraphQLClient { server.anonymous }

    /// Runs `body` on the repositories of the server's database; call it only between requests.
    func stores<T>(_ body: (Repositories) throws -> T) throws -> T {
        try server.withRepositories { stores, _ in try body(stores) }
    }

    /// Sets one money column of a kind behind the API's back (no mutation changes prices).
    func setKindCents(_ kind: String, column: String, to cents: Int) throws {
        let id = catalog.kinds[kind] ?? 0
        try server.withRepositories { _, database in
            if let postgres = database as? PostgresDatabase {
                try postgres.write { c in try c.execute("UPDATE kinds SET \(column) = $1 WHERE id = $2", cents, id) }
            } else if let sqlite = database as? Database {
                try sqlite.write { c in try c.execute("UPDATE kinds SET \(column) = ? WHERE id = ?", cents, id) }
            }
        }
    }

    /// New accounts with bearer tokens; `member` ones pay member prices. Each gets one
    /// address when `withAddress` is set.
    func accounts(_ count: Int, member: Bool = false, withAddress: Bool = false) throws -> [Buyer] {
        try server.withRepositories { stores, database in
            let users = stores.users
            let tokens = try TokenGenerator(
                key: database.secret(named: "token-digest-key", byteCount: TokenGenerator.keyLength))
            let addresses = stores.addresses
            return try (0..<count).map { _ in
                let username = "buyer_\(UUID().uuidString.prefix(8).lowercased())"
                let user = try users.createUser(
                    username: username, name: username, passwordHash: "-", isMember: member)
                let token = try tokens.makeToken()
                try users.storeToken(digest: tokens.digest(token), userID: user.id)
                let address = withAddress
                    ? try addresses.addAddress(
                        userID: user.id,
                        AddressSnapshot(
                            name: "收货人 \(username)", phone: "13800138000", region: "上海市 徐汇区",
                            detail: "天钥桥路 100 号")).id : nil
                return Buyer(
                    userID: user.id, client: server.client(token: token),
                    addressID: address.map { GlobalID("Address", $0).encoded })
            }
        }
    }

    /// One new account.
    func account(member: Bool = false, withAddress: Bool = false) throws -> Buyer {
        try accounts(1, member: member, withAddress: withAddress)[0]
    }

    /// A kind's stock and its goods' sales count, read from storage.
    func stock(_ kind: String) throws -> Int {
        try server.withRepositories { stores, _ in
            try stores.market.kinds(ids: [catalog.kinds[kind] ?? 0]).first?.value.stock ?? -1
        }
    }

    func setStock(_ kind: String, _ stock: Int) throws {
        try server.withRepositories { stores, _ in
            try stores.market.setStock(kindID: catalog.kinds[kind] ?? 0, stock: stock)
        }
    }
}

/// A signed-in buyer: the client carries the token.
struct Buyer: Sendable {
    let userID: Int64
    let client: GraphQLClient
    /// The global ID of the buyer's address, when one was made.
    let addressID: String?

    var id: String { GlobalID("User", userID).encoded }
}
