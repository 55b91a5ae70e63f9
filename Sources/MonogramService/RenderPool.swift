import Dispatch
import MonogramHTTP
import Synchronization

/// A fixed set of render threads fed by a bounded queue.
///
/// Rendering is CPU-bound and pango's font maps are per thread, so a few long-lived threads
/// (one per core by default) beat Dispatch's elastic pool; a full queue refuses work at once
/// so the caller can answer 503 instead of letting latency grow without bound.
final class RenderPool: Sendable {
    typealias Job = @Sendable () -> Void

    private struct Queue {
        var jobs: [Job?] = []
        var head = 0
        var count: Int { jobs.count - head }
        var stopping = false
    }

    private let queue = Mutex(Queue())
    private let available = DispatchSemaphore(value: 0)
    private let limit: Int
    private let threads: Mutex<[OSThread]> = Mutex([])

    init(workers: Int, queueLimit: Int) {
        self.limit = max(1, queueLimit)
        let count = max(1, workers)
        let started = (0..<count).map { index in
            OSThread(name: "render-\(index)") { [self] in self.work() }
        }
        threads.withLock { $0 = started }
    }

    /// Jobs waiting for a worker (not counting those running).
    var depth: Int { queue.withLock { $0.count } }

    /// Queues a job; false when the queue is full (the caller answers 503).
    func submit(_ job: @escaping Job) -> Bool {
        let accepted = queue.withLock { queue in
            guard !queue.stopping, queue.count < limit else { return false }
            queue.jobs.append(job)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Lets queued jobs finish, then ends the workers.
    func stop() {
        let workers = threads.withLock { threads in
            defer { threads.removeAll() }
            return threads
        }
        queue.withLock { $0.stopping = true }
        for _ in workers { available.signal() }
        for worker in workers { worker.join() }
    }

    private func work() {
        while true {
            available.wait()
            let job: Job? = queue.withLock { queue in
                guard queue.count > 0 else { return nil }
                let job = queue.jobs[queue.head]
                queue.jobs[queue.head] = nil
                queue.head += 1
                if queue.head > 64 && queue.head * 2 > queue.jobs.count {
                    queue.jobs.removeFirst(queue.head)
                    queue.head = 0
                }
                return job
            }
            guard let job else { return }
            job()
        }
    }
}
