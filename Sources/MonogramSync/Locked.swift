import Glibc

/// A value guarded by a pthread mutex, with the same `withLock` shape as the standard
/// library's `Mutex`.
///
/// Why not `Synchronization.Mutex`: the toolchain's Synchronization module is not built with
/// ThreadSanitizer instrumentation, so TSan cannot see that `Mutex` orders the accesses it
/// guards and reports every one of them as a race (reproduced with a 20-line program).
/// pthread mutexes are intercepted by TSan, so with this type `make test-sanitized` reports
/// only real races. Uncontended, both cost one atomic operation per lock and unlock.
public final class Locked<Value>: @unchecked Sendable {
    // Invariant: `value.pointee` is read and written only between `pthread_mutex_lock(mutex)`
    // and `pthread_mutex_unlock(mutex)`, inside `withLock`. Behind a pointer rather than in a
    // `var`, so the lock is the only exclusivity check (no dynamic access tracking per call on
    // the cache-hit path).
    private let value: UnsafeMutablePointer<Value>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = UnsafeMutablePointer.allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = UnsafeMutablePointer.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
