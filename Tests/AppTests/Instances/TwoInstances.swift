import Foundation
import Glibc
import Testing

@testable import App

/// Two Kitchen instances on one PostgreSQL database and media folder, as two `kitchen
/// serve` processes behind a load balancer run: `a` with the commerce catalogue
/// (`CommerceWorld`), `b` beside it. Only the PostgreSQL pass runs the suites that take
/// one (`TwoInstances.enabled`): two writers on one SQLite file are not a deployment.
final class TwoInstances: Sendable {
    let world: CommerceWorld
    let b: TestServer

    /// Runs the suite only in scripts/test's PostgreSQL pass.
    static let enabled = ConditionTrait.enabled(if: TestServer.onPostgres, "two instances need PostgreSQL")

    var a: TestServer { world.server }
    var catalog: CommerceWorld.Catalog { world.catalog }

    private init(world: CommerceWorld, b: TestServer) {
        self.world = world
        self.b = b
    }

    /// Starts both, each configured by `configure` (the demo data, when `demo`, is loaded
    /// by `a` before `b` starts).
    static func start(demo: Bool = false, configure: (inout ServeOptions) -> Void = { _ in }) throws -> TwoInstances {
        let world = try CommerceWorld.start(demo: demo, configure: configure)
        do {
            return TwoInstances(world: world, b: try TestServer.start(beside: world.server, configure: configure))
        } catch {
            world.stop()
            throw error
        }
    }

    func stop() {
        b.stop()
        world.stop()
    }

    /// The same caller (its token) through instance `b`.
    func onB(_ client: GraphQLClient) -> GraphQLClient {
        GraphQLClient(port: b.server.port, token: client.token)
    }

    /// Every client of `clients` alternately through `a` and `b`: even indexes on `a`.
    func split(_ clients: [GraphQLClient]) -> [GraphQLClient] {
        clients.enumerated().map { $0.offset.isMultiple(of: 2) ? $0.element : onB($0.element) }
    }
}

/// The seconds `body` takes.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = Date()
    try body()
    return Date().timeIntervalSince(start)
}

/// A loopback port no one listens on now.
func freeLoopbackPort() throws -> UInt16 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
        }
    }
    try #require(bound, "no free port")
    return UInt16(bigEndian: address.sin_port)
}
