import Foundation
import MonogramRender

/// Hashes, directory files and pixel comparison for the /gravatar live tests. The hashes come
/// from coreutils (`md5sum`, `sha256sum`), not from the code under test.
enum GravatarSupport {
    static func md5(_ text: String) -> String { digest("md5sum", text) }
    static func sha256(_ text: String) -> String { digest("sha256sum", text) }
    static func hex(_ text: String) -> String { text }

    static func digest(_ tool: String, _ text: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try? process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    static func writeDirectory(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-directory-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Equal size and every pixel equal.
    static func samePixels(_ a: [UInt8], _ b: [UInt8]) throws -> Bool {
        let left = try PNGCodec.decode(a), right = try PNGCodec.decode(b)
        guard left.width == right.width, left.height == right.height else { return false }
        for y in 0..<left.height {
            for x in 0..<left.width where left[x, y] != right[x, y] { return false }
        }
        return true
    }
}
