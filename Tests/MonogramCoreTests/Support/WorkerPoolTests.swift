import Dispatch
@testable import MonogramCore
import MonogramSync
import Synchronization
import Testing

@Suite("WorkerPool")
struct WorkerPoolTests {
    @Test("a full queue refuses at once; stop lets queued jobs finish")
    func boundedQueue() {
        let pool = WorkerPool(name: "test", threads: 1, queueLimit: 2)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let ran = Locked<[Int]>([])
        #expect(pool.submit {
            started.signal()
            release.wait()
            ran.withLock { $0.append(1) }
        })
        started.wait()  // the only thread is busy from here on
        #expect(pool.submit { ran.withLock { $0.append(2) } })
        #expect(pool.submit { ran.withLock { $0.append(3) } })
        #expect(pool.depth == 2)
        #expect(!pool.submit { ran.withLock { $0.append(4) } }, "a third waiting job is over the limit")
        release.signal()
        pool.stop()
        #expect(ran.withLock { $0 } == [1, 2, 3])
        #expect(!pool.submit {}, "a stopped pool takes nothing")
    }

    @Test("every job from many submitters runs once")
    func manyJobs() {
        let pool = WorkerPool(name: "test", threads: 4, queueLimit: 10_000)
        let count = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 { _ = pool.submit { count.add(1, ordering: .relaxed) } }
        }
        pool.stop()
        #expect(count.load(ordering: .relaxed) == 4000)
    }

    @Test("a lazy pool with no work stops without ever starting")
    func lazy() {
        let pool = WorkerPool(name: "test", threads: 2, queueLimit: 1, lazily: true)
        pool.stop()
        #expect(pool.depth == 0)
    }
}
