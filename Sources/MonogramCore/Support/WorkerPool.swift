import Dispatch
import Foundation
import MonogramSync

/// A fixed set of long-lived threads fed by a bounded queue: FIFO per lane, round-robin
/// across lanes (`FairQueue`).
///
/// Used for work that must stay off the event loops: rendering (CPU-bound, and pango's font
/// maps are per thread, so few long-lived threads beat an elastic pool) and picture fetches
/// (blocking I/O, bounded so only so many connections leave for origins). A full queue refuses
/// work at once, so the caller can answer 503 instead of letting latency grow without bound.
/// The render pool's lanes are client networks, so one network's backlog delays another's
/// render by at most one job per busy network; the limit counts every lane's jobs together.
public final class WorkerPool: Sendable {
    public typealias Job = @Sendable () -> Void

    private struct State {
        var jobs = FairQueue<Job>()
        var count: Int { jobs.count }
        var started = false
        var stopping = false
    }

    private let state = Locked(State())
    private let available = DispatchSemaphore(value: 0)
    private let running = DispatchGroup()
    private let name: String
    private let threads: Int
    private let limit: Int
    /// What one lane other than 0 may hold: the limit less a quarter kept for other lanes.
    private let laneLimit: Int

    /// `lazily`: start the threads with the first job (a feature that is configured off
    /// never starts any).
    public init(name: String, threads: Int, queueLimit: Int, lazily: Bool = false) {
        self.name = name
        self.threads = max(1, threads)
        self.limit = max(1, queueLimit)
        self.laneLimit = max(1, max(1, queueLimit) - max(1, queueLimit) / 4)
        if !lazily { startOnce() }
    }

    /// Jobs waiting for a thread (not counting those running).
    public var depth: Int { state.withLock { $0.count } }

    /// Queues a job on lane 0; false when the queue is full or the pool is stopping.
    public func submit(_ job: @escaping Job) -> Bool {
        submit(job, lane: 0)
    }

    /// Queues a job at the back of `lane`'s FIFO; false when the queue (every lane together)
    /// is full or the pool is stopping, or when a lane other than 0 already holds three
    /// quarters of the limit: one network cannot fill the queue, the last quarter is for others.
    public func submit(_ job: @escaping Job, lane: UInt64) -> Bool {
        startOnce()
        let accepted = state.withLock { state in
            guard !state.stopping, state.count < limit else { return false }
            guard lane == 0 || state.jobs.count(lane: lane) < laneLimit else { return false }
            state.jobs.append(job, lane: lane)
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
                guard let job = state.jobs.removeFirst() else { return state.stopping ? .some(nil) : nil }
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
