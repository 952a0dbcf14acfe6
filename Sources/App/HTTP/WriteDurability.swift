import GraphQL
import HTTPServer

/// Holds a mutation's answer until the commits it made are on disk, without holding a
/// pool thread meanwhile.
///
/// The request runs as usual; its writes return as soon as they commit. The answer is
/// kept in a `PendingResponse` and sent when the database's shared flush covers the
/// newest of those commits. Two pool threads can so have dozens of mutations waiting for
/// one flush, instead of each thread waiting for its own.
struct WriteDurability: Sendable {
    /// Runs `respond` with its writes not waiting for the disk; returns its answer and
    /// the newest commit it made (nil: it wrote nothing).
    let run: @Sendable (_ respond: () -> HTTPResponse) -> (HTTPResponse, durableAfter: UInt64?)
    /// Calls back once that commit is on disk (true), or its flush failed (false).
    let whenDurable: @Sendable (UInt64, @escaping @Sendable (_ durable: Bool) -> Void) -> Void

    /// The answer of `respond`, sent once its writes are on disk.
    func answer(reply: Reply, _ respond: () -> HTTPResponse) -> HTTPResponse {
        let (response, ticket) = run(respond)
        guard let ticket else { return response }
        let pending = PendingResponse()
        whenDurable(ticket) { durable in
            pending.complete(durable ? response : reply.notDurable())
        }
        return HTTPResponse(pending: pending)
    }
}

extension Reply {
    /// The writes committed but could not be synced to disk: the client must not count on
    /// them. 500 under either type, with no `data`.
    func notDurable() -> HTTPResponse {
        let error = GraphQLError(
            "The change could not be saved to disk and may be lost; try again.", code: .internalError)
        return HTTPResponse(
            status: 500, json: ExecutionResult(errors: [error]).jsonBytes(),
            contentType: mediaType.contentType)
    }
}
