import GraphQL
import HTTPServer
import Synchronization

extension GraphQLEndpoint {
    /// A batch: a POSTed JSON array of operations, answered by a JSON array of their
    /// results in the same order.
    ///
    /// The pipeline admits the batch (batching on, not over `--max-batch`), then judges
    /// and runs each operation in turn exactly as it would a POST of it alone — so the
    /// operations run in order, a mutation's writes before the next operation — and a
    /// refused or malformed operation takes its refusal's errors as its entry. The answer
    /// is sent once the writes of every mutation in it are on disk. When the database did
    /// not answer one of them (`RequestPipeline.outage(in:)`), that entry is the outage's
    /// error and the batch answers 503 with `Retry-After`.
    func handleBatch(_ operations: [Value], request: HTTPRequest, reply: Reply) -> HTTPResponse {
        if let refusal = pipeline.admitBatch(count: operations.count) { return reply.refusal(refusal) }
        let caller = Caller(request)
        var entries: [[UInt8]] = []
        entries.reserveCapacity(operations.count)
        var waits: [Executed] = []
        var outage: Refusal?
        for operation in operations {
            let parameters: GraphQLRequest
            do {
                parameters = try GraphQLRequest(json: operation)
            } catch {
                entries.append(ExecutionResult(errors: [GraphQLError(error.message, code: .badRequest)]).jsonBytes())
                continue
            }
            switch pipeline.prepare(IncomingRequest(parameters: parameters, transport: .post, caller: caller)) {
            case .failure(let refusal):
                entries.append(ExecutionResult(errors: refusal.errors).jsonBytes())
                if refusal.kind == .unavailable { outage = refusal }
            case .success(let ready):
                let executed = pipeline.execute(ready)
                if let refused = pipeline.outage(in: executed.result) {
                    entries.append(ExecutionResult(errors: refused.errors).jsonBytes())
                    outage = refused
                } else {
                    entries.append(executed.result.jsonBytes())
                }
                if executed.durableAfter != nil { waits.append(executed) }
            }
        }
        var response = HTTPResponse(
            status: outage?.status(for: reply.mediaType) ?? 200, json: Self.array(entries),
            contentType: reply.mediaType.contentType)
        for field in outage?.headers ?? HTTPHeaders() { response.headers.replaceOrAdd(name: field.name, value: field.value) }
        guard let newest = waits.max(by: { ($0.durableAfter ?? 0) < ($1.durableAfter ?? 0) }) else { return response }
        let answer = response
        // The flush that covers the newest commit covers every earlier one.
        let pending = PendingResponse()
        pipeline.whenDeliverable(newest) { _, durable in pending.complete(durable ? answer : reply.notDurable()) }
        return HTTPResponse(pending: pending)
    }

    /// `[a,b,…]` of already-encoded JSON values.
    private static func array(_ entries: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: entry)
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }
}
