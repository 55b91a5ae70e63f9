import MonogramCore
import MonogramSync
import Testing

/// The README's memory formula as arithmetic, and the work-memory budget's reservations.
@Suite struct MemoryPlanTests {
    static let mebibyte = 1 << 20

    /// The shipped defaults on 2 workers.
    static func inputs(limit: Int?, workMemory: Int = 0, maxSize: Int = 1024) -> MemoryPlan.Inputs {
        MemoryPlan.Inputs(
            limit: limit, workers: 2, cacheBytes: 64 * mebibyte, pictureCacheBytes: 32 * mebibyte, maxConnections: 1024,
            connectionBytes: 16384 + 4096 + 16384, workMemory: workMemory, maxSize: maxSize, maxPicturePixels: 40_000_000,
            decodeMemory: 192 * mebibyte, maxAnswerBytes: 32 * mebibyte)
    }

    @Test("without a limit, work memory is the workers' largest renders plus the decodes' share")
    func noLimit() throws {
        let plan = try MemoryPlan(Self.inputs(limit: nil))
        #expect(plan.workBytes == 2 * 9 * 4096 * 4096 + 192 * Self.mebibyte)
        #expect(plan.totalBytes == plan.baseBytes + plan.workBytes)
    }

    @Test("a 1 GiB container: work memory is what the limit leaves after the terms and a margin")
    func oneGibibyte() throws {
        let limit = 1024 * Self.mebibyte
        let plan = try MemoryPlan(Self.inputs(limit: limit))
        #expect(plan.totalBytes <= limit)
        #expect(plan.totalBytes >= limit * 9 / 10 - 1)
        #expect(plan.budgetBytes >= plan.largestRequestBytes)
        #expect(plan.budgetBytes < plan.workBytes)
        #expect(plan.baseBytes == MemoryPlan.fixedBytes + 2 * MemoryPlan.perWorkerBytes + 96 * Self.mebibyte + 1024 * 36864)
    }

    @Test("448 MiB cannot hold the defaults: refused, naming what it needs")
    func tooSmall() throws {
        let limit = 448 * Self.mebibyte
        #expect(throws: MemoryPlan.Refusal.self) { try MemoryPlan(Self.inputs(limit: limit)) }
        do {
            _ = try MemoryPlan(Self.inputs(limit: limit))
        } catch {
            guard case .limitTooSmall(let reported, let needed) = error else { Issue.record("\(error)"); return }
            #expect(reported == limit)
            #expect(needed > limit)
            // What it says is enough is enough.
            #expect((try? MemoryPlan(Self.inputs(limit: needed))) != nil)
            #expect(error.description.contains("448 MiB"))
        }
        // A smaller render.max_size fits the same limit.
        #expect((try? MemoryPlan(Self.inputs(limit: limit, maxSize: 512))) != nil)
    }

    @Test("an explicit work_memory must fit the limit and the largest request")
    func explicit() throws {
        let limit = 1024 * Self.mebibyte
        #expect(try MemoryPlan(Self.inputs(limit: limit, workMemory: 400 * Self.mebibyte)).workBytes == 400 * Self.mebibyte)
        #expect(throws: MemoryPlan.Refusal.self) { try MemoryPlan(Self.inputs(limit: limit, workMemory: 1000 * Self.mebibyte)) }
        #expect(throws: MemoryPlan.Refusal.self) { try MemoryPlan(Self.inputs(limit: nil, workMemory: 16 * Self.mebibyte)) }
    }

    @Test("the largest request is a render whose answer is allowed, or a full-size decode")
    func largest() {
        let small = MemoryPlan.largestRequest(maxSize: 1024, maxPicturePixels: 1_000_000, maxAnswerBytes: 32 * Self.mebibyte)
        // A 4096² masked JPEG of a picture: its answer (~1.5 B/px) fits 32 MiB where a PNG's
        // does not, and its picture and surface outweigh any render of initials.
        #expect(small == CostModel.avatar(side: 4096, masked: true, format: .jpeg, picture: true).peakBytes)
        #expect(small > CostModel.avatar(side: 4096, masked: true, format: .png, picture: false).peakBytes)
        let generous = MemoryPlan.largestRequest(maxSize: 1024, maxPicturePixels: 1_000_000, maxAnswerBytes: 1 << 30)
        // Every format's most expensive render counts: SVG embeds the picture as base64.
        #expect(generous == CostModel.avatar(side: 4096, masked: true, format: .svg, picture: true).peakBytes)
        #expect(generous > CostModel.avatar(side: 4096, masked: true, format: .png, picture: true).peakBytes)
        let decodes = MemoryPlan.largestRequest(maxSize: 64, maxPicturePixels: 40_000_000, maxAnswerBytes: 32 * Self.mebibyte)
        #expect(decodes == 160_000_000 + 4 * Self.mebibyte)
    }

    @Test("a reservation gives back what it holds: shrunk, released, or freed")
    func reservations() throws {
        let budget = MemoryBudget(capacity: 1000)
        let deadline = ContinuousClock.now
        var held: MemoryReservation? = try budget.reserve(600, until: deadline)
        #expect(budget.inUse == 600)
        #expect(budget.tryReserve(500) == nil)
        held?.shrink(to: 100)
        #expect(budget.inUse == 100)
        held?.shrink(to: 400)  // never grows
        #expect(held?.bytes == 100)
        let other = budget.tryReserve(900)
        #expect(other != nil)
        #expect(budget.inUse == 1000)
        other?.release()
        other?.release()
        #expect(budget.inUse == 100)
        held = nil
        #expect(budget.inUse == 0)
        #expect(throws: MemoryBudget.Refusal.neverFits) { try budget.reserve(1001, until: deadline) }
        #expect(budget.peak == 1000)
    }
}
