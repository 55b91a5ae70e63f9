import Glibc

/// Facts about this process for `process_*` metrics, read from `/proc` when scraped.
enum ProcessStats {
    /// Resident set size in bytes: the second field of `/proc/self/statm` (pages).
    static func residentBytes() -> Int? {
        guard let text = read("/proc/self/statm") else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Unix time the process started: boot time (`btime` in `/proc/stat`) plus field 22 of
    /// `/proc/self/stat` (clock ticks after boot), so it is right however late it is asked.
    static func startTime() -> Double? {
        guard let stat = read("/proc/self/stat"), let close = stat.lastIndex(of: ")"),
            let system = read("/proc/stat")
        else { return nil }
        // Fields after the command name start with field 3 (state); field 22 is index 19.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        guard let line = system.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
            let boot = Double(line.dropFirst(6).trimmingPrefix(while: { $0 == " " }))
        else { return nil }
        return boot + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// A small text file from `/proc` (their sizes are reported as 0, so read until EOF).
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
