import Foundation
import MonogramCore
import Testing
@testable import MonogramRender

/// A quick timing loop, off by default (timings in a shared CI box are noise, not a test):
///     MONOGRAM_BENCH=1 swift test -c release --filter RenderTiming
@Suite("render timing", .enabled(if: ProcessInfo.processInfo.environment["MONOGRAM_BENCH"] == "1"))
struct RenderTimingTests {
    @Test("prints the mean time per 128 px avatar for typical specs")
    func timing() throws {
        let cases: [(String, AvatarSpec, ImageFormat)] = [
            ("JR square png", Fixture.spec("JR"), .png),
            ("JR circle png", Fixture.spec("JR", shape: .circle), .png),
            ("小明 rounded png", Fixture.spec("小明", shape: .rounded(radius: 0.25)), .png),
            ("سع squircle png", Fixture.spec("سع", shape: .mask(name: "squircle")), .png),
            ("emoji circle png", Fixture.spec("👩‍👩‍👧", shape: .circle), .png),
            ("placeholder png", Fixture.spec(nil, shape: .circle), .png),
            ("JR circle svg", Fixture.spec("JR", shape: .circle), .svg),
        ]
        let iterations = 500
        for (name, spec, format) in cases {
            _ = try Fixture.renderer.render(spec, format: format) // warm the thread's font caches
            var bytes = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations { bytes = try Fixture.renderer.render(spec, format: format).count }
            let micros = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations) / 1000
            print("render timing: \(name): \(String(format: "%.0f", micros)) µs, \(bytes) bytes")
        }
    }
}
