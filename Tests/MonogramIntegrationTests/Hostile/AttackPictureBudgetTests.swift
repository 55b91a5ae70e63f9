import Foundation
import Testing

/// Attack pass (issue 11 field proof): a lossy WebP with an alpha plane. libwebp decodes the
/// alpha of a lossy WebP into a plane of width × height bytes, through a lossless (VP8L)
/// decoder with a buffer of its own of 1 or 4 bytes per pixel, however small the cropped and
/// scaled output. The decode budget counted only the output and a few rows, so 8 such 40 MP
/// pictures (128 KB each) decoded at once took the process to 562 MiB with a 192 MiB
/// `pictures.decode_memory`. Here the same miscount on a small picture and a small budget:
/// the decode must be refused from its header (the fallback), as any decode larger than the
/// whole budget is.
@Suite("attack: decode budget of lossy WebP with alpha")
struct AttackPictureBudgetTests {
    /// A budget between what the output needs (~0.27 MB) and what decoding the 1000 × 500
    /// alpha picture really takes (1.6 MB at its peak, measured with libwebp).
    static let budget = 1_000_000

    @Test("a lossy WebP whose alpha plane is larger than the decode budget is not decoded")
    func alphaPlaneCounted() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try LivePictureTests.start(origin, extra: ["decode_memory": Self.budget])
        let client = try RawClient(port: server.port)
        let refused = try client.get("/avatar/Jane?size=48&" + LivePictureTests.query(origin.url("/webp-lossy-alpha")))
        #expect(refused.status == 200)
        #expect(refused.header("X-Avatar-Source") == "initials")
        let metrics = try client.get("/metrics").text
        #expect(metrics.contains("monogram_picture_fetches_total{outcome=\"too_many_pixels\"} 1\n"))
        // The same picture without alpha fits the same budget: what is counted is the plane.
        let drawn = try client.get("/avatar/Jane?size=48&" + LivePictureTests.query(origin.url("/webp-lossy")))
        #expect(drawn.header("X-Avatar-Source") == "picture")
    }
}

extension OriginServer {
    /// 1000 × 500, lossy (libwebp, quality 10) with a lossless-compressed alpha gradient: 2 KB.
    static let lossyAlphaWebP: [UInt8] = Array(Data(base64Encoded: "UklGRmwIAABXRUJQVlA4WAoAAAAQAAAA5wMA8wEAQUxQSGQCAAAB/yckSPD/eGtEpO55ExARoQQ3EggAsm3btm3btm3btm3bPtu2bRvP2Ij+F0JIkAz3f7US0f9CEIhaxbds3iOWsE1q33lIJu2Q2rX/hFLOOaP30HMaRbfsgaOv6FU884ZPvGVS9ykcO/2BVcu/ZPLcZw7doPKZi9+4DUKr5q/85DOOqF26/kfQLLph9dZ/Ecu45o27ROI2iW3bD0il7FM69x5TyDql9xx8Rq3gmtV/5CWdskfu0PE3jGreBaOn3rNo+hVPnP3ErhNYNn3hK5d+SOXc5R+8RuE1i9d+C5hG1a/c/CdsEdu0fodQzDqhdes+iaRdcsfuI3IZx7TuA0+p5F0y+w6/oFVyzxk89ppB1St/5OQ7Zg3fovEzH9m0A0qnzn/h1AuumL30nccwrHrh6i9+k8i65Rt/hcxjGtduw/87/L/D/zv/7/y/8//O/zv/7/D/Dv/v8P8O/+/w/w7/7/y/8//O/zv/7/y/w/87/L/D/zv8v8P/O//v/L/z/87/O//v8P8O/+/w/w7/7/D/Dv/v/L/z/87/O//v/L/D/zv8v8P/O/y/w/87/+/8v/P/zv87/+/w/w7/7/D/Dv/v8P8O/+/8v/P/zv87/+/8v8P/O/y/w/87/L/D/zv/7/y/8//O/zv/7/D/Dv/v8P8O/+/w/w7/7/y/8//O/zv/7/y/w/87/L/D/zv8v8P/O//v/L/z/87/O//v/L/D/zv8v8P/O/y/w/87/+/8v/P/zv87/+/w/w7/7/D/Dv/v8P/O/zv/7/y/8//O/zv/7/D/Dv/v8P8O/+/w/87/O//vY3f+3wNWUDgg4gUAANCzAJ0BKugD9AE/cbjYZbSuq6cgCAKQLglpbuF33wLQL0C8AR/vrnaqQj9HOqz9PVM6mhK9VPjnn6eqZ1NCV6qfHPP09UzqaEr1U+OefqtxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxfAAA/v9Ht/VpNHlP+kOFhUX9rzLeCLCjGB4/bue8EWFGMDx+3c94IsKMYHj9u57wRYUYwPH7dz3giaAAAA==") ?? Data())
    /// The same picture without alpha: 1.5 KB.
    static let lossyWebP: [UInt8] = Array(Data(base64Encoded: "UklGRu4FAABXRUJQVlA4IOIFAADQswCdASroA/QBP3G42GW0rqunIAgCkC4JaW7hd98C0C9AvAEf7652qkI/Rzqs/T1TOpoSvVT455+nqmdTQleqnxzz9PVM6mhK9VPjnn6rcZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48ZF3jxkXePGRd48XwAAP7/R7f1aTR5T/pDhYVF/a8y3giwoxgeP27nvBFhRjA8ft3PeCLCjGB4/bue8EWFGMDx+3c94ImgAAA=") ?? Data())
}
