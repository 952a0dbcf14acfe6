internal import CMicroHTTPD
import Foundation
import Synchronization

/// Notices at once when the client of a suspended stream connection goes away.
///
/// libmicrohttpd stops watching a connection's socket while it is suspended, so an idle
/// event stream whose client left would only be found out at its next write (a keep-alive,
/// seconds later), holding its subscription slot meanwhile. Each stream registers its
/// socket here while suspended (`HTTPStream`); one thread waits on an epoll set for the
/// peer's FIN, reset or error and tells the stream, which resumes its connection so that
/// libmicrohttpd closes it — within a few milliseconds of the hang-up.
final class HangupWatcher: Sendable {
    private struct State {
        /// The epoll set, created with the thread on first use; -1 before.
        var set: Int32 = -1
        var streams: [Int32: HTTPStream] = [:]
        var stopped = false
    }

    private let state = Mutex(State())

    /// Watches `socket` for the client's hang-up while `stream` is suspended on it.
    func watch(_ socket: Int32, for stream: HTTPStream) {
        guard socket >= 0 else { return }
        state.withLock { state in
            guard !state.stopped else { return }
            if state.set < 0 {
                state.set = kitchen_hangups_create()
                guard state.set >= 0 else { return }
                startThread(set: state.set)
            }
            state.streams[socket] = stream
            if kitchen_hangups_watch(state.set, socket) != 0 { state.streams[socket] = nil }
        }
    }

    /// Stops watching `socket`: its connection is being resumed, and may close it.
    func unwatch(_ socket: Int32) {
        guard socket >= 0 else { return }
        state.withLock { state in
            guard state.streams.removeValue(forKey: socket) != nil else { return }
            kitchen_hangups_unwatch(state.set, socket)
        }
    }

    /// Ends the thread (within its quarter-second wait); later `watch` calls do nothing.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.streams = [:]
        }
    }

    private func startThread(set: Int32) {
        let thread = Thread { [self] in
            var sockets = [Int32](repeating: -1, count: 64)
            while true {
                let count = sockets.withUnsafeMutableBufferPointer {
                    kitchen_hangups_wait(set, $0.baseAddress, Int32($0.count), 250)
                }
                let (gone, stopped): ([HTTPStream], Bool) = state.withLock { state in
                    let gone = (0..<max(0, Int(count))).compactMap { index -> HTTPStream? in
                        guard let stream = state.streams.removeValue(forKey: sockets[index]) else { return nil }
                        kitchen_hangups_unwatch(set, sockets[index])
                        return stream
                    }
                    return (gone, state.stopped)
                }
                for stream in gone { stream.clientHungUp() }
                if stopped { break }
                if count < 0, errno != EINTR { break }
            }
            close(set)
        }
        thread.name = "kitchen-hangups"
        thread.start()
    }
}
