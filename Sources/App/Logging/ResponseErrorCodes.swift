import GraphQL
import HTTPServer

/// The `extensions.code` values of a GraphQL response's errors, for the log line and the
/// error counters.
///
/// Read from the body the endpoint wrote, so the endpoint needs no second channel: Kitchen
/// writes `errors` first, so a body that does not start with `{"errors":` has none and
/// costs one comparison; only error responses are read.
enum ResponseErrorCodes {
    private static let prefix = Array(#"{"errors":"#.utf8)

    /// The distinct codes in order of first appearance; `[]` for a body without errors.
    static func of(_ response: HTTPResponse) -> [String] {
        let body = response.body
        guard body.count > prefix.count, body.starts(with: prefix) else { return [] }
        guard case .object(let object)? = try? JSONReader.parse(body),
            case .list(let errors)? = object["errors"]
        else { return [] }
        var codes: [String] = []
        for case .object(let error) in errors {
            let code: String
            if case .object(let extensions)? = error["extensions"], case .string(let text)? = extensions["code"] {
                code = text
            } else {
                code = "UNKNOWN"
            }
            if !codes.contains(code) { codes.append(code) }
        }
        return codes
    }
}
