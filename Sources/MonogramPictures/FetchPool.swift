import Dispatch
import Foundation
import Synchronization

/// A fixed set of threads for blocking fetches (`pictures.max_concurrent_fetches`), fed by a
/// bounded queue, so a slow origin ties up neither the event loops nor the render workers, and
/// no more than this many connections leave for origins at once.
final class FetchPool: Sendable {
    typealias Job = @Sendable () -> Void

    private struct Queue {
        var jobs: [Job] = []
        var head = 0
        var count: Int { jobs.count - head }
    }

    private let queue = Mutex(Queue())
    private let available = DispatchSemaphore(value: 0)
    private let limit: Int
    private let threads: Int
    private let started = Mutex(false)

    /// The threads start with the first job: a service whose allow-list is empty (pictures
    /// off), or a test that never loads one, starts none.
    init(threads: Int, queueLimit: Int) {
        self.limit = max(1, queueLimit)
        self.threads = max(1, threads)
    }

    /// Queues a job; false when the queue is full.
    func submit(_ job: @escaping Job) -> Bool {
        startOnce()
        let accepted = queue.withLock { queue in
            guard queue.count < limit else { return false }
            queue.jobs.append(job)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    private func startOnce() {
        let start = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard start else { return }
        for index in 0..<threads {
            let thread = Thread { [self] in self.work() }
            thread.name = "picture-\(index)"
            thread.start()
        }
    }

    /// The threads live as long as the process (the service is created once); they sleep on
    /// the semaphore when there is nothing to fetch.
    private func work() {
        while true {
            available.wait()
            let job: Job? = queue.withLock { queue in
                guard queue.count > 0 else { return nil }
                let job = queue.jobs[queue.head]
                queue.head += 1
                if queue.head > 64 && queue.head * 2 > queue.jobs.count {
                    queue.jobs.removeFirst(queue.head)
                    queue.head = 0
                }
                return job
            }
            job?()
        }
    }
}
