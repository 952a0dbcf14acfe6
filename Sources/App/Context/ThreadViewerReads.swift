import Glibc

/// Whether the calling thread has asked a request context who the viewer is.
///
/// A query's answer is the same for every viewer when nothing in it asked (a recipe page,
/// a search): the response cache then keeps one answer for them all instead of one per
/// viewer. A request runs on one server thread from start to end, so resetting the mark
/// before execution and reading it after tells whether its answer is anyone's.
enum ThreadViewerReads {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Marks this thread as having asked.
    static func mark() {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    }

    /// Whether `mark()` was called on this thread since the last `reset()`.
    static var wasRead: Bool { pthread_getspecific(key) != nil }

    /// Clears this thread's mark.
    static func reset() {
        pthread_setspecific(key, nil)
    }
}
