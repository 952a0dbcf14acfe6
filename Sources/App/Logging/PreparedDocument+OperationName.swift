import GraphQL

extension PreparedDocument {
    /// The name of the document's only operation, for logs and metrics when the client
    /// sent no `operationName`; nil when it is anonymous or there are several.
    var soleOperationName: String? {
        let operations = document.operations
        return operations.count == 1 ? operations[0].name?.value : nil
    }
}
