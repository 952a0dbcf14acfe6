import Foundation
import KitchenTestSupport

/// A GraphQL-over-HTTP client over real loopback sockets: posts `{query, variables}` with an
/// optional bearer token and returns the status and the decoded body.
///
/// Each call opens its own connection, so one client may be used from several threads at
/// once (two devices editing the same draft).
struct GraphQLClient: Sendable {
    let port: UInt16
    /// The bearer token sent as `Authorization`; nil for an anonymous client.
    var token: String?

    /// The same client acting as someone else (or nobody).
    func with(token: String?) -> GraphQLClient {
        GraphQLClient(port: port, token: token)
    }

    /// Posts one operation and waits for the whole response.
    func post(
        _ query: String, _ variables: [String: JSON] = [:], operationName: String? = nil
    ) throws -> GraphQLResponse {
        var body: [String: JSON] = ["query": .string(query), "variables": .object(variables)]
        if let operationName { body["operationName"] = .string(operationName) }
        var headers = ["Content-Type: application/json", "Accept: application/graphql-response+json"]
        if let token { headers.append("Authorization: Bearer \(token)") }
        let client = try TestClient(port: port, timeoutSeconds: 60)
        let response = try client.request(
            "POST", "/graphql", headers: headers, body: Array(JSON.object(body).text.utf8))
        return GraphQLResponse(
            status: response.status, body: JSON(data: Data(response.body)), text: response.text,
            sqlStatements: response.header("X-Kitchen-SQL-Statements").flatMap { Int($0) })
    }
}

/// What the server answered: the HTTP status and the decoded JSON body.
struct GraphQLResponse: Sendable, CustomStringConvertible {
    let status: Int
    let body: JSON
    let text: String
    /// The SQL statements the server ran for this request (test servers report them).
    var sqlStatements: Int? = nil

    var data: JSON { body["data"] }
    var errors: [JSON] { body["errors"].array }
    /// The `extensions.code` of every error, in order.
    var errorCodes: [String] { errors.compactMap { $0["extensions"]["code"].string } }
    /// The `extensions.code` of the first error, if any.
    var errorCode: String? { errorCodes.first }
    /// The message of the first error, if any.
    var errorMessage: String? { errors.first?["message"].string }

    var description: String { "HTTP \(status) \(text)" }
}

/// A request that should have succeeded failed; carries the whole response.
struct UnexpectedResponse: Error, CustomStringConvertible {
    let response: GraphQLResponse
    var description: String { "unexpected response: \(response)" }
}

extension GraphQLResponse {
    /// The `data` of a response without errors; throws (showing the response) otherwise.
    func ok() throws -> JSON {
        guard status == 200, errors.isEmpty, data != .missing else {
            throw UnexpectedResponse(response: self)
        }
        return data
    }
}
