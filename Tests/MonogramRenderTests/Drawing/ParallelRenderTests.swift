import MonogramCore
import MonogramSync
import Testing
@testable import MonogramRender

#if canImport(Glibc)
    import Glibc
#endif

@Suite("parallel rendering")
struct ParallelRenderTests {
    static let specs: [AvatarSpec] = [
        Fixture.spec("JR"), Fixture.spec("小明", shape: .circle), Fixture.spec("سع", shape: .rounded(radius: 0.3)),
        Fixture.spec("👩‍👩‍👧", shape: .mask(name: "squircle")), Fixture.spec("प्र", size: 96), Fixture.spec(nil, size: 200),
        Fixture.spec("WMW", fontScale: 1.0, bold: false), Fixture.spec("민준", shape: .mask(name: "hexagon")),
    ]

    /// Each thread keeps results in its own slot; the array is read only after every join.
    /// Each thread's outputs. Writes to distinct elements of one Swift array still race on the
    /// array itself (ThreadSanitizer saw it), so they go through a lock.
    final class Results: Sendable {
        private let storage: Locked<[[[UInt8]]]>
        init(count: Int) { storage = Locked(Array(repeating: [], count: count)) }
        func store(_ outputs: [[UInt8]], at index: Int) { storage.withLock { $0[index] = outputs } }
        var slots: [[[UInt8]]] { storage.withLock { $0 } }
    }

    @Test("8 threads rendering the same specs produce the same bytes as a serial render")
    func eightThreads() throws {
        let serial = try Self.specs.flatMap { spec in
            [try Fixture.renderer.render(spec, format: .png), try Fixture.renderer.render(spec, format: .svg)]
        }
        let threadCount = 8, rounds = 3
        let results = Results(count: threadCount)
        // Real threads, not tasks: each gets its own pango state, which is the point here.
        var threads: [pthread_t] = []
        for index in 0..<threadCount {
            let context = Unmanaged.passRetained(Box(index: index, results: results, rounds: rounds)).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(&thread, nil, { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                var outputs: [[UInt8]] = []
                for round in 0..<box.rounds {
                    // Each thread starts at a different spec so different specs overlap in time.
                    for offset in 0..<ParallelRenderTests.specs.count {
                        let spec = ParallelRenderTests.specs[(offset + box.index + round) % ParallelRenderTests.specs.count]
                        outputs.append((try? Fixture.renderer.render(spec, format: .png)) ?? [])
                        outputs.append((try? Fixture.renderer.render(spec, format: .svg)) ?? [])
                    }
                }
                box.results.store(outputs, at: box.index)
                return nil
            }, context)
            #expect(created == 0)
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }

        let count = Self.specs.count
        for (index, outputs) in results.slots.enumerated() {
            #expect(outputs.count == rounds * count * 2)
            for round in 0..<rounds {
                for offset in 0..<count {
                    let specIndex = (offset + index + round) % count
                    let at = (round * count + offset) * 2
                    let samePNG = outputs[at] == serial[specIndex * 2]
                    let sameSVG = outputs[at + 1] == serial[specIndex * 2 + 1]
                    #expect(samePNG, "thread \(index) PNG of spec \(specIndex)")
                    #expect(sameSVG, "thread \(index) SVG of spec \(specIndex)")
                }
            }
        }
    }

    final class Box: @unchecked Sendable {
        // Invariant: immutable apart from `results`, whose own invariant is stated above.
        let index: Int, results: Results, rounds: Int
        init(index: Int, results: Results, rounds: Int) {
            self.index = index
            self.results = results
            self.rounds = rounds
        }
    }
}
