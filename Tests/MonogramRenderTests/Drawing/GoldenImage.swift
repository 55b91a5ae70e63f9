import Foundation
import Testing
@testable import MonogramRender
import MonogramRenderTestSupport

/// Golden images compared as decoded pixels, never bytes: zlib or libpng updates change the
/// bytes of identical pictures, and small font-rasteriser changes move a few edge pixels.
enum GoldenImage {
    /// Per-channel difference still counted as equal.
    static let channelTolerance = 8
    /// Fraction of pixels allowed to differ by more than the tolerance.
    static let differingPixelBudget = 0.005

    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Recording writes into the source tree (not the copy in the test bundle).
    static let sourceDirectory = Fixture.repositoryRoot + "/Tests/MonogramRenderTests/Goldens"
    static let failuresDirectory = FileManager.default.temporaryDirectory.path + "/MonogramRenderFailures"

    /// Compares `image` with `Goldens/<name>.png`, or rewrites it under RECORD_GOLDENS=1.
    static func check(_ image: RGBAImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if isRecording {
            try write(image, to: sourceDirectory + "/\(name).png")
            return
        }
        guard let url = Bundle.module.resourceURL?.appendingPathComponent("Goldens/\(name).png"),
            let data = FileManager.default.contents(atPath: url.path)
        else {
            Issue.record("no golden \(name).png: run RECORD_GOLDENS=1 swift test", sourceLocation: sourceLocation)
            return
        }
        let golden = try PNGCodec.decode([UInt8](data))
        guard golden.width == image.width, golden.height == image.height else {
            try writeFailure(image, diff: nil, name: name)
            Issue.record(
                "\(name): size \(image.width)×\(image.height), golden \(golden.width)×\(golden.height)",
                sourceLocation: sourceLocation)
            return
        }
        let (differing, diff) = compare(image, golden)
        let budget = Int(Double(image.width * image.height) * differingPixelBudget)
        if differing > budget {
            let path = try writeFailure(image, diff: diff, name: name)
            Issue.record(
                "\(name): \(differing) pixels differ (budget \(budget)); actual and diff in \(path)",
                sourceLocation: sourceLocation)
        }
    }

    /// Counts pixels off by more than the tolerance; the diff shows them red over a faded copy.
    static func compare(_ actual: RGBAImage, _ golden: RGBAImage) -> (Int, RGBAImage) {
        var diff = RGBAImage(width: actual.width, height: actual.height)
        var differing = 0
        for i in stride(from: 0, to: actual.pixels.count, by: 4) {
            let off = (0..<4).contains { abs(Int(actual.pixels[i + $0]) - Int(golden.pixels[i + $0])) > channelTolerance }
            if off {
                differing += 1
                diff.pixels.replaceSubrange(i..<i + 4, with: [255, 0, 0, 255])
            } else {
                let grey = UInt8((Int(actual.pixels[i]) + Int(actual.pixels[i + 1]) + Int(actual.pixels[i + 2])) / 12 + 160)
                diff.pixels.replaceSubrange(i..<i + 4, with: [grey, grey, grey, 255])
            }
        }
        return (differing, diff)
    }

    static func write(_ image: RGBAImage, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(PNGCodec.encode(image)).write(to: URL(fileURLWithPath: path))
    }

    @discardableResult
    private static func writeFailure(_ image: RGBAImage, diff: RGBAImage?, name: String) throws -> String {
        try write(image, to: failuresDirectory + "/\(name).actual.png")
        if let diff { try write(diff, to: failuresDirectory + "/\(name).diff.png") }
        print("golden mismatch: \(failuresDirectory)/\(name).actual.png")
        return failuresDirectory
    }
}
