import Testing
@testable import MonogramService

/// The exposition is written piece by piece (attack pass of issue 23: `/metrics` cost 270 µs of
/// the loop thread per scrape, unbudgeted); the text is what the interpolating writer gave.
@Suite("Prometheus exposition writer")
struct ExpositionWriterTests {
    @Test("numbers and escaped label values are spelled as before")
    func spelling() {
        for value in [0, -0.0, 1, -1, 7, 10, 99, 1_000_000, 123_456_789_012_345, 999_999_999_999_999, -42, 0.5, 1e15, 2.5e-7, 1e300, .infinity] {
            var text = ""
            ExpositionWriter.appendNumber(value, to: &text)
            #expect(text == ExpositionWriter.number(value), "\(value)")
        }
        for label in ["plain", "", "a\"b", "back\\slash", "new\nline", "émoji 🙂"] {
            var text = ""
            ExpositionWriter.appendEscaped(label, to: &text)
            #expect(text == ExpositionWriter.escape(label))
        }
        var out = ExpositionWriter()
        out.family("m", .counter, "Help text.")
        out.sample("m", ["route": "avatar", "code": "2\"x"], 3)
        out.sample("m", [:], 0.25)
        #expect(out.text == "# HELP m Help text.\n# TYPE m counter\nm{route=\"avatar\",code=\"2\\\"x\"} 3\nm 0.25\n")
    }
}
