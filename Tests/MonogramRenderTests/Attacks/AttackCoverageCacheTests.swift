import MonogramCore
import MonogramSync
import Testing
@testable import MonogramRender

#if canImport(Glibc)
    import Glibc
#endif

/// Attacks on the outline coverage cache shared by every render thread: many threads asking
/// for many sides and shapes at once (some the same key at the same moment, some new radii
/// every time, so the cache starts over while others read it) must each get the pixels a
/// serial render gives. Run under ThreadSanitizer by scripts/test-sanitized.sh.
@Suite("attack: outline coverage cache under concurrent requests")
struct AttackCoverageCacheTests {
    /// Per thread, a mix of shared keys (every thread builds them at once) and radii of its own.
    static func specs(thread: Int) -> [AvatarSpec] {
        var specs: [AvatarSpec] = []
        for step in 0..<24 {
            let side = [1, 2, 3, 16, 17, 31, 32, 64, 65, 128, 5, 9][step % 12]
            let shape: Shape =
                switch step % 4 {
                case 0: .circle
                case 1: .rounded(radius: 0.25)
                case 2: .rounded(radius: Double(thread * 97 + step) / 10_000) // new keys, so the cache grows
                default: .square
                }
            specs.append(Fixture.spec(["JR", "AW", "سع", " "][step % 4], size: side, shape: shape, background: step % 5 == 0 ? .transparent : Fixture.background))
        }
        return specs
    }

    final class Results: Sendable {
        let storage: Locked<[[[UInt8]]]>
        init(count: Int) { storage = Locked(Array(repeating: [], count: count)) }
    }

    final class Job: @unchecked Sendable {
        // Invariant: immutable apart from `results`, which is locked.
        let index: Int, renderer: Renderer, results: Results
        init(index: Int, renderer: Renderer, results: Results) {
            self.index = index
            self.renderer = renderer
            self.results = results
        }
    }

    @Test("threads building, sharing and dropping coverages all get the serial render's bytes")
    func concurrentRequestsMatchSerial() throws {
        let threads = 6
        let serial = try Renderer(configuration: RendererConfiguration(masksDirectory: Fixture.masksDirectory))
        let expected = try (0..<threads).map { index in try Self.specs(thread: index).map { try serial.render($0, format: .png) } }
        // A renderer of its own: its cache starts empty, so the threads race to fill it.
        let shared = try Renderer(configuration: RendererConfiguration(masksDirectory: Fixture.masksDirectory))
        let results = Results(count: threads)
        var handles: [pthread_t] = []
        for index in 0..<threads {
            var thread = pthread_t()
            let created = pthread_create(&thread, nil, { raw in
                let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                var outputs: [[UInt8]] = []
                for _ in 0..<2 {
                    for spec in AttackCoverageCacheTests.specs(thread: job.index) {
                        outputs.append((try? job.renderer.render(spec, format: .png)) ?? [])
                    }
                }
                job.results.storage.withLock { $0[job.index] = outputs }
                return nil
            }, Unmanaged.passRetained(Job(index: index, renderer: shared, results: results)).toOpaque())
            #expect(created == 0)
            handles.append(thread)
        }
        for thread in handles { pthread_join(thread, nil) }
        let slots = results.storage.withLock { $0 }
        for index in 0..<threads {
            #expect(slots[index] == expected[index] + expected[index], "thread \(index)")
        }
    }

    @Test("a coverage written into an image whose stride is wider than its side stays in each row")
    func paintKeepsToItsRows() throws {
        for side in [1, 2, 3, 7, 64] {
            let painter = AvatarPainter(spec: Fixture.spec(nil, size: side, shape: .circle), mask: nil)
            let coverage = try OutlineCoverage(of: painter)
            let stride = (side + 3) * 4
            var memory = [UInt32](repeating: 0xDEAD_BEEF, count: (side + 3) * (side + 1))
            memory.withUnsafeMutableBytes { coverage.paint(opaque: Fixture.background, into: $0.baseAddress!, stride: stride) }
            for y in 0..<side + 1 {
                for x in 0..<side + 3 where x >= side || y >= side {
                    #expect(memory[y * (side + 3) + x] == 0xDEAD_BEEF, "\(side) px: wrote (\(x), \(y))")
                }
            }
        }
    }
}
