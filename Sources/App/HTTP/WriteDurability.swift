import GraphQL
import HTTPServer

/// Holds a mutation's answer until the commits it made are on disk, without holding a
/// pool thread meanwhile.
///
/// The operation runs as usual; its writes return as soon as they commit. The pipeline
/// keeps the result (`RequestPipeline.whenDeliverable`) and sends it when the database's
/// shared flush covers the newest of those commits — over HTTP in a `PendingResponse`.
/// Two pool threads can so have dozens of mutations waiting for one flush, instead of
/// each thread waiting for its own.
struct WriteDurability: Sendable {
    /// Runs `execute` with its writes not waiting for the disk; returns its result and
    /// the newest commit it made (nil: it wrote nothing).
    let run: @Sendable (_ execute: () -> ExecutionResult) -> (ExecutionResult, durableAfter: UInt64?)
    /// Calls back once that commit is on disk (true), or its flush failed (false).
    let whenDurable: @Sendable (UInt64, @escaping @Sendable (_ durable: Bool) -> Void) -> Void

    /// The error sent instead of a result whose writes committed but could not be synced
    /// to disk: the client must not count on them.
    static var notDurableError: GraphQLError {
        GraphQLError("The change could not be saved to disk and may be lost; try again.", code: .internalError)
    }
}

extension Reply {
    /// The writes committed but could not be synced to disk: 500 under either type, with
    /// no `data`.
    func notDurable() -> HTTPResponse {
        HTTPResponse(
            status: 500, json: ExecutionResult(errors: [WriteDurability.notDurableError]).jsonBytes(),
            contentType: mediaType.contentType)
    }
}
