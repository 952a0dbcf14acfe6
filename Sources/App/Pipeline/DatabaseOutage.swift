import GraphQL
import HTTPServer
import Storage

extension ErrorCode {
    /// The database did not answer (its server is down or unreachable, its file cannot be
    /// read): nothing is wrong with the request, and the same request may succeed in a
    /// moment. Over HTTP the response is 503 with `Retry-After`.
    static let unavailable = ErrorCode(rawValue: "UNAVAILABLE")
}

/// What a client is shown when the database does not answer, and how a response that met
/// such an outage is answered: the one rule for every transport.
///
/// A store says which of its failures mean that (`DatabaseFailure.isUnavailable`); their
/// detail (SQL, paths, addresses) goes only to the log, like any internal error's.
enum DatabaseOutage {
    /// Seconds a client is told to wait before it tries again (`Retry-After`): about what a
    /// PostgreSQL restart or a reconnecting pool takes.
    static let retryAfterSeconds = 2

    /// Whether `error` is a store's failure that means the database does not answer.
    static func isOutage(_ error: any Error) -> Bool {
        (error as? any DatabaseFailure)?.isUnavailable ?? false
    }

    /// What a client sees of an internal error: `UNAVAILABLE` for a database that does not
    /// answer, `INTERNAL` for anything else, with the id of the log line that has the detail.
    static func masked(_ error: any Error, requestID: String?) -> MaskedError {
        isOutage(error)
            ? MaskedError(message: message, code: .unavailable, requestID: requestID)
            : MaskedError(requestID: requestID)
    }

    /// The error for a store failure met outside execution (the token lookup, a sign-in
    /// limit, a subscription's source): `UNAVAILABLE` or `INTERNAL`, no detail.
    static func clientError(_ error: any Error) -> GraphQLError {
        let shown = masked(error, requestID: nil)
        return GraphQLError(shown.message, code: shown.code)
    }

    static var message: String { "The database does not answer right now; try again in a few seconds." }
}

extension Refusal {
    /// The refusal for `errors` met before execution: an outage when one of them says the
    /// database does not answer, a request error otherwise.
    static func judging(_ errors: [GraphQLError]) -> Refusal {
        guard let outage = errors.first(where: { $0.code == ErrorCode.unavailable.rawValue }) else {
            return Refusal(errors)
        }
        return unavailable(requestID: outage.extensions["requestId"])
    }

    /// The database does not answer: one `UNAVAILABLE` error (with the id of the log line,
    /// when there is one), 503 with `Retry-After`.
    static func unavailable(requestID: Value? = nil) -> Refusal {
        var extensions = ObjectValue()
        if let requestID { extensions["requestId"] = requestID }
        return Refusal(
            [GraphQLError(DatabaseOutage.message, code: .unavailable, extensions: extensions)], kind: .unavailable,
            headers: ["Retry-After": String(DatabaseOutage.retryAfterSeconds)])
    }
}

extension RequestPipeline {
    /// The refusal an executed result is answered with instead, when the database did not
    /// answer while it ran and the result has nothing to show: no top-level field with a
    /// value. A result with some data is still sent as it is (GraphQL over HTTP answers
    /// data with 2xx), its failed fields carrying `UNAVAILABLE`.
    func outage(in result: ExecutionResult) -> Refusal? {
        guard let failure = result.errors.first(where: { $0.code == ErrorCode.unavailable.rawValue }) else {
            return nil
        }
        if case .object(let fields)? = result.data, fields.values.contains(where: { $0 != .null }) {
            return nil
        }
        return .unavailable(requestID: failure.extensions["requestId"])
    }
}
