internal import CMicroHTTPD

/// The daemon flags and option array that carry a `ServerConfiguration` to libmicrohttpd.
struct MHDOptions {
    var flags: UInt32
    var items: [MHD_OptionItem]

    init(_ configuration: ServerConfiguration) throws {
        try Self.validate(configuration)
        // epoll where libmicrohttpd was built with it (Linux), poll() otherwise; ITC so
        // that a pool thread wakes for a connection handed over by `Acceptor`
        // (MHD_add_connection); suspend/resume so that an idle event stream is parked
        // instead of holding a pool thread; upgrade so that a WebSocket handshake hands the
        // socket over (Sources/HTTPServer/WebSocket).
        let poller = MHD_is_feature_supported(.FEATURE_EPOLL) == .YES ? MHD_USE_EPOLL : MHD_USE_POLL
        flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | poller.rawValue | MHD_USE_ITC.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_ALLOW_UPGRADE.rawValue
        items = [
            Self.item(.CONNECTION_LIMIT, configuration.maxConnections),
            Self.item(.PER_IP_CONNECTION_LIMIT, configuration.maxConnectionsPerAddress),
            Self.item(.CONNECTION_TIMEOUT, configuration.connectionTimeout.wholeSecondsRoundedUp),
            Self.item(.CONNECTION_MEMORY_LIMIT, configuration.connectionMemoryLimit),
        ]
        if configuration.threadCount > 1 {
            items.append(Self.item(.THREAD_POOL_SIZE, configuration.threadCount))
        }
        items.append(Self.item(.END, 0))
    }

    private static func item(_ option: MHD_OPTION, _ value: Int) -> MHD_OptionItem {
        MHD_OptionItem(option: option, value: value, ptr_value: nil)
    }

    private static func validate(_ configuration: ServerConfiguration) throws {
        func require(_ condition: Bool, _ reason: String) throws {
            if !condition { throw HTTPServerError.invalidConfiguration(reason) }
        }
        try require(configuration.threadCount >= 1, "threadCount must be at least 1")
        try require(configuration.maxConnections >= 1, "maxConnections must be at least 1")
        try require(configuration.maxConnectionsPerAddress >= 0, "maxConnectionsPerAddress must not be negative")
        try require(configuration.connectionTimeout >= .zero, "connectionTimeout must not be negative")
        try require(configuration.connectionMemoryLimit >= 4096, "connectionMemoryLimit must be at least 4096 bytes")
        try require(configuration.maxBodySize >= 0, "maxBodySize must not be negative")
        try require(configuration.maxMultipartBodySize >= 0, "maxMultipartBodySize must not be negative")
        try require(configuration.shutdownGracePeriod >= .zero, "shutdownGracePeriod must not be negative")
    }
}
