// libFuzzer harness for picture URLs (compiled by scripts/fuzz.sh with PictureURL, AllowList,
// AddressPolicy and PictureError of Sources/MonogramPictures). Input: any bytes as the
// `picture=` value (or a redirect's Location).
//
// Invariants: never crashes; a parsed URL's normal form parses to the same URL (one spelling,
// one cache key) and contains only printable ASCII; the host is lower-case; the port is in
// 1…65535; the allow-list answer depends only on the normal form; an IP literal's bytes give
// a policy answer without trapping.

import Glibc

let allowList = AllowList(patterns: ["example.com", "*.cdn.example", "127.0.0.1:8080", "[::1]:9000"])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let url = try? PictureURL.parse(text) else {
        _ = try? PictureURL.redirect(text)
        return 0
    }
    let normal = url.string
    check(normal.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "normal form not printable ASCII: \(normal)")
    check(url.host == url.host.lowercased(), "host not lower-cased")
    check((1...65_535).contains(url.port), "port out of range")
    check(url.target.hasPrefix("/"), "target does not start with /")
    guard let again = try? PictureURL.parse(normal) else {
        check(false, "normal form \(normal) rejected (from \(text.debugDescription))")
        return 0
    }
    check(again == url, "normal form changed the URL: \(normal)")
    check((allowList.match(again) == nil) == (allowList.match(url) == nil), "allow-list differs on the normal form")
    if url.isIPLiteral {
        let family: Int32 = url.isIPv6 ? AF_INET6 : AF_INET
        guard let bytes = PictureURL.address(url.host, family: family) else {
            check(false, "IP literal without address bytes")
            return 0
        }
        _ = AddressPolicy.isPublic(bytes)
    }
    return 0
}
