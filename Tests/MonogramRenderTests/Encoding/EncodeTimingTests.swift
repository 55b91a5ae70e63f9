import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import MonogramCore
import Testing
@testable import MonogramRender
import MonogramRenderTestSupport

/// Bytes and encode time per format, and the old PNG encoder against the new one, on the same
/// drawing. Off by default (timings on a shared box are noise, not a test):
///     MONOGRAM_BENCH=1 swift test -c release --filter EncodeTiming
/// Prints markdown rows for docs/benchmarks.md: medians of `rounds` encodes, one thread.
@Suite("encode timing", .enabled(if: ProcessInfo.processInfo.environment["MONOGRAM_BENCH"] == "1"))
struct EncodeTimingTests {
    /// Median CPU time of this thread per call, in µs: CPU time, not wall time, so other
    /// processes on the shared cores inflate it far less (cache and frequency effects remain).
    static func median(_ body: () throws -> Void, rounds: Int) rethrows -> Double {
        var samples: [Double] = []
        for _ in 0..<rounds {
            let start = threadCPUNanoseconds()
            try body()
            samples.append(Double(threadCPUNanoseconds() - start) / 1000)
        }
        return samples.sorted()[samples.count / 2]
    }

    static func threadCPUNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    static func format(_ micros: Double) -> String {
        micros >= 10_000 ? String(format: "%.1f ms", micros / 1000) : String(format: "%.0f µs", micros)
    }

    @Test("prints bytes and encode time per format at 64–512 px, dpr 1 and 2")
    func perFormat() throws {
        print("| avatar | pixels | PNG before (libpng) | PNG now (libdeflate) | WebP | AVIF |")
        print("|---|---|---|---|---|---|")
        for shape in [Shape.square, .circle] {
            for size in [64, 128, 256, 512] {
                for dpr in [1, 2] {
                    let side = size * dpr
                    let spec = Fixture.spec("JR", size: side, shape: shape)
                    let rounds = side <= 256 ? 200 : side <= 512 ? 40 : 10
                    let row = try Fixture.renderer.withSurface(spec) { (surface) throws(RenderError) -> String in
                        var cells: [String] = []
                        func measure(_ encode: () throws(RenderError) -> [UInt8], rounds: Int) throws(RenderError) {
                            let bytes = try encode()
                            var failure: RenderError? = nil
                            let micros = EncodeTimingTests.median({
                                do throws(RenderError) { _ = try encode() } catch { failure = error }
                            }, rounds: rounds)
                            if let failure { throw failure }
                            cells.append("\(bytes.count) B, \(EncodeTimingTests.format(micros))")
                        }
                        try measure({ () throws(RenderError) in try PNGCodec.encodeWithLibpng(surface) }, rounds: rounds)
                        try measure({ () throws(RenderError) in
                            var pixels = try StraightPixels(surface, allowIndexed: true)
                            return try PNGWriter.encode(&pixels)
                        }, rounds: rounds)
                        try measure({ () throws(RenderError) in
                            var pixels = try StraightPixels(surface, allowIndexed: false)
                            return try WebPCodec.encode(&pixels)
                        }, rounds: rounds)
                        try measure({ () throws(RenderError) in
                            var pixels = try StraightPixels(surface, allowIndexed: false)
                            return try AVIFCodec.encode(&pixels)
                        }, rounds: max(3, rounds / 20))
                        return cells.joined(separator: " | ")
                    }
                    print("| JR \(shape) \(size) px dpr \(dpr) | \(side)² | \(row) |")
                }
            }
        }
    }

    @Test("prints the worst allowed AVIF encode (1024²) and a whole render per format at 128 px")
    func worstCase() throws {
        for side in [512, 1024] {
            let big = Fixture.spec("JR", size: side, shape: .circle)
            let micros = try EncodeTimingTests.median({
                _ = try Fixture.renderer.withSurface(big) { (surface) throws(RenderError) in
                    var pixels = try StraightPixels(surface, allowIndexed: false)
                    return try AVIFCodec.encode(&pixels)
                }
            }, rounds: 3)
            print("encode timing: AVIF \(side)² circle, draw + encode: \(EncodeTimingTests.format(micros))")
        }
        // The avatar bench/baseline.c draws (Noto Sans regular "JR" on Jane Roe's colour): compare
        // with its cpu_us_per_render run right after (docs/benchmarks.md).
        let baseline = AvatarSpec(
            pixelSize: 128, shape: .circle, background: RGBA(red: 0x79, green: 0x55, blue: 0x48), foreground: .white,
            content: .initials("JR"), fontFamily: "Noto Sans", bold: false, fontScale: 0.5)
        let now = try EncodeTimingTests.median({ _ = try Fixture.renderer.render(baseline, format: .png) }, rounds: 2000)
        let before = try EncodeTimingTests.median({
            _ = try Fixture.renderer.withSurface(baseline) { (surface) throws(RenderError) in try PNGCodec.encodeWithLibpng(surface) }
        }, rounds: 2000)
        print("encode timing: baseline avatar (128 px circle JR, Noto Sans) draw + PNG: \(EncodeTimingTests.format(now)) now, \(EncodeTimingTests.format(before)) with libpng")
        for shape in [Shape.square, .circle] {
            let spec = Fixture.spec("JR", size: 128, shape: shape)
            for format in [ImageFormat.png, .webp, .avif, .svg] {
                let t = try EncodeTimingTests.median({ _ = try Fixture.renderer.render(spec, format: format) }, rounds: format == .avif ? 20 : 400)
                print("encode timing: render 128 px \(shape) \(format): \(EncodeTimingTests.format(t))")
            }
            let old = try EncodeTimingTests.median({
                _ = try Fixture.renderer.withSurface(spec) { (surface) throws(RenderError) in try PNGCodec.encodeWithLibpng(surface) }
            }, rounds: 400)
            print("encode timing: render 128 px \(shape) png with the libpng encoder: \(EncodeTimingTests.format(old))")
            let drawing = try EncodeTimingTests.median({ _ = try Fixture.renderer.withSurface(spec) { (_) throws(RenderError) in 0 } }, rounds: 400)
            print("encode timing: draw only 128 px \(shape): \(EncodeTimingTests.format(drawing))")
        }
    }
}
