import Testing
@testable import MonogramHTTP

/// Memory a connection holds for input it has not parsed (1,000 slow readers, issue 11): a
/// hard bound per connection, and nothing kept once it is parsed.
@Suite("connection input bound")
struct ConnectionInputBoundTests {
    @Test("a client pipelining a burst and reading nothing never leaves more unparsed input than the bound")
    func readsStopAtTheBound() {
        var connection = ConnectionHarness()
        connection.room = 0
        connection.handler = { _ in ConnectionBackpressureTests.large }
        let burst = Array(String(repeating: get("/big", "X-Pad: \(String(repeating: "p", count: 4000))\r\n"), count: 60).utf8)
        var offset = 0
        // Reads as the loop does them: each takes at most what the machine allows.
        while offset < burst.count, connection.readInterest {
            let take = min(burst.count - offset, connection.machine.readAllowance, 65536)
            connection.send(Array(burst[offset..<offset + take]))
            offset += take
            #expect(connection.machine.parser.bufferedByteCount <= connection.machine.policy.maxBufferedInput)
        }
        #expect(offset < burst.count, "reading paused before the burst was taken")
    }

    @Test("the server's input bound lets the largest head complete")
    func boundFitsTheLargestHead() {
        var configuration = HTTPServerConfiguration()
        configuration.parserLimits.maxHeadBytes = 40_000
        #expect(configuration.connectionPolicy.maxBufferedInput > 40_000)
        #expect(HTTPServerConfiguration().connectionPolicy.maxBufferedInput == 20 << 10)
    }

    @Test("a parser that has parsed a 60 KB burst gives its buffer back before the next read")
    func drainedBufferReleased() throws {
        var parser = HTTPParser()
        let burst = Array(String(repeating: get("/a", "X-Pad: \(String(repeating: "p", count: 2000))\r\n"), count: 30).utf8)
        burst.withUnsafeBytes { parser.append($0) }
        var heads = 0
        while try parser.next() != nil { heads += 1 }
        #expect(heads == 30)
        #expect(parser.bufferCapacity <= HTTPParser.keptCapacity)
    }
}
