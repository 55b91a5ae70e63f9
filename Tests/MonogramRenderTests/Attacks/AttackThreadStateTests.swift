import MonogramCore
import MonogramSync
import Testing
@testable import MonogramRender

#if canImport(Glibc)
    import Glibc
#endif

/// Attacks on the per-thread pango state (`PangoThreadState`: one layout and font description
/// reused by every render of a thread): a render must give the same bytes as on a thread that
/// never rendered before, whatever the thread drew earlier (other directions, scripts, sizes,
/// weights, families, formats, groups).
@Suite("attack: state carried between renders on one thread")
struct AttackThreadStateTests {
    /// Renders that leave the most behind in a layout, a font description or the context.
    static let earlier: [(AvatarSpec, ImageFormat)] = [
        (Fixture.spec("سع", size: 1024, shape: .circle, fontScale: 1.0, bold: false), .png),
        (Fixture.spec("דכ", size: 16, fontScale: 0.05), .svg),
        (Fixture.spec("👩‍👩‍👧", size: 300, shape: .rounded(radius: 0.2)), .png),
        (Fixture.spec("Ǻ̃̃̃̃̃̃", size: 64, fontScale: 1.0), .webp),
        (Fixture.spec("<b>&amp;</b>", size: 90, shape: .circle, bold: false), .png),
        (Fixture.spec("\u{202E}AB", size: 128, shape: .circle), .svg),
        (Fixture.spec("小明", size: 2048, shape: .square, fontScale: 1.0), .png),
        (Fixture.spec("प्र", size: 48, shape: .mask(name: "squircle")), .png),
        (Fixture.spec(" ", size: 40), .png),
        (Fixture.spec("\u{200F}", size: 40), .png),
    ].map { (spec, format) in
        var spec = spec
        spec.fontFamily = ["Noto Serif", "DejaVu Sans Mono", "Noto Sans"][spec.pixelSize % 3]
        return (spec, format)
    }

    /// Faces whose drawing depends on direction, size, weight and family being set afresh.
    static let later: [(AvatarSpec, ImageFormat)] = [
        (Fixture.spec("JR", size: 128, shape: .circle), .png), (Fixture.spec("AW", size: 32, bold: false), .png),
        (Fixture.spec("JR", size: 64, shape: .rounded(radius: 0.25)), .svg), (Fixture.spec("Mi", size: 200, shape: .circle, fontScale: 0.3), .webp),
        (Fixture.spec("سع", size: 96, shape: .circle), .png), (Fixture.spec("<i>", size: 64), .png),
    ]

    final class Outputs: Sendable {
        let storage = Locked<[[UInt8]]>([])
    }

    /// Runs `body` on a thread of its own (a new `PangoThreadState`) and waits for it.
    static func onNewThread(_ body: @escaping @Sendable () -> [[UInt8]]) -> [[UInt8]] {
        final class Job: @unchecked Sendable {
            // Invariant: `body` is immutable; `outputs` is locked.
            let body: @Sendable () -> [[UInt8]]
            let outputs = Outputs()
            init(_ body: @escaping @Sendable () -> [[UInt8]]) { self.body = body }
        }
        let job = Job(body)
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { raw in
            let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
            let result = job.body()
            job.outputs.storage.withLock { $0 = result }
            return nil
        }, Unmanaged.passRetained(job).toOpaque())
        precondition(created == 0, "pthread_create failed")
        pthread_join(thread, nil)
        return job.outputs.storage.withLock { $0 }
    }

    static func render(_ spec: AvatarSpec, _ format: ImageFormat) -> [UInt8] {
        (try? Fixture.renderer.render(spec, format: format)) ?? []
    }

    @Test("a face gives the bytes of a fresh thread after any earlier render on its thread")
    func laterFacesUnchanged() {
        var failures: [String] = []
        for (index, (spec, format)) in Self.later.enumerated() {
            let fresh = Self.onNewThread { [Self.render(spec, format)] }[0]
            #expect(!fresh.isEmpty)
            let afterEach = Self.onNewThread {
                Self.earlier.map { (before, beforeFormat) in
                    let drawn = Self.render(before, beforeFormat)
                    return drawn.isEmpty ? [] : Self.render(spec, format) // an earlier render that failed shows too
                }
            }
            for (step, bytes) in afterEach.enumerated() where bytes != fresh {
                failures.append("face \(index) after earlier \(step)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }

    @Test("an earlier group leaves nothing behind for a face, nor a face for a group")
    func groupsAndFaces() throws {
        let group = try GroupFixture.resolved(["محمد علي", "Jane Roe", "王小明", "👩‍👩‍👧"], "size=64&border=3")
        let face = Fixture.spec("JR", size: 64, shape: .circle)
        let fresh = Self.onNewThread {
            [Self.render(face, .png), (try? Fixture.renderer.renderGroup(group, format: .png)) ?? []]
        }
        let interleaved = Self.onNewThread {
            let groupFirst = (try? Fixture.renderer.renderGroup(group, format: .svg)) ?? []
            _ = groupFirst
            let faceAfterGroup = Self.render(face, .png)
            _ = Self.render(Fixture.spec("سع", size: 512, fontScale: 1.0), .png)
            return [faceAfterGroup, (try? Fixture.renderer.renderGroup(group, format: .png)) ?? []]
        }
        #expect(!fresh[0].isEmpty && !fresh[1].isEmpty)
        #expect(interleaved[0] == fresh[0], "face after a group")
        #expect(interleaved[1] == fresh[1], "group after other renders")
    }
}
