// libFuzzer harness for the body of `POST /purge` (API §9), compiled by scripts/fuzz.sh with
// PurgeRequest, CacheTag, ColorKey and PathSegment's percent-decoding as one module. Input: the
// body, any bytes.
//
// Invariants: nothing crashes; a parsed body names 1…1000 tags, its person tags are distinct;
// writing them back (`p-` + hex, `monogram`) and parsing again gives the same request (one
// meaning per tag, whatever case or escaping it came in); a tag's text is 18 bytes.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let request = try? PurgeRequest(body: bytes) else { return 0 }
    check(request.people.count <= PurgeRequest.maxTags, "more than \(PurgeRequest.maxTags) person tags")
    check(request.all || !request.people.isEmpty, "a parsed request names no tag")
    check(Set(request.people).count == request.people.count, "a person tag twice")
    var texts = request.people.map(CacheTag.text)
    check(texts.allSatisfy { $0.utf8.count == 18 }, "a tag text is not 18 bytes")
    if request.all { texts.append(CacheTag.all) }
    let again = try? PurgeRequest(body: Array(("tags=" + texts.joined(separator: "+")).utf8))
    check(again?.all == request.all, "monogram lost or gained in the round trip")
    check(again.map { Set($0.people) == Set(request.people) } ?? false, "person tags changed in the round trip")
    return 0
}
