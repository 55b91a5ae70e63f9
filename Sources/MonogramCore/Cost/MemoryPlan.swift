/// What one process may hold, term by term, and the work-memory budget that keeps the sum
/// under the machine's limit (issue 21): the README's memory formula as arithmetic.
///
///     memory = fixed + workers × per-worker + cache.max_bytes + pictures.cache_bytes
///            + server.max_connections × per-connection + work memory
///
/// Work memory is the one process-wide `MemoryBudget` every request reserves its peak from
/// (decoded pictures, surfaces, encoders, answers until written). With a container limit and
/// no `limits.work_memory`, it is what the limit leaves after the other terms and a margin;
/// without a limit it is the configured value or the default. Start-up is refused when the
/// largest request the configuration allows could not fit.
public struct MemoryPlan: Sendable, Hashable {
    /// Swift runtime, fontconfig and pango, loops, file-backed pages of libraries and fonts
    /// (measured 40.3 MiB over a full, evicting cache).
    public static let fixedBytes = 48 << 20
    /// Each render thread's pango and cairo state and stack.
    public static let perWorkerBytes = 4 << 20
    /// Part of a container limit kept free for what the terms round away.
    public static let marginPercent = 10
    /// Part of the work memory the budget does not hand out: the allocator's slack around what
    /// requests reserve (growing arrays, arenas), measured at ~4 % of the reserved bytes.
    public static let slackPercent = 10

    /// The budget requests reserve from: the work memory less the allocator's slack.
    public static func budget(ofWork bytes: Int) -> Int { bytes - bytes / 100 * slackPercent }

    /// Work memory whose budget holds `bytes`.
    static func work(forBudget bytes: Int) -> Int { bytes * 100 / (100 - slackPercent) + 1 }

    public struct Inputs: Sendable, Hashable {
        /// The cgroup memory limit in bytes; nil when there is none.
        public var limit: Int?
        /// Render threads.
        public var workers: Int
        public var cacheBytes: Int
        public var pictureCacheBytes: Int
        public var maxConnections: Int
        /// A connection's buffers: the request head it may buffer, and bookkeeping.
        public var connectionBytes: Int
        /// `limits.work_memory`; 0 derives it.
        public var workMemory: Int
        /// `render.max_size`: the largest render is (4 × it)² pixels.
        public var maxSize: Int
        /// `pictures.max_pixels`: the largest picture decoded.
        public var maxPicturePixels: Int
        /// `pictures.decode_memory`: the default's share for decodes without a limit.
        public var decodeMemory: Int
        /// `limits.max_answer_bytes`.
        public var maxAnswerBytes: Int

        public init(
            limit: Int?, workers: Int, cacheBytes: Int, pictureCacheBytes: Int, maxConnections: Int, connectionBytes: Int,
            workMemory: Int, maxSize: Int, maxPicturePixels: Int, decodeMemory: Int, maxAnswerBytes: Int
        ) {
            self.limit = limit
            self.workers = workers
            self.cacheBytes = cacheBytes
            self.pictureCacheBytes = pictureCacheBytes
            self.maxConnections = maxConnections
            self.connectionBytes = connectionBytes
            self.workMemory = workMemory
            self.maxSize = maxSize
            self.maxPicturePixels = maxPicturePixels
            self.decodeMemory = decodeMemory
            self.maxAnswerBytes = maxAnswerBytes
        }
    }

    public let inputs: Inputs
    /// Every term but work memory.
    public let baseBytes: Int
    /// The work-memory budget's capacity.
    public let workBytes: Int
    /// The largest peak one allowed request reserves (it must fit in `budgetBytes`).
    public let largestRequestBytes: Int

    /// What requests may reserve: `workBytes` less the allocator's slack.
    public var budgetBytes: Int { MemoryPlan.budget(ofWork: workBytes) }

    /// The whole formula: what VmHWM stays under, and what a container must allow.
    public var totalBytes: Int { baseBytes + workBytes }

    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The limit does not hold the fixed terms plus the largest request.
        case limitTooSmall(limit: Int, needed: Int)
        /// `limits.work_memory` is set smaller than the largest request.
        case workMemoryTooSmall(configured: Int, needed: Int)

