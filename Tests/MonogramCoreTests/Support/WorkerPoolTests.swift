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

    @Test("a job on a quiet lane runs after one job of a busy lane, not after its backlog")
    func lanesTakeTurns() {
        let pool = WorkerPool(name: "test", threads: 1, queueLimit: 100)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let ran = Locked<[String]>([])
        #expect(pool.submit {
            started.signal()
            release.wait()
        })
        started.wait()  // the only thread is busy from here on
        for index in 0..<10 {
            let accepted = pool.submit({ ran.withLock { $0.append("A\(index)") } }, lane: 7)
            #expect(accepted)
        }
        let acceptedB = pool.submit({ ran.withLock { $0.append("B") } }, lane: 9)
        #expect(acceptedB)
        #expect(pool.depth == 11)
        release.signal()
        pool.stop()
        let order = ran.withLock { $0 }
        #expect(order.count == 11)
        #expect(order.firstIndex(of: "B") == 1, "B waits for one job of lane A, not ten: \(order)")
        #expect(order.filter { $0 != "B" } == (0..<10).map { "A\($0)" }, "each lane stays in order")
    }

    @Test("the queue limit counts every lane's jobs together")
    func limitAcrossLanes() {
        let pool = WorkerPool(name: "test", threads: 1, queueLimit: 3)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        #expect(pool.submit {
            started.signal()
            release.wait()
        })
        started.wait()
        let nothing: WorkerPool.Job = {}
        let accepted = [1, 2, 3, 4, 1].map { pool.submit(nothing, lane: UInt64($0)) } + [pool.submit(nothing)]
        #expect(accepted == [true, true, true, false, false, false], "past three waiting jobs, whatever the lane, refused")
        #expect(pool.depth == 3)
        release.signal()
        pool.stop()
        #expect(pool.depth == 0)
    }
}

@Suite("WorkerPool lane share")
struct WorkerPoolLaneShareTests {
    @Test("one lane other than 0 holds at most three quarters of the queue; the rest is for other lanes")
    func laneShare() {
        let pool = WorkerPool(name: "test", threads: 1, queueLimit: 8)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        #expect(pool.submit {
            started.signal()
            release.wait()
        })
        started.wait()
        let nothing: WorkerPool.Job = {}
        let busy = (0..<8).map { _ in pool.submit(nothing, lane: 5) }
        #expect(busy == [true, true, true, true, true, true, false, false], "6 of 8 for lane 5")
        let others = [pool.submit(nothing, lane: 6), pool.submit(nothing, lane: 7), pool.submit(nothing, lane: 8)]
        #expect(others == [true, true, false], "the other lanes fill the rest, then the total limit holds")
        release.signal()
        pool.stop()
    }
}

@Suite("WorkerPool FairQueue")
struct FairQueueTests {
    @Test("round-robin across lanes with work, FIFO within each, a new lane after those waiting")
    func turns() {
        var queue = FairQueue<String>()
        for item in ["a1", "a2", "a3"] { queue.append(item, lane: 1) }
        queue.append("b1", lane: 2)
        #expect(queue.removeFirst() == "a1")
        queue.append("c1", lane: 3)  // a new lane: after every lane waiting (b, then a again)
        var order: [String] = []
        while let item = queue.removeFirst() { order.append(item) }
        #expect(order == ["b1", "a2", "c1", "a3"])
        #expect(queue.count == 0)
    }

    @Test("an emptied lane's slot is reused and long backlogs compact")
    func reuse() {
        var queue = FairQueue<Int>()
        for round in 0..<50 {
            for item in 0..<200 { queue.append(item, lane: UInt64(round % 3)) }
            for item in 0..<200 { #expect(queue.removeFirst() == item) }
        }
        #expect(queue.count == 0)
        #expect(queue.removeFirst() == nil)
    }
}
