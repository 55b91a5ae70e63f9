import Dispatch
import MonogramCore
import MonogramHTTP
@testable import MonogramService
import MonogramSync
import Testing

@Suite("the answer pipeline: single flight, deadline, overload, cache")
struct AnswerPipelineTests {
    @Test("a failing producer answers every waiter with a 500, caches nothing, and the next request tries again")
    func failingProducer() {
        let pipeline = PipelineTestSupport.pipeline()
        let calls = Locked(0)
        let gate = DispatchSemaphore(value: 0)
        let job = ControlledJob("Fails", calls: calls, gate: gate, fails: true)
        let answers = Answers()
        for _ in 0..<3 {
            guard case .deferred = pipeline.answer(job, for: PipelineTestSupport.request("/avatar/Fails", answers: answers)) else {
                Issue.record("a miss must be deferred")
                return
            }
        }
        gate.signal()
        answers.wait(3)
        #expect(answers.all.map(\.response.status.code) == [500, 500, 500])
        #expect(answers.all.allSatisfy { $0.response.text == "internal error\n" })
        #expect(calls.withLock { $0 } == 1, "one flight for the three requests")
        #expect(pipeline.flights.count == 0, "the flight is over")
        #expect(pipeline.cache.answer(for: job.key) == nil)
        gate.signal()
        let again = PipelineTestSupport.answer(pipeline, job, "/avatar/Fails")
        #expect(again.response.status.code == 500)
        #expect(calls.withLock { $0 } == 2, "a failure is not cached")
    }

    @Test("waiters of one flight share one render; each gets its own 304 or 200")
    func waitersShareOneRender() throws {
        let pipeline = PipelineTestSupport.pipeline()
        let calls = Locked(0)
        let gate = DispatchSemaphore(value: 0)
        let job = ControlledJob("Shared", calls: calls, gate: gate)
        let first = PipelineTestSupport.answer(pipeline, ControlledJob("Shared", calls: Locked(0)), "/warm")
        let etag = try #require(first.response.header("ETag"))
        pipeline.cache.answers.removeAll()
        let answers = Answers()
        _ = pipeline.answer(job, for: PipelineTestSupport.request("/a", answers: answers))
        _ = pipeline.answer(job, for: PipelineTestSupport.request("/b", answers: answers, ifNoneMatch: [Substring(etag)]))
        gate.signal()
        answers.wait(2)
        #expect(Set(answers.all.map(\.response.status.code)) == [200, 304])
        #expect(answers.all.allSatisfy { $0.note == .miss })
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("requests for one new key from many threads at once start exactly one render")
    func concurrentSingleFlight() {
        let pipeline = PipelineTestSupport.pipeline(threads: 2)
        let calls = Locked(0)
        let gate = DispatchSemaphore(value: 0)
        let job = ControlledJob("Stampede", calls: calls, gate: gate)
        let answers = Answers()
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            _ = pipeline.answer(job, for: PipelineTestSupport.request("/avatar/Stampede?\(index)", answers: answers))
        }
        gate.signal()
        answers.wait(64)
        #expect(calls.withLock { $0 } == 1)
        #expect(answers.all.allSatisfy { $0.response.status.code == 200 })
        // One render: every waiter's response shares one body (each carries the answer's
        // memory reservation to its own connection).
        #expect(Set(answers.all.map { $0.response.body.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } }).count == 1, "one shared body")
        #expect(pipeline.flights.count == 0)
    }

    @Test("past the deadline counted from arrival, the request gets 503 with Retry-After, never silence")
    func deadlineFromArrival() {
        let metrics = Metrics()
        let pipeline = PipelineTestSupport.pipeline(renderTimeout: .seconds(2), metrics: metrics)
        let calls = Locked(0)
        let answers = Answers()
        let arrival = ContinuousClock.now - .seconds(3)
        _ = pipeline.answer(ControlledJob("Late", calls: calls), for: PipelineTestSupport.request("/late", answers: answers, arrival: arrival))
        answers.wait(1)
        let response = answers.all[0].response
        #expect(response.status.code == 503)
        #expect(response.header("Retry-After") == "1")
        #expect(calls.withLock { $0 } == 0, "no render is started for a request past its deadline")
        #expect(metrics.overloadRefusals.value == 1)
    }

    @Test("outside work that never calls back is given up at its deadline: the fallback is answered and not kept")
    func gatherDeadline() {
        let pipeline = PipelineTestSupport.pipeline()
        let answers = Answers()
        let job = NeverGatheringJob(budget: .seconds(5))
        // Arrived 5 s ago with a 5 s budget: the gather deadline is now.
        let request = PipelineTestSupport.request("/never", answers: answers, arrival: .now - .seconds(5))
        guard case .deferred = pipeline.answer(job, for: request) else {
            Issue.record("must be deferred")
            return
        }
        answers.wait(1)
        #expect(answers.all[0].response.status.code == 200)
        #expect(answers.all[0].response.text == "late")
        #expect(pipeline.cache.answer(for: job.key) == nil)
        #expect(pipeline.flights.count == 0)
    }

