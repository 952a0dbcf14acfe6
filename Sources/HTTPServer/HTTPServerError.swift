/// Why the server could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// The host is not a numeric IPv4 or IPv6 address.
    case invalidHost(String)
    /// A configuration value is out of range (name and reason).
    case invalidConfiguration(String)
    /// libmicrohttpd refused to start, typically because the port is taken.
    case startFailed(host: String, port: UInt16, reason: String)
    /// `start()` was called on a server that is running or has stopped.
    case alreadyStarted

    /// A sentence for the log.
    public var description: String {
        switch self {
        case .invalidHost(let host): "invalid listen address '\(host)': expected a numeric IPv4 or IPv6 address"
        case .invalidConfiguration(let reason): "invalid server configuration: \(reason)"
        case .startFailed(let host, let port, let reason): "could not listen on \(host):\(port): \(reason)"
        case .alreadyStarted: "the server was already started"
        }
    }
}
