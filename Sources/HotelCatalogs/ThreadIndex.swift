import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A small number for the calling thread, the same for its whole life: the first thread to
/// ask gets 0, the next 1, and so on. ``FreeOnOwner`` files an entry's memory under it.
///
/// A pthread key rather than `gettid()`: reading it costs no system call, and a dense
/// number picks a bin without hashing.
package enum ThreadIndex {
    /// Holds index + 1, so that a thread that never asked reads nil.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no pthread key left for ThreadIndex")
        return key
    }()
    private static let next = Atomic<Int>(0)

    package static var current: Int {
        if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) - 1 }
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: index + 1))
        return index
    }
}
