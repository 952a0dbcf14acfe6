import Glibc

/// A TCP socket connected to 127.0.0.1, the one way the test clients reach a server.
enum LoopbackSocket {
    /// Connects to 127.0.0.1:`port` with a read timeout of `timeoutMilliseconds` (and a
    /// receive buffer of `receiveBufferBytes` when given); returns the descriptor, or throws
    /// the `errno` of a failed connect.
    static func connect(
        port: UInt16, timeoutMilliseconds: Int, receiveBufferBytes: Int32? = nil
    ) throws(ConnectFailure) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        setReadTimeout(socket, milliseconds: timeoutMilliseconds)
        if var size = receiveBufferBytes {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(socket)
            throw ConnectFailure(errno: code)
        }
        return socket
    }

    /// Makes each read on `socket` give up after `milliseconds`.
    static func setReadTimeout(_ socket: Int32, milliseconds: Int) {
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A connect that failed, with its `errno`.
    struct ConnectFailure: Error { let errno: Int32 }
}
