@testable import MonogramHTTP
import Testing

@Suite("HTTP-date parsing (RFC 9110 §5.6.7)")
struct HTTPDateParseTests {
    @Test("the three forms a recipient must accept", arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),
        ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
        ("Sun Nov  6 08:49:37 1994", 784_111_777),
        ("Wed, 02 Dec 2026 00:00:00 GMT", 1_796_169_600),
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("Tue, 29 Feb 2028 23:59:59 GMT", 1_835_481_599),
    ])
    func forms(_ text: String, _ seconds: Int) {
        #expect(HTTPDateText.seconds(text) == seconds)
        #expect(HTTPDateText.seconds(HTTPDateText.imfFixdate(seconds)) == seconds)
    }

    @Test("anything else is not a date (and is then ignored)", arguments: [
        "", "yesterday", "Sun, 06 Nov 1994", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nox 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov 99999 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT extra words here", "Sun, 06 Nov Nov 1994 08:49:37 GMT", "1994-11-06T08:49:37Z",
        "Sun, 06 Nov 1994 08:49:37:00 GMT", "Sun, 0000006 Nov 1994 08:49:37 GMT",
    ])
    func invalid(_ text: String) {
        #expect(HTTPDateText.seconds(text) == nil)
    }
}
