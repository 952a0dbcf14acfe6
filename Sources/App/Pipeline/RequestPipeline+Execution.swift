import GraphQL

/// A query's or mutation's result, and whether it may be sent yet.
struct Executed: Sendable {
    let result: ExecutionResult
    /// The newest commit the operation's writes made, which must be on disk before the
    /// result is sent (`RequestPipeline.whenDeliverable`); nil when it may go at once.
    let durableAfter: UInt64?
}

extension RequestPipeline {
    /// Runs a ready query or mutation (never a subscription: see `subscribe`) in the shared
    /// snapshot; a mutation's commits do not wait for the disk, and `durableAfter` says
    /// which one its result must wait for.
    func execute(_ operation: ReadyOperation<Context>) -> Executed {
        guard operation.operationType != .query, let writeDurability else {
            return Executed(result: run(operation), durableAfter: nil)
        }
        let (result, ticket) = writeDurability.run { run(operation) }
        return Executed(result: result, durableAfter: ticket)
    }

    /// The operation's execution, in the shared snapshot. Through closures that do not
    /// escape, which capture the pipeline and the operation where they are.
    private func run(_ operation: ReadyOperation<Context>) -> ExecutionResult {
        runOperation {
            service.execute(
                operation.prepared, operationName: operation.parameters.operationName,
                variables: operation.parameters.variables, context: operation.context)
        }
    }

    /// Calls `deliver` with what may be sent for `executed`, once it may: at once when it
    /// waits for no commit, otherwise when the commit is on disk — or, when that flush
    /// failed, with the `INTERNAL` error that says the change may be lost instead.
    func whenDeliverable(
        _ executed: Executed, _ deliver: @escaping @Sendable (_ result: ExecutionResult, _ durable: Bool) -> Void
    ) {
        guard let ticket = executed.durableAfter, let writeDurability else {
            deliver(executed.result, true)
            return
        }
        let result = executed.result
        writeDurability.whenDurable(ticket) { durable in
            deliver(durable ? result : ExecutionResult(errors: [WriteDurability.notDurableError]), durable)
        }
    }
}