    @Test("a full render queue is 503 at once; the queue depth and the refusal are in /metrics")
    func fullQueue() {
        let metrics = Metrics()
        let pipeline = PipelineTestSupport.pipeline(threads: 1, queue: 1, metrics: metrics)
        metrics.attach(renderQueueDepth: { [pool = pipeline.pool] in pool.depth })
        let gate = DispatchSemaphore(value: 0)
        let running = Answers()
        let started = DispatchSemaphore(value: 0)
        // Occupies the only worker until the gate opens; then one job fills the queue.
        _ = pipeline.answer(ControlledJob("Busy", gate: gate, started: started), for: PipelineTestSupport.request("/busy", answers: running))
        started.wait()
        let queued = Answers()
        _ = pipeline.answer(ControlledJob("Queued", gate: gate), for: PipelineTestSupport.request("/queued", answers: queued))
        #expect(pipeline.pool.depth == 1)
        let refused = PipelineTestSupport.answer(pipeline, ControlledJob("Refused"), "/refused")
        #expect(refused.response.status.code == 503)
        #expect(refused.response.header("Retry-After") == "1")
        let text = metrics.exposition()
        #expect(text.contains("monogram_render_queue_depth 1\n"))
        #expect(text.contains(#"monogram_overload_refusals_total 1"#))
        gate.signal()
        gate.signal()
        running.wait(1)
        queued.wait(1)
        #expect(running.all[0].response.status.code == 200)
        #expect(queued.all[0].response.status.code == 200)
    }

    @Test("a hit never reaches the admission step; a miss does, once")
    func admissionOnlyForMisses() {
        let admission = CountingAdmission()
        let pipeline = PipelineTestSupport.pipeline(admission: admission)
        let miss = PipelineTestSupport.answer(pipeline, ControlledJob("Budget"), "/budget")
        let hit = PipelineTestSupport.answer(pipeline, ControlledJob("Budget"), "/budget?again")
        #expect(miss.note == .miss)
        #expect(hit.note == .hit)
        #expect(hit.response.body.withUnsafeBufferPointer { $0.baseAddress } == miss.response.body.withUnsafeBufferPointer { $0.baseAddress })
        // The miss's answer holds its bytes in the memory budget until written; the hit's are the cache's.
        #expect(miss.response.reservation != nil)
        #expect(hit.response.reservation == nil)
        #expect(admission.asked.withLock { $0 } == 1)
    }

    @Test("a request that joins a render in flight is not charged: only the one that starts it")
    func admissionNotForWaiters() {
        let admission = CountingAdmission()
        let pipeline = PipelineTestSupport.pipeline(admission: admission)
        let gate = DispatchSemaphore(value: 0)
        let job = ControlledJob("Joined", gate: gate)
        let answers = Answers()
        for index in 0..<5 { _ = pipeline.answer(job, for: PipelineTestSupport.request("/j\(index)", answers: answers)) }
        gate.signal()
        answers.wait(5)
        #expect(admission.asked.withLock { $0 } == 1)
    }

    @Test("the cache charges each answer its bytes and each alias its strings, within the budget")
    func byteAccounting() throws {
        let pipeline = PipelineTestSupport.pipeline(cacheBytes: 64 * 1024)
        let job = ControlledJob("Bytes")
        _ = PipelineTestSupport.answer(pipeline, job, "/avatar/Bytes")
        let stored = try #require(pipeline.cache.answer(for: job.key))
        #expect(pipeline.cache.answers.stats.bytes == stored.cost(keyBytes: job.key.storageBytes))
        #expect(pipeline.cache.aliases.stats.bytes == "/avatar/Bytes".utf8.count + job.key.storageBytes + 192)
        for index in 0..<500 { _ = PipelineTestSupport.answer(pipeline, ControlledJob("Many \(index)"), "/m\(index)") }
        #expect(pipeline.cache.answers.stats.bytes <= pipeline.cache.answers.maxBytes)
        #expect(pipeline.cache.aliases.stats.bytes <= pipeline.cache.aliases.maxBytes)
        #expect(pipeline.cache.answers.maxBytes + pipeline.cache.aliases.maxBytes == 64 * 1024)
    }

    @Test("an answer that depends on a picture is served only while its outcome holds")
    func expiringAnswers() {
        let cache = AnswerCache(maxBytes: 1 << 20)
        let key = AnswerKey.avatar(AvatarOptions(), name: "Expiring")
        let response = HTTPResponse(status: .ok, headers: [], body: [1])
        let now = ContinuousClock.now
        cache.store(StoredAnswer(response: response, notModified: nil, etag: nil, expires: now - .seconds(1)), for: key, target: "/x")
        #expect(cache.answer(for: key) == nil, "an expired answer is not stored")
        let fresh = StoredAnswer(response: response, notModified: nil, etag: nil, expires: now + .seconds(3600))
        cache.store(fresh, for: key, target: "/x")
        #expect(cache.answer(forTarget: "/x") === fresh)
        #expect(!fresh.isFresh(at: now + .seconds(3601)))
    }
}
