import CSystem
import Glibc

/// A joinable OS thread running one closure; the server's loops and render workers use these
/// rather than Dispatch so each owns its thread (per-thread pango contexts, epoll loops).
public final class OSThread: Sendable {
    // Written once in init before the thread is visible to anyone else; read in join().
    nonisolated(unsafe) private var handle = pthread_t()

    public init(name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(ThreadBody(body))
        let status = pthread_create(&handle, nil, { raw in
            let body = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, box.toOpaque())
        precondition(status == 0, "pthread_create failed: \(status)")
        // Named threads show up in `top -H` and perf reports; Linux allows 15 bytes.
        _ = String(name.utf8.prefix(15))!.withCString { csystem_set_thread_name(handle, $0) }
    }

    public func join() {
        pthread_join(handle, nil)
    }
}

private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Monotonic nanoseconds, for deadlines and durations (never the wall clock).
public func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}
