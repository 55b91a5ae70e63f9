import Foundation
import MonogramRender
import Testing

/// The built `monogram render`: stdout for `-o -`, one line and exit 2 for a refused request.
@Suite("monogram render, live")
struct LiveRenderCommandTests {
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MonogramProcess.binaryPath)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MONOGRAM_") }.merging(environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, stdout, String(decoding: stderr, as: UTF8.self))
    }

    @Test("-o - writes the image to stdout and no file named -", arguments: [
        (["--format", "svg"], "<?xml"), (["--format", "json"], "{"), ([], "\u{89}PNG"),
    ])
    func stdout(flags: [String], start: String) throws {
        let result = try Self.run(["render", "Jane Roe", "--size", "32"] + flags + ["-o", "-"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.starts(with: Array(start.unicodeScalars.map { UInt8($0.value) })))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("-").path))
    }

    @Test("an unknown option or a refused picture exits 2 with one line", arguments: [
        (["--picture", "ftp://x"], "monogram: error: render: picture must be an absolute http or https URL\n"),
        (["--sise", "9"], "monogram: error: --sise: not an option of render (see --help)\n"),
    ])
    func refused(flags: [String], line: String) throws {
        let result = try Self.run(["render", "Jane"] + flags + ["-o", "-"])
        #expect(result.status == 2)
        #expect(result.stderr == line)
        #expect(result.stdout.isEmpty)
    }

    @Test("--picture is fetched and drawn as the server draws it, from an allowed origin")
    func picture() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString).json")
        let settings: [String: Any] = ["pictures": ["allowed_hosts": ["127.0.0.1:\(origin.port)"], "connect_timeout": 1, "total_timeout": 2]]
        try JSONSerialization.data(withJSONObject: settings).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        let masks = MonogramProcess.packageRoot + "/config/masks"
        let result = try Self.run([
            "render", "Jane", "--config", config.path, "--size", "48", "--shape", "circle", "--picture", origin.url("/png"), "-o", "-",
        ], environment: ["MONOGRAM_RENDER_MASKS_DIR": masks])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(origin.count("/png") == 1)
        let image = try PNGCodec.decode(Array(result.stdout))
        #expect(image.width == 48)
        // The fixture's quadrants, as LivePictureTests sees the server draw them.
        for (x, y, colour) in [(12, 12, (255, 0, 0)), (36, 12, (0, 200, 0)), (12, 36, (0, 0, 255)), (36, 36, (255, 255, 0))] as [(Int, Int, (Int, Int, Int))] {
            let pixel = image[x, y]
            let close = abs(Int(pixel.red) - colour.0) <= 30 && abs(Int(pixel.green) - colour.1) <= 30 && abs(Int(pixel.blue) - colour.2) <= 30
            #expect(close && pixel.alpha == 255, "(\(x), \(y)): \(pixel)")
        }
    }
}
