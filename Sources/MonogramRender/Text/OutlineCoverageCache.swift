internal import MonogramCore
internal import MonogramSync

/// The outlines' coverages by shape and side, shared by every render thread. A few sizes and
/// shapes make up nearly all requests; the cache is bounded anyway (a rounded radius is any
/// number), and starts over when full.
final class OutlineCoverageCache: Sendable {
    /// Coverages are kept for sides up to this; larger faces are drawn with cairo's clip, whose
    /// cost is small next to encoding that many pixels.
    static let largestSide = 1024
    /// Bytes of runs kept before the cache starts over (a 1024 px circle is about 50 KB).
    static let byteBudget = 4 << 20

    private struct Key: Hashable {
        var shape: Shape
        var side: Int
    }

    private struct Entries {
        var coverages: [Key: OutlineCoverage] = [:]
        var bytes = 0
    }

    private let entries = Locked(Entries())

    /// The coverage of `painter`'s outline, nil for masks and for sides over `largestSide`.
    func coverage(for painter: AvatarPainter) throws(RenderError) -> OutlineCoverage? {
        let spec = painter.spec
        if case .mask = spec.shape { return nil }
        guard spec.pixelSize <= Self.largestSide else { return nil }
        let key = Key(shape: spec.shape, side: spec.pixelSize)
        if let cached = entries.withLock({ $0.coverages[key] }) { return cached }
        // Rasterised outside the lock: two threads may both build the same entry once; harmless.
        let coverage = try OutlineCoverage(of: painter)
        entries.withLock { entries in
            if entries.bytes + coverage.byteCount > Self.byteBudget {
                entries.coverages.removeAll(keepingCapacity: true)
                entries.bytes = 0
            }
            if entries.coverages.updateValue(coverage, forKey: key) == nil { entries.bytes += coverage.byteCount }
        }
        return coverage
    }
}
