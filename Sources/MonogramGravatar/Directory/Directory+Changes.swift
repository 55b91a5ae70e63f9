import MonogramCrypto

extension Directory {
    /// Whose `/gravatar` answers a reload from `old` to this directory changes (API §9): the
    /// colour key of every entry that was removed or changed (its answers were tagged with it),
    /// and the hash, as lower-case hex, of every address that is new (unknown until now, its
    /// answers were tagged with the hash itself). Unchanged entries are not named.
    ///
    /// Linear in both directories: their MD5 and SHA-256 indexes are sorted, so the two are
    /// walked side by side. `old` nil is an empty directory.
    public func changedKeys(from old: Directory?) -> [String] {
        var keys: [String] = []
        let before = old?.md5 ?? []
        var i = 0, j = 0
        while i < before.count || j < md5.count {
            if j == md5.count || (i < before.count && before[i] < md5[j]) {
                // Gone.
                if let key = old?.colorKey(entry: before[i].entry) { keys.append(key) }
                i += 1
            } else if i == before.count || md5[j] < before[i] {
                keys.append(Digest.hex(Directory.bytes([md5[j].high, md5[j].low])))
                j += 1
            } else {
                if let old, old.version(entry: before[i].entry) != version(entry: md5[j].entry),
                   let key = old.colorKey(entry: before[i].entry) {
                    keys.append(key)
                }
                i += 1
                j += 1
            }
        }
        // New addresses are also known by their SHA-256 from now on.
        let previous = old?.sha256 ?? []
        var k = 0
        for key in sha256 {
            while k < previous.count, previous[k] < key { k += 1 }
            if k == previous.count || previous[k] != key { keys.append(Digest.hex(Directory.bytes([key.a, key.b, key.c, key.d]))) }
        }
        return keys
    }

    func colorKey(entry: UInt32) -> String? {
        guard Int(entry) < records.count else { return nil }
        let record = records[Int(entry)]
        let start = Int(record.offset) + Int(record.nameLength)
        let end = start + Int(record.keyLength)
        guard start <= end, end <= text.count else { return nil }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    func version(entry: UInt32) -> UInt64? {
        Int(entry) < records.count ? records[Int(entry)].version : nil
    }

    /// Big-endian bytes of the words (the digest as `word` read it).
    static func bytes(_ words: [UInt64]) -> [UInt8] {
        words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * $0)) } }
    }
}
