import MonogramCore
import MonogramSync
import Testing
@testable import MonogramRender

#if canImport(Glibc)
    import Glibc
#endif

/// Cairo 1.16 (Debian 12) evicts glyph pages of any scaled font from its global page cache
/// (512 pages) without taking that font's lock, so a thread evicting while another reads the
/// same font's glyphs crashes the process. A client reaches it by asking for many text sizes
/// at once (`size`, `dpr` and `font-size` make any number of them). Two threads each drawing
/// a couple of thousand faces of different text sizes crashed within seconds before text was
/// drawn under one lock (`PangoThreadState.withGlyphs`).
@Suite("attack: cairo's glyph cache under concurrent renders of many text sizes")
struct AttackGlyphCacheTests {
    final class Job: @unchecked Sendable {
        // Invariant: immutable apart from `failures`, which is locked.
        let seed: UInt64, format: ImageFormat
        let failures = Locked(0)
        init(seed: UInt64, format: ImageFormat) {
            self.seed = seed
            self.format = format
        }
    }

    @Test("threads drawing thousands of different text sizes at once neither crash nor fail")
    func manyTextSizesAtOnce() {
        let jobs = [Job(seed: 0x1234_5678, format: .png), Job(seed: 0x2345_6789, format: .png), Job(seed: 0x3456_789A, format: .svg)]
        var threads: [pthread_t] = []
        for job in jobs {
            var thread = pthread_t()
            let created = pthread_create(&thread, nil, { raw in
                let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                var random = AttackUnclippedTextTests.Seeded(state: job.seed)
                let texts = ["JR", "AW", "Mi", "小明", "سع"]
                for _ in 0..<(job.format == .svg ? 300 : 1200) {
                    var spec = Fixture.spec(
                        texts[random.next(texts.count)], size: random.next(48) + 8, shape: [.square, .circle][random.next(2)],
                        fontScale: 0.05 + Double(random.next(951)) / 1000, bold: random.next(2) == 0)
                    spec.fontFamily = AttackUnclippedTextTests.families[random.next(AttackUnclippedTextTests.families.count)]
                    if ((try? Fixture.renderer.render(spec, format: job.format)) ?? []).isEmpty { job.failures.withLock { $0 += 1 } }
                }
                return nil
            }, Unmanaged.passRetained(job).toOpaque())
            #expect(created == 0)
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
        for job in jobs { #expect(job.failures.withLock { $0 } == 0) }
    }
}
