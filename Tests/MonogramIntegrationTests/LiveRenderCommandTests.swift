import Foundation
import Testing

/// The built `monogram render`: stdout for `-o -`, one line and exit 2 for a refused request.
@Suite("monogram render, live")
struct LiveRenderCommandTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MonogramProcess.binaryPath)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MONOGRAM_") }
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
}