        public var description: String {
            switch self {
            case let .limitTooSmall(limit, needed):
                "the memory limit of \(MemoryPlan.mebibytes(limit)) cannot hold this configuration, which needs at least "
                    + "\(MemoryPlan.mebibytes(needed)) (README, Memory): raise the limit, or lower render.max_size, "
                    + "cache.max_bytes, pictures.cache_bytes or server.max_connections"
            case let .workMemoryTooSmall(configured, needed):
                "limits.work_memory \(MemoryPlan.mebibytes(configured)) is below the largest request allowed, "
                    + "\(MemoryPlan.mebibytes(needed)): raise it, or lower render.max_size or pictures.max_pixels"
            }
        }
    }

    public init(_ inputs: Inputs) throws(Refusal) {
        self.inputs = inputs
        let base = MemoryPlan.fixedBytes + max(1, inputs.workers) * MemoryPlan.perWorkerBytes + inputs.cacheBytes
            + inputs.pictureCacheBytes + inputs.maxConnections * inputs.connectionBytes
        baseBytes = base
        let largest = MemoryPlan.largestRequest(
            maxSize: inputs.maxSize, maxPicturePixels: inputs.maxPicturePixels, maxAnswerBytes: inputs.maxAnswerBytes,
            decodeMemory: inputs.decodeMemory)
        largestRequestBytes = largest
        if inputs.workMemory > 0 {
            guard MemoryPlan.budget(ofWork: inputs.workMemory) >= largest else {
                throw .workMemoryTooSmall(configured: inputs.workMemory, needed: MemoryPlan.work(forBudget: largest))
            }
            workBytes = inputs.workMemory
            if let limit = inputs.limit, base + inputs.workMemory > limit {
                throw .limitTooSmall(limit: limit, needed: base + inputs.workMemory)
            }
            return
        }
        guard let limit = inputs.limit else {
            // No limit to fit: the render working sets of every worker at the largest size, plus
            // the picture decodes' share (the formula before issue 21).
            let side = 4 * inputs.maxSize
            workBytes = max(
                MemoryPlan.work(forBudget: largest), max(1, inputs.workers) * CostTable.surfaceBytesPerPixel * side * side + inputs.decodeMemory)
            return
        }
        let usable = limit - limit / 100 * MemoryPlan.marginPercent
        guard MemoryPlan.budget(ofWork: usable - base) >= largest else {
            let needed = base + MemoryPlan.work(forBudget: largest)
            throw .limitTooSmall(limit: limit, needed: needed * 100 / (100 - MemoryPlan.marginPercent) + 1)
        }
        workBytes = usable - base
    }

    /// The largest peak a request can reserve: a render at (4 × `maxSize`)² pixels in the most
    /// expensive way whose answer still fits `maxAnswerBytes` (else it is refused with a 400
    /// before reserving anything), or the decode of the largest picture, whichever is more.
    public static func largestRequest(maxSize: Int, maxPicturePixels: Int, maxAnswerBytes: Int, decodeMemory: Int = Int.max) -> Int {
        let side = 4 * max(1, maxSize)
        var largest = 0
        for format in [OutputFormat.png, .svg, .webp, .avif, .jpeg] {
            for picture in [false, true] {
                var pixels = side * side
                if format == .webp { pixels = min(pixels, OutputFormat.largestWebPPixels) }
                if format == .avif { pixels = min(pixels, OutputFormat.largestAVIFPixels) }
                let edge = Int(Double(pixels).squareRoot())
                let cost = CostModel.avatar(side: edge, masked: true, format: format, picture: picture)
                if cost.outputBytes <= maxAnswerBytes { largest = max(largest, cost.peakBytes) }
            }
        }
        // A decode holds the whole picture and the square cut from it (`PictureHeader.memoryCost`);
        // for a small avatar the square is small. (A decode for a large one that does not fit
        // is drawn with the initials instead, as a picture over `pictures.max_pixels` is.)
        let decode = min(maxPicturePixels * 4 + (4 << 20), decodeMemory)
        return max(largest, decode)
    }

    /// `448 MiB`.
    public static func mebibytes(_ bytes: Int) -> String {
        "\((bytes + (1 << 20) - 1) >> 20) MiB"
    }
}
