import Foundation
import GraphQL
import Testing

@testable import App

/// Every screen of both apps, asked with every field it shows (`Tests/Screens/`), fits the
/// server's default limits and runs on the demo data without an error.
@Suite("The screens of both apps")
struct ScreenCorpusTests {
    static let schema = try! SchemaBuilder.build(sdl: String(contentsOfFile: productSchemaPath, encoding: .utf8))

    @Test("every screen of the README's two tables has its document, and every document its row")
    func oneDocumentPerScreen() throws {
        let rows = try ScreenDocument.readmeRows().map { "\($0.app): \($0.screen)" }
        let documents = ScreenDocument.all.map { "\($0.app): \($0.screen)" }
        #expect(rows.count == 22)
        #expect(documents.sorted() == rows.sorted())
    }

    @Test("each document is valid and within every default limit, as the server checks it", arguments: ScreenDocument.all)
    func withinLimits(_ screen: ScreenDocument) throws {
        let result = CheckResult.checking(screen.path, against: Self.schema, limits: .default)
        #expect(result.errors.map(\.message) == [])
        // Not only passed on to each request: the document as written fits.
        #expect(RequestLimits.default.operation.check(try screen.parsed(), schema: Self.schema).isEmpty)
    }

    @Test("the README gives each screen's cost, its costliest operation's")
    func readmeCosts() throws {
        let costs = Dictionary(
            uniqueKeysWithValues: try ScreenDocument.all.map { ("\($0.app): \($0.screen)", String(try $0.cost(Self.schema))) })
        for row in try ScreenDocument.readmeRows() {
            #expect(costs["\(row.app): \(row.screen)"] == row.cost, "README row \(row.screen)")
        }
    }

    @Test("kitchen check --server-limits passes every screen document")
    func kitchenCheck() {
        let run = runKitchen(["check", "--server-limits", "--schema", productSchemaPath] + ScreenDocument.all.map(\.path))
        #expect(run.status == 0, "\(run.error)")
        #expect(run.out.hasPrefix("ok: 22 documents valid against"))
    }

    @Test("each screen runs on the demo data, every operation in order, without an error", arguments: ScreenDocument.all)
    func runs(_ screen: ScreenDocument) throws {
        let server = try TestServer.start(demo: true)
        defer { server.stop() }
        let alice = try server.signIn("alice", password: "kitchen-demo")
        let known = try Self.demoVariables(alice.client)
        let client = screen.signedIn ? alice.client : server.anonymous
        for operation in try screen.operations() {
            var variables: [String: JSON] = [:]
            for variable in operation.variables {
                if let value = known[variable.name] {
                    variables[variable.name] = .string(value)
                } else if variable.required {
                    Issue.record("\(screen.file): no demo value for $\(variable.name) of \(operation.name)")
                }
            }
            let response = try client.post(screen.text, variables, operationName: operation.name)
            #expect(response.status == 200, "\(screen.file) \(operation.name): \(response)")
            #expect(response.errors == [], "\(screen.file) \(operation.name): \(response)")
            #expect(response.data != .missing && response.data != .null, "\(screen.file) \(operation.name)")
        }
    }

    /// The demo objects the screens' variables name, found as alice sees them.
    static func demoVariables(_ client: GraphQLClient) throws -> [String: String] {
        let data = try client.post("""
            { viewer { drafts(first: 2) { nodes { id } } following(first: 1) { nodes { id } } }
              recipes(first: 1) { nodes { id } }
              market(first: 20) { nodes { id shop { id } kinds { id stock } } }
              forums { topics(first: 1) { nodes { id } } }
              addresses { id }
              orders(first: 1) { nodes { id } }
              cart { shops { shop { id } items { id } } }
              lunchMenu { sections { items { id shop { id } kinds { id } } } }
              feed(first: 20) { nodes { __typename ... on Dish { id } } } }
            """).ok()
        var known: [String: String] = [:]
        known["recipeId"] = data["recipes"]["nodes"][0]["id"].string
        known["userId"] = data["viewer"]["following"]["nodes"][0]["id"].string
        known["draftId"] = data["viewer"]["drafts"]["nodes"][0]["id"].string
        known["otherDraftId"] = data["viewer"]["drafts"]["nodes"][1]["id"].string
        known["dishId"] = data["feed"]["nodes"].array.first { $0["__typename"].string == "Dish" }?["id"].string
        if let goods = data["market"]["nodes"].array.first(where: { $0["kinds"].array.count > 1 && ($0["kinds"][0]["stock"].int ?? 0) > 0 }) {
            known["goodsId"] = goods["id"].string
            known["kindId"] = goods["kinds"][0]["id"].string
            known["shopId"] = goods["shop"]["id"].string
        }
        known["topicId"] = data["forums"].array.lazy.compactMap { $0["topics"]["nodes"][0]["id"].string }.first
        known["addressId"] = data["addresses"][0]["id"].string
        known["orderId"] = data["orders"]["nodes"][0]["id"].string
        known["itemId"] = data["cart"]["shops"][0]["items"][0]["id"].string
        known["cartShopId"] = data["cart"]["shops"][0]["shop"]["id"].string
        let lunch = data["lunchMenu"]["sections"].array.lazy.compactMap { $0["items"].array.first }.first
        known["lunchGoodsId"] = lunch?["id"].string
        known["lunchKindId"] = lunch?["kinds"][0]["id"].string
        known["lunchShopId"] = lunch?["shop"]["id"].string
        return known
    }
}
