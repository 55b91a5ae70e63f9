import Dispatch
import Foundation
import MonogramSync

/// A fixed set of long-lived threads fed by a bounded FIFO queue.
///
/// Used for work that must stay off the event loops: rendering (CPU-bound, and pango's font
/// maps are per thread, so few long-lived threads beat an elastic pool) and picture fetches
/// (blocking I/O, bounded so only so many connections leave for origins). A full queue refuses
/// work at once, so the caller can answer 503 instead of letting latency grow without bound.
public final class WorkerPool: Sendable {
    public typealias Job = @Sendable () -> Void

    private struct State {
        var jobs: [Job?] = []
        var head = 0
        var count: Int { jobs.count - head }
        var started = false
        var stopping = false
    }

    private let state = Locked(State())
    private let available = DispatchSemaphore(value: 0)
    private let running = DispatchGroup()
    private let name: String
    private let threads: Int
    private let limit: Int

    /// `lazily`: start the threads with the first job (a feature that is configured off
    /// never starts any).
    public init(name: String, threads: Int, queueLimit: Int, lazily: Bool = false) {
        self.name = name
        self.threads = max(1, threads)
        self.limit = max(1, queueLimit)
        if !lazily { startOnce() }
    }

    /// Jobs waiting for a thread (not counting those running).
    public var depth: Int { state.withLock { $0.count } }

    /// Queues a job; false when the queue is full or the pool is stopping.
    public func submit(_ job: @escaping Job) -> Bool {
        startOnce()
        let accepted = state.withLock { state in
            guard !state.stopping, state.count < limit else { return false }
            state.jobs.append(job)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Lets the queued jobs finish, then ends the threads and waits for them.
    public func stop() {
        let started = state.withLock { state in
            state.stopping = true
            return state.started
        }
        guard started else { return }
        for _ in 0..<threads { available.signal() }
        running.wait()
    }

    private func startOnce() {
        let start = state.withLock { state in
            defer { state.started = true }
            return !state.started
        }
        guard start else { return }
        for index in 0..<threads {
            running.enter()
            let thread = Thread { [self] in
                work()
                running.leave()
            }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    private func work() {
        while true {
            available.wait()
            let job: Job?? = state.withLock { state in
                guard state.count > 0 else { return state.stopping ? .some(nil) : nil }
                let job = state.jobs[state.head]
                state.jobs[state.head] = nil
                state.head += 1
                // Compact once the consumed prefix dominates, so the array does not grow forever.
                if state.head > 64 && state.head * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return .some(job)
            }
            switch job {
            case .some(.some(let job)): job()
            case .some(.none): return
            case .none: continue
            }
        }
    }
}
