import Foundation
import MonogramSync

/// A tiny HTTP origin on 127.0.0.1 serving the picture fixtures and misbehaviours by path,
/// counting the requests for each path. One thread per connection; every answer closes.
final class OriginServer: Sendable {
    let port: Int
    private let fd: Int32
    private let counts = Locked<[String: Int]>([:])
    /// `/gated` answers only once this is signalled (for the single-fetch test).
    let gate = DispatchSemaphore(value: 0)

    static var fixtures: String { MonogramProcess.packageRoot + "/Tests/MonogramPicturesTests/Fixtures/" }

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { throw RawClient.ClientError(description: "origin bind failed: \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        let listener = fd
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { return }  // closed by deinit
                Thread.detachNewThread { [self] in serve(client) }
            }
        }
    }

    /// Stops accepting (the accept thread holds the server, so this is explicit, not deinit).
    func stop() {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
        gate.signal()
    }

    func count(_ path: String) -> Int { counts.withLock { $0[path] ?? 0 } }

    func url(_ path: String, host: String = "127.0.0.1", scheme: String = "http") -> String {
        "\(scheme)://\(host):\(port)\(path)"
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !head.ends(with: Array("\r\n\r\n".utf8)) {
            let n = recv(client, &chunk, chunk.count, 0)
            guard n > 0 else { return }
            head += chunk[0..<n]
            if head.count > 65536 { return }
        }
        let line = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        guard parts.count >= 2 else { return }
        let path = String(parts[1])
        counts.withLock { $0[path, default: 0] += 1 }
        // Counted by the whole target, routed by the path alone.
        switch path.prefix(while: { $0 != "?" }) {
        case "/png": file(client, "quadrants.png", extra: "Cache-Control: public, max-age=600\r\n")
        case "/jpeg-rotated": file(client, "rotated-6.jpg")
        case "/half-alpha": file(client, "half-alpha.png")
        case "/webp": file(client, "quadrants.webp")
        case "/text": file(client, "not-image.txt")
        case "/truncated": file(client, "truncated.png")
        case "/bomb": file(client, "bomb.png")
        case "/large": send(client, "200 OK", body: OriginServer.largeBody)
        case "/large-chunked":
            // No Content-Length: the limit must be enforced while reading.
            write(client, Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nConnection: close\r\n\r\n".utf8) + OriginServer.largeBody)
        case "/slow":
            // Part of the body, then nothing until the fetcher gives up and closes.
            write(client, Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n".utf8) + [0x89, 0x50, 0x4E, 0x47])
            while recv(client, &chunk, chunk.count, 0) > 0 {}
        // A Gravatar-style upstream that has a picture for every hash (LiveGravatarTests).
        case let route where route.hasPrefix("/upstream/"): file(client, "quadrants.png")
        case "/redirect-inside": send(client, "302 Found", headers: "Location: /png\r\n")
        case "/redirect-outside": send(client, "302 Found", headers: "Location: http://evil.example/png\r\n")
        case "/loop": send(client, "302 Found", headers: "Location: /loop\r\n")
        // Hostile answers (issue 11): header values that crashed the parser, pictures that
        // cost CPU or memory out of proportion to their size, bodies that never finish.
        case "/cache-control":
            // `/cache-control?<n>`: a valid PNG with the n-th hostile Cache-Control value.
            let index = Int(path.split(separator: "?").last ?? "") ?? 0
            let value = OriginServer.hostileCacheControl[index % OriginServer.hostileCacheControl.count]
            file(client, "quadrants.png", extra: "Cache-Control:\(value)\r\n")
        case "/many-scans": send(client, "200 OK", headers: "Content-Type: image/jpeg\r\n", body: OriginServer.manyScanJPEG)
        case "/40mp": send(client, "200 OK", headers: "Content-Type: image/png\r\n", body: OriginServer.fortyMegapixelPNG)
        // Attack pass (AttackPictureBudgetTests): lossy WebP with and without an alpha plane.
        case "/webp-lossy-alpha": send(client, "200 OK", headers: "Content-Type: image/webp\r\n", body: OriginServer.lossyAlphaWebP)
        case "/webp-lossy": send(client, "200 OK", headers: "Content-Type: image/webp\r\n", body: OriginServer.lossyWebP)
        case "/stall":
            // The head and a byte of body, then nothing: holds a picture thread until the
            // fetcher's own deadline (or the gate opens).
            write(client, Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n\u{89}".utf8))
            gate.wait()
            gate.signal()
        case "/gated":
            gate.wait()
            gate.signal()  // once open, stays open
            file(client, "quadrants.png")
        default: send(client, "404 Not Found", body: Array("no\n".utf8))
        }
    }

    /// Each crashed the process before the directive parser was fixed (the leading space is
    /// the header's optional whitespace, so `" = "` arrives as `=` with spaces around it).
    static let hostileCacheControl = [" =", " ==", " max-age=60,=", "  =  ", " ,=,", " max-age=\"", " s-maxage==5"]

    /// 2,647 scans at 1 MP: legal, 41 KB, ~0.4 s of CPU per decode without the work bound.
    static let manyScanJPEG = HostilePictures.manyScanJPEG(width: 1024, height: 1024)
    /// 8000 × 5000 black pixels: 40 KB on disk, 160 MB decoded.
    static let fortyMegapixelPNG = HostilePictures.zeroPNG(width: 8_000, height: 5_000)

    /// A valid PNG padded past the 200000-byte limit with bytes after IEND (which decoders
    /// ignore), so only the byte limit can turn it away.
    static let largeBody: [UInt8] = {
        let png = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: fixtures + "quadrants.png")))) ?? []
        return png + [UInt8](repeating: 0, count: 300_000)
    }()

    private func file(_ client: Int32, _ name: String, extra: String = "") {
        let body = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: OriginServer.fixtures + name)))) ?? []
        send(client, "200 OK", headers: extra, body: body)
    }

    private func send(_ client: Int32, _ status: String, headers: String = "", body: [UInt8] = []) {
        let head = "HTTP/1.1 \(status)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\(headers)\r\n"
        write(client, Array(head.utf8) + body)
    }

    private func write(_ client: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.send(client, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            offset += n
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
