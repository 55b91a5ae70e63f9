import Foundation
import MonogramClient
import MonogramRender
import MonogramRenderTestSupport
import Testing

/// Every case of clients/cases.json built by the Swift client (`MonogramClient`) and sent to the
/// real server with signatures required: it must be accepted and draw what its parameters say
/// (status, type, pixel size, the shape's corners). The JS client's URLs go through the same
/// server in scripts/check-deploy.sh (clients/js/test/live.mjs).
@Suite("live client URLs")
struct LiveClientTests {
    typealias Case = ClientCaseTable.Case
    static let table = ClientCaseTable.table

    static func server() throws -> MonogramProcess {
        try MonogramProcess(config: [
            "security": ["signing_keys": [table.key], "require_signature": true],
            // Nothing listens on port 9: picture cases take the fallback (API §3) at once.
            "pictures": ["allowed_hosts": ["127.0.0.1:9"], "connect_timeout": 1, "total_timeout": 2],
        ])
    }

    @Test("every case, signed by the Swift client, is accepted and drawn as asked")
    func everyCase() throws {
        let server = try Self.server()
        let client = try RawClient(port: server.port)
        var checked = 0
        for c in Self.table.cases where c.kind != "error" {
            let built = try ClientCaseTable.run(c, signAll: true)
            let urls = built.srcset.map { $0.urls.map { $0.url } } ?? [built.url ?? ""]
            for url in urls {
                #expect(url.hasPrefix(Self.table.base), "\(c.title)")
                let target = String(url.dropFirst(Self.table.base.count))
                let answer = try client.get(target, headers: ["Accept: text/plain"])
                #expect(answer.status == (c.live?.status ?? 200), "\(c.title): \(target): \(answer.text.prefix(200))")
                guard answer.status == 200 else { continue }
                if let problem = Self.problem(answer, url: url) { Issue.record("\(c.title): \(target): \(problem)") }
                checked += 1
            }
            // Unsigned, an /avatar or /group URL is refused: the server really checks.
            if c.kind != "gravatar", let unsigned = try ClientCaseTable.run(c, signAll: false).url, c.sign == nil {
                #expect(try client.get(String(unsigned.dropFirst(Self.table.base.count))).status == 403, "\(c.title)")
            }
        }
        #expect(checked >= 30)
    }

    /// What the URL asks for, read back from the URL, against the answer.
    static func problem(_ answer: RawClient.Response, url: String) -> String? {
        guard let components = URLComponents(string: url) else { return "not a URL" }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        let route = components.path.split(separator: "/").first.map(String.init) ?? ""
        let last = components.path.split(separator: "/").last.map(String.init) ?? ""
        let format = ["png", "svg", "json", "webp", "avif", "jpg", "jpeg"].first { last.hasSuffix("." + $0) }.map { $0 == "jpeg" ? "jpg" : $0 } ?? "png"
        let dpr = Double(query["dpr"] ?? "1") ?? 1
        let size = route == "gravatar"
            ? min(max(Int(query["s"] ?? "80") ?? 80, 16), 1024)
            : Int(query["size"] ?? (route == "group" ? "64" : "128")) ?? 0
        let pixels = Int((Double(size) * dpr).rounded())
        let shape = query["shape"] ?? (route == "group" ? "circle" : "square")
        let type = answer.header("Content-Type")?.split(separator: ";").first.map(String.init) ?? ""
        let types = ["png": "image/png", "svg": "image/svg+xml", "json": "application/json", "webp": "image/webp", "jpg": "image/jpeg"]
        guard type == types[format] else { return "Content-Type \(type), expected \(types[format] ?? format)" }
        let image: RGBAImage
        switch format {
        case "png":
            guard let decoded = try? PNGCodec.decode(answer.body) else { return "undecodable PNG" }
            image = decoded
        case "webp":
            guard let decoded = try? WebPCodec.decode(answer.body) else { return "undecodable WebP" }
            image = decoded
        case "jpg":
            // API §11: a real JPEG, opaque, the matte (white unless `matte` says) outside the shape.
            guard let decoded = try? JPEGCodec.decode(answer.body).image else { return "undecodable JPEG" }
            guard decoded.height == pixels, route == "group" ? decoded.width >= pixels : decoded.width == pixels else {
                return "\(decoded.width)×\(decoded.height) px, expected \(pixels) high"
            }
            let corner = decoded[0, 0]
            if shape != "square" && query["matte"] == nil && min(corner.red, corner.green, corner.blue) < 250 {
                return "corner \(corner) of a \(shape) JPEG is not the white matte"
            }
            return nil
        case "svg":
            return answer.text.contains("height=\"\(pixels)px\"") ? nil : "SVG without height \(pixels)px"
        case "json":
            guard let json = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] else { return "not JSON" }
            let faces = json["faces"] as? [[String: Any]]
            let (gotSize, gotShape) = route == "group"
                ? (json["height"] as? Int, faces?.first?["shape"] as? String)
                : (json["size"] as? Int, json["shape"] as? String)
            return gotSize == size && gotShape == shape ? nil : "JSON size \(gotSize ?? -1) shape \(gotShape ?? "none")"
        default:
            return nil
        }
        guard image.height == pixels, route == "group" ? image.width >= pixels : image.width == pixels else {
            return "\(image.width)×\(image.height) px, expected \(pixels) high"
        }
        let corner = image[0, 0].alpha
        let middle = image[pixels / 2, pixels / 2].alpha
        if shape != "square" && corner != 0 { return "corner alpha \(corner) for shape \(shape)" }
        if shape == "square" && route == "avatar" && query["bg"] != "transparent" && corner != 255 { return "corner alpha \(corner) of a square" }
        return middle == 255 || query["bg"] == "transparent" ? nil : "alpha \(middle) inside the face"
    }
}
