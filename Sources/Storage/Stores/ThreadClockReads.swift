import Foundation
import Glibc

/// Whether the calling thread has asked a repository what time it is.
///
/// An answer that depended on "now" (a weekly menu, a 7-day window, an expiry) is only
/// true for a moment; a request runs on one server thread from start to end, so resetting
/// the mark before it and reading it after tells whether its response may be reused. The
/// repositories of a server are built with `clock`, which sets the mark.
public enum ThreadClockReads {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The current time, marking this thread as having read it.
    public static let clock: Clock = {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        return Date()
    }

    /// Whether `clock` was called on this thread since the last `reset()`.
    public static var wasRead: Bool { pthread_getspecific(key) != nil }

    /// Clears this thread's mark.
    public static func reset() {
        pthread_setspecific(key, nil)
    }
}
