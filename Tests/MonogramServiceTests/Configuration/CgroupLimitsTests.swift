import Foundation
@testable import MonogramService
import Testing

/// Reading the memory limit and CPU quota from a cgroup tree (a folder made by the test).
@Suite struct CgroupLimitsTests {
    @Test("own paths: v2's 0:: line, v1's memory and cpu controllers")
    func paths() {
        let text = "12:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n0::/system.slice/monogram.service\n"
        let paths = CgroupLimits.ownPaths(text)
        #expect(paths.unified == "/system.slice/monogram.service")
        #expect(paths.memory == "/docker/abc")
        #expect(paths.cpu == "/docker/abc")
        #expect(CgroupLimits.ownPaths("garbage\n::\n").unified == "/")
        #expect(CgroupLimits.ancestors("/r", "/a/b") == ["/r/a/b", "/r/a", "/r"])
        #expect(CgroupLimits.ancestors("/r", "/") == ["/r"])
    }

    @Test("values: max and v1's huge number are no limit; quotas round up to whole CPUs")
    func values() {
        #expect(CgroupLimits.memoryLimit("1073741824\n") == 1_073_741_824)
        #expect(CgroupLimits.memoryLimit("max\n") == nil)
        #expect(CgroupLimits.memoryLimit("9223372036854771712") == nil)
        #expect(CgroupLimits.memoryLimit("-3") == nil)
        #expect(CgroupLimits.cpuQuota(v2: "150000 100000\n") == 2)
        #expect(CgroupLimits.cpuQuota(v2: "max 100000") == nil)
        #expect(CgroupLimits.cpuQuota(quota: "-1", period: "100000") == nil)
        #expect(CgroupLimits.cpuQuota(quota: "50000", period: "100000") == 1)
    }

    @Test("the smallest limit on the way from this cgroup to the root wins")
    func tree() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cgroup-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let own = root + "/system.slice/monogram.service"
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        try "max\n".write(toFile: own + "/memory.max", atomically: true, encoding: .utf8)
        try "536870912\n".write(toFile: root + "/system.slice/memory.max", atomically: true, encoding: .utf8)
        try "200000 100000\n".write(toFile: own + "/cpu.max", atomically: true, encoding: .utf8)
        let selfFile = root + "/self"
        try "0::/system.slice/monogram.service\n".write(toFile: selfFile, atomically: true, encoding: .utf8)
        let limits = CgroupLimits.read(root: root, selfCgroup: selfFile)
        #expect(limits.memory == 536_870_912)
        #expect(limits.cpus == 2)
        #expect(CgroupLimits.read(root: root + "/none", selfCgroup: selfFile) == CgroupLimits())
    }
}
