/// How Kitchen writes its request log: `text` for people at a terminal, `json` (one object
/// per line) for log collectors.
public enum LogFormat: String, Sendable, CaseIterable {
    /// `a1b2c3-000001 POST /graphql RecipePage 200 1.24ms BAD_USER_INPUT`
    case text
    /// `{"time":…,"id":…,"method":…,"path":…,"operation":…,"status":…,"ms":…,"errors":[…]}`
    case json
}
