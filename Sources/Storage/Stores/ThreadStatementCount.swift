import Glibc

/// The statements executed on the calling thread so far.
///
/// A request runs on one server thread from start to end, so the difference of two readings
/// taken around it is that request's own count, whatever other threads do meanwhile (the
/// process-wide `Connection.totalStatementCount` mixes all requests together).
public enum ThreadStatementCount {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The count on this thread (kept in the thread-specific slot itself: no allocation).
    public static var current: Int { Int(bitPattern: pthread_getspecific(key)) }

    static func increment() {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: current &+ 1))
    }
}
