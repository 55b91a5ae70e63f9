import MonogramCore
import Testing
@testable import MonogramRender

/// The answer cache counts an image's `count` bytes; what it keeps alive is the array's
/// capacity. The PNG writer sizes its buffer for the worst case, so it must hand back a buffer
/// of about the PNG's size, or a full cache holds several times its bound (seen in `make bench`
/// as RSS − cache bound ≈ 570 MiB with a 64 MiB cache).
@Suite("encoded images keep no worst-case buffer")
struct EncoderCapacityTests {
    @Test("a PNG's buffer is not much larger than the PNG", arguments: [
        Fixture.spec("JR", size: 128, shape: .circle), Fixture.spec("JR", size: 128, shape: .square),
        Fixture.spec("JR", size: 512, shape: .circle), Fixture.spec(" ", size: 64, shape: .square),
    ])
    func pngCapacity(_ spec: AvatarSpec) throws {
        let png = try Fixture.renderer.render(spec, format: .png)
        #expect(png.capacity <= png.count + png.count / 4 + 64, "\(png.count) bytes in a buffer of \(png.capacity)")
    }
}
