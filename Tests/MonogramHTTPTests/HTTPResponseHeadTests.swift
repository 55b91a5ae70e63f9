import Testing
@testable import MonogramHTTP

/// The head as it was built before it was written into bytes directly: String interpolation.
private func reference(_ status: HTTPStatus, _ headers: [(name: String, value: String)], bodyBytes: Int) -> String {
    var text = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
    for header in headers { text += header.name + ": " + header.value + "\r\n" }
    if HTTPResponse.allowsContent(status) { text += "Content-Length: \(bodyBytes)\r\n" }
    return text
}

@Suite("Response heads")
struct HTTPResponseHeadTests {
    @Test("a head is the status line, the fields in order and Content-Length, byte for byte", arguments: [
        0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 4096, 65535, 123_456, 9_999_999, 10_000_000,
    ])
    func matchesInterpolation(_ bodyBytes: Int) {
        let headers = [("Content-Type", "image/png"), ("ETag", "\"0123456789abcdef\""), ("X-Émoji", "ü 😀"), ("Empty", "")]
        for status in [HTTPStatus.ok, .notModified, .badRequest, HTTPStatus(code: 204, reason: "No Content"), HTTPStatus(code: 100, reason: "Continue")] {
            let response = HTTPResponse(status: status, headers: headers, body: Array(repeating: 0, count: bodyBytes))
            #expect(response.head == Array(reference(status, headers, bodyBytes: bodyBytes).utf8))
            // Sized exactly: a cached head holds no slack the cache's byte count would miss.
            #expect(response.head.capacity - response.head.count < 16)
        }
    }

    @Test("numbers are spelled as interpolation spells them", arguments: [0, 7, 10, 59, 60, 86_400, Int.max, -1, -10, Int.min])
    func numbers(_ number: Int) {
        let response = HTTPResponse(status: HTTPStatus(code: number, reason: "X"), body: []) { head in
            head.field("Retry-After", number)
        }
        #expect(response.head == Array("HTTP/1.1 \(number) X\r\nRetry-After: \(number)\r\n".utf8)
            + (HTTPResponse.allowsContent(HTTPStatus(code: number, reason: "X")) ? Array("Content-Length: 0\r\n".utf8) : []))
    }

    @Test("serialised lines are appended as they are")
    func lines() {
        let lines = HTTPHeaderLines([("A", "1"), ("B-C", "two, three")])
        #expect(lines.bytes == Array("A: 1\r\nB-C: two, three\r\n".utf8))
        let response = HTTPResponse(status: .ok, body: [1, 2]) { head in
            head.field("Content-Type", "x/y")
            head.append(lines)
        }
        #expect(response.head == Array("HTTP/1.1 200 OK\r\nContent-Type: x/y\r\nA: 1\r\nB-C: two, three\r\nContent-Length: 2\r\n".utf8))
    }
}
