/// A rule of the product refused a request; the App maps each case to a GraphQL error code.
///
/// Every repository write throws these before or inside its transaction, so a refused
/// mutation changes nothing. Messages are written for the client and name no SQL.
public enum DomainError: Error, Sendable, Hashable {
    /// The input breaks a rule (`BAD_USER_INPUT`); the message says which and why.
    case badInput(String)
    /// No such object, or one the viewer may not see (`NOT_FOUND`): both look the same.
    case notFound(String)
    /// Fewer units are left than asked for (`INSUFFICIENT_STOCK`).
    case insufficientStock(available: Int, message: String)
    /// The request clashes with the current state (`CONFLICT`), e.g. a taken username.
    case conflict(String)
    /// A sign-in failed (`UNAUTHENTICATED`); the same message for every reason.
    case unauthenticated(String)

    /// The client-facing message.
    public var message: String {
        switch self {
        case .badInput(let message), .notFound(let message), .conflict(let message),
            .unauthenticated(let message):
            message
        case .insufficientStock(_, let message): message
        }
    }

    /// The `extensions.code` the App reports for this error.
    public var code: String {
        switch self {
        case .badInput: "BAD_USER_INPUT"
        case .notFound: "NOT_FOUND"
        case .insufficientStock: "INSUFFICIENT_STOCK"
        case .conflict: "CONFLICT"
        case .unauthenticated: "UNAUTHENTICATED"
        }
    }
}
