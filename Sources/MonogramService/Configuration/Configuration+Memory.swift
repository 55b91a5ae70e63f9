import Glibc
import MonogramCore
import MonogramHTTP
import MonogramPictures

extension Configuration {
    /// What one connection may hold in memory besides the answers (which the cache or the work
    /// memory count): the request-head buffer (`server.max_head_bytes` + 4 KiB), its state, and
    /// its kernel send buffer (2 × `server.send_buffer_bytes`: the kernel doubles `SO_SNDBUF`),
    /// which a client that reads nothing keeps full and the cgroup charges to the process.
    var connectionBytes: Int { server.parserLimits.maxHeadBytes + 4096 + 16384 + 2 * server.sendBufferBytes }

    /// The README's memory formula for this configuration under `limit` (nil: none), with
    /// `workers` render threads.
    func memoryPlan(limit: Int?, workers: Int) throws(MemoryPlan.Refusal) -> MemoryPlan {
        try MemoryPlan(MemoryPlan.Inputs(
            limit: limit, workers: workers, cacheBytes: cache.maxBytes, pictureCacheBytes: pictures.cacheBytes,
            maxConnections: server.maxConnections, connectionBytes: connectionBytes, workMemory: limits.workMemory,
            maxSize: render.maxSize, maxPicturePixels: pictures.maxPixels, decodeMemory: pictures.decodeMemory,
            maxAnswerBytes: limits.maxAnswerBytes))
    }

    /// This configuration fitted to the machine before serving: `render.workers` 0 becomes the
    /// CPUs the process may use (online cores, or fewer under a cgroup CPU quota), and
    /// `limits.work_memory` 0 what the cgroup memory limit leaves (or the default without
    /// one). Throws when the configured maximums cannot fit the limit.
    func fitted(to cgroup: CgroupLimits) throws(MemoryPlan.Refusal) -> (Configuration, MemoryPlan) {
        var fitted = self
        if fitted.render.workers <= 0 {
            let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
            fitted.render.workers = min(online, cgroup.cpus ?? online)
        }
        let plan = try fitted.memoryPlan(limit: cgroup.memory, workers: fitted.render.workers)
        fitted.limits.workMemory = plan.workBytes
        return (fitted, plan)
    }

    /// `limits.work_memory` in force: the configured value, or the default without a limit.
    var workMemoryBytes: Int {
        if limits.workMemory > 0 { return limits.workMemory }
        return (try? memoryPlan(limit: nil, workers: render.workerCount).workBytes) ?? Int.max / 4
    }

    /// What requests may reserve of it (less the allocator's slack).
    var workMemoryBudgetBytes: Int { MemoryPlan.budget(ofWork: workMemoryBytes) }
}
