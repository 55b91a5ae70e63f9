import Foundation
@testable import MonogramService
import Testing

/// Issue 11: a record is one line whatever a stranger put in the request, C1 controls
/// (U+0080–U+009F; U+0085 is NEL, a line break to many readers) included.
@Suite("access and error log lines")
struct AccessLogTests {
    static let hostile = [
        "/avatar/a\u{85}b", "/avatar/\u{9F}\u{80}", "/avatar/\u{1B}[31m", "/avatar/tab\there", "/avatar/\u{7F}", "/avatar/\u{2028}",
        // Bidi and other format characters: raw, a viewer shows the record reordered or hidden.
        "/avatar/\u{202E}gnp.exe", "/avatar/a\u{200E}b\u{200F}", "/avatar/\u{2066}x\u{2067}y\u{2068}z\u{2069}", "/avatar/\u{AD}\u{200B}\u{FEFF}\u{E0041}",
    ]

    func entry(target: String) -> AccessLog.Entry {
        AccessLog.Entry(
            time: "2026-12-01T00:00:00.000Z", client: "127.0.0.1", method: "GET", target: target, status: 200, bytes: 1,
            durationMicroseconds: 5, note: .miss)
    }

    func log(_ format: LogFormat) -> AccessLog {
        AccessLog(format: format, trustedProxies: TrustedProxies([]), clock: LogClock())
    }

    /// C0, DEL, C1, the Unicode line and paragraph separators, and format characters (Cf).
    func hasControl(_ line: String) -> Bool {
        line.unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" || $0.properties.generalCategory == .format
        }
    }

    @Test("JSON lines escape C0 and C1 controls and stay valid JSON with the same target", arguments: hostile)
    func json(target: String) throws {
        let line = log(.json).line(entry(target: target))
        #expect(!hasControl(line))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["target"] as? String == target)
    }

    @Test("text lines show controls as ?", arguments: hostile)
    func text(target: String) {
        let line = log(.text).line(entry(target: target))
        #expect(!hasControl(line))
        #expect(line.contains("\"GET /avatar/"))
    }

    @Test("U+0085 is written as \\u0085 in JSON")
    func nel() {
        #expect(log(.json).line(entry(target: "/a\u{85}")).contains(#""target":"/a\u0085""#))
    }

    @Test("bidi and format characters are written as \\uXXXX in JSON (a surrogate pair above U+FFFF)")
    func bidi() {
        let line = log(.json).line(entry(target: "/\u{202E}a\u{200E}\u{2066}\u{2069}\u{E0041}é王"))
        #expect(line.contains(#""target":"/\u202ea\u200e\u2066\u2069\udb40\udc41é王""#))
        #expect(Logger(format: .text).line(.error, "x\u{202E}y") == "monogram: error: x?y")
    }

    @Test("error lines follow log.format and escape controls too")
    func errorLines() throws {
        let json = Logger(format: .json).line(.error, "render avatar|n=a\u{85}b: failed\nnext")
        #expect(!hasControl(json))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["level"] as? String == "error")
        #expect(object["message"] as? String == "render avatar|n=a\u{85}b: failed\nnext")
        let text = Logger(format: .text).line(.error, "bad\u{85}thing\n")
        #expect(text == "monogram: error: bad?thing?")
    }

    @Test("log.level filters the service's own lines")
    func levels() {
        #expect(LogLevel.error > .warning && LogLevel.warning > .info)
        #expect(Logger(level: .error).level == .error)
    }
}
