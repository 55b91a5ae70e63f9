import Foundation

/// The memory limit (and CPU quota) the kernel enforces on this process, read once at start
/// from the cgroup file system: v2's `memory.max` and `cpu.max`, v1's
/// `memory/memory.limit_in_bytes` and `cpu/cpu.cfs_quota_us`, for this process's own cgroup
/// (from `/proc/self/cgroup`) and each parent, the smallest limit winning. `root` is where the
/// hierarchy is mounted (`limits.cgroup_root`), so tests can hand it a folder of their own.
struct CgroupLimits: Sendable, Hashable {
    /// Bytes; nil when unlimited or unknown.
    var memory: Int?
    /// Whole CPUs the quota allows (rounded up); nil when unlimited or unknown.
    var cpus: Int?

    static func read(root: String, selfCgroup: String = "/proc/self/cgroup") -> CgroupLimits {
        let paths = ownPaths((try? String(contentsOfFile: selfCgroup, encoding: .utf8)) ?? "")
        var limits = CgroupLimits()
        // v2: one unified tree (under `unified/` on hybrid hosts).
        for folder in ancestors(root, paths.unified) + ancestors(root + "/unified", paths.unified) {
            limits.memory = smaller(limits.memory, memoryLimit(contents(folder + "/memory.max")))
            limits.cpus = smaller(limits.cpus, cpuQuota(v2: contents(folder + "/cpu.max")))
        }
        // v1: a tree per controller.
        for folder in ancestors(root + "/memory", paths.memory) {
            limits.memory = smaller(limits.memory, memoryLimit(contents(folder + "/memory.limit_in_bytes")))
        }
        for folder in ancestors(root + "/cpu", paths.cpu) {
            limits.cpus = smaller(
                limits.cpus, cpuQuota(quota: contents(folder + "/cpu.cfs_quota_us"), period: contents(folder + "/cpu.cfs_period_us")))
        }
        return limits
    }

    /// This process's cgroup paths: the v2 one (`0::/path`) and v1's memory and cpu ones.
    static func ownPaths(_ text: String) -> (unified: String, memory: String, cpu: String) {
        var paths = (unified: "/", memory: "/", cpu: "/")
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let controllers = fields[1].split(separator: ",")
            let path = String(fields[2])
            if fields[0] == "0", fields[1].isEmpty { paths.unified = path }
            if controllers.contains("memory") { paths.memory = path }
            if controllers.contains("cpu") { paths.cpu = path }
        }
        return paths
    }

    /// `root + path`, then each parent up to `root` itself.
    static func ancestors(_ root: String, _ path: String) -> [String] {
        var parts = path.split(separator: "/").map(String.init)
        var folders: [String] = []
        while true {
            folders.append(root + (parts.isEmpty ? "" : "/" + parts.joined(separator: "/")))
            guard !parts.isEmpty else { return folders }
            parts.removeLast()
        }
    }

    /// `memory.max` / `memory.limit_in_bytes`: a byte count, or `max` (v1 writes a huge number).
    static func memoryLimit(_ text: String?) -> Int? {
        guard let text, let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), value > 0, value < 1 << 60 else {
            return nil
        }
        return value
    }

    /// v2 `cpu.max`: `quota period` or `max period`.
    static func cpuQuota(v2 text: String?) -> Int? {
        guard let fields = text?.split(whereSeparator: \.isWhitespace), fields.count == 2 else { return nil }
        return cpuQuota(quota: String(fields[0]), period: String(fields[1]))
    }

    /// Quota ÷ period, rounded up; nil for `max` or -1 (unlimited).
    static func cpuQuota(quota: String?, period: String?) -> Int? {
        guard let quota = quota.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
            let period = period.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }), quota > 0, period > 0
        else { return nil }
        return max(1, (quota + period - 1) / period)
    }

    private static func contents(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    private static func smaller(_ a: Int?, _ b: Int?) -> Int? {
        switch (a, b) {
        case let (a?, b?): min(a, b)
        case let (a?, nil): a
        case let (nil, b): b
        }
    }
}
