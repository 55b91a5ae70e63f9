// libFuzzer harness for the origin response header values Monogram parses (compiled by
// scripts/fuzz.sh with Sources/MonogramPictures/Fetching/CacheLifetime.swift). Input: any bytes, read
// as a Cache-Control value (libcurl hands header values over as C strings: no NUL inside).
//
// Invariants: never crashes (issue 11: `Cache-Control: =` trapped); the lifetime is always
// within [minimum, maximum]; deterministic; a value with a leading `no-store` is the minimum;
// appending an empty directive (`, =`) changes nothing.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size).prefix { $0 != 0 }
    let value = String(decoding: bytes, as: UTF8.self)
    let seconds = CacheLifetime.seconds(cacheControl: value, minimum: 60, maximum: 86_400)
    check((60...86_400).contains(seconds), "lifetime \(seconds) out of bounds for \(value.debugDescription)")
    check(CacheLifetime.seconds(cacheControl: value, minimum: 60, maximum: 86_400) == seconds, "not deterministic")
    check(CacheLifetime.seconds(cacheControl: "no-store, " + value, minimum: 60, maximum: 86_400) == 60, "no-store ignored")
    check(CacheLifetime.seconds(cacheControl: value + ", =", minimum: 60, maximum: 86_400) == seconds, "empty directive counted")
    return 0
}
