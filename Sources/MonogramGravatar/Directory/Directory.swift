import MonogramCore
import MonogramCrypto

/// The loaded directory: every entry, looked up by either hash of its address.
///
/// Memory is proportional to the entries and small per entry: the text of all entries lives in
/// one byte arena, each entry is a fixed-size record pointing into it, and the two indexes are
/// sorted arrays of (digest, entry number) searched by bisection — no per-entry object, no
/// hash-table slack. Immutable once built, so a reload builds a new one and swaps it whole.
public final class Directory: Sendable {
    struct Record: Sendable {
        var offset: UInt32
        var nameLength: UInt16
        var keyLength: UInt16
        var pictureLength: UInt16
        var version: UInt64
    }

    struct MD5Key: Sendable, Comparable {
        var high: UInt64, low: UInt64
        var entry: UInt32
        static func < (a: MD5Key, b: MD5Key) -> Bool { (a.high, a.low) < (b.high, b.low) }
        static func == (a: MD5Key, b: MD5Key) -> Bool { a.high == b.high && a.low == b.low }
    }

    struct SHA256Key: Sendable, Comparable {
        var a: UInt64, b: UInt64, c: UInt64, d: UInt64
        var entry: UInt32
        static func < (x: SHA256Key, y: SHA256Key) -> Bool { (x.a, x.b, x.c, x.d) < (y.a, y.b, y.c, y.d) }
        static func == (x: SHA256Key, y: SHA256Key) -> Bool { x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d }
    }

    let text: [UInt8]
    let records: [Record]
    let md5: [MD5Key]
    let sha256: [SHA256Key]
    /// Differs between any two loads with different content: mixed into every ETag, so a
    /// reload that changes an entry changes its answers' tags.
    public let version: UInt64

    init(text: [UInt8], records: [Record], md5: [MD5Key], sha256: [SHA256Key], version: UInt64) {
        self.text = text
        self.records = records
        self.md5 = md5
        self.sha256 = sha256
        self.version = version
    }

    /// Addresses in the directory (a duplicate row is not counted).
    public var count: Int { md5.count }

    /// Bytes held by the arena, records and indexes (what `docs/gravatar.md` measures).
    public var byteCount: Int {
        text.capacity + records.capacity * MemoryLayout<Record>.stride
            + md5.capacity * MemoryLayout<MD5Key>.stride + sha256.capacity * MemoryLayout<SHA256Key>.stride
    }

    /// The entry `hash` names, or nil.
    public func entry(for hash: GravatarHash) -> DirectoryEntry? {
        let found: UInt32?
        switch hash.kind {
        case .md5:
            found = Directory.search(md5, for: Directory.md5Key(hash.bytes, entry: 0))?.entry
        case .sha256:
            found = Directory.search(sha256, for: Directory.sha256Key(hash.bytes, entry: 0))?.entry
        }
        guard let found, Int(found) < records.count else { return nil }
        let record = records[Int(found)]
        let start = Int(record.offset), nameEnd = start + Int(record.nameLength)
        let keyEnd = nameEnd + Int(record.keyLength), pictureEnd = keyEnd + Int(record.pictureLength)
        let picture = pictureEnd > keyEnd ? String(decoding: text[keyEnd..<pictureEnd], as: UTF8.self) : nil
        var entry = DirectoryEntry(
            name: String(decoding: text[start..<nameEnd], as: UTF8.self),
            colorKey: String(decoding: text[nameEnd..<keyEnd], as: UTF8.self), picture: picture)
        entry.version = record.version
        return entry
    }

    static func search<Key: Comparable>(_ keys: [Key], for key: Key) -> Key? {
        var low = 0, high = keys.count
        while low < high {
            let middle = low + (high - low) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? keys[low] : nil
    }

    static func word(_ bytes: [UInt8], _ index: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[(index * 8)..<(index * 8 + 8)] { value = value << 8 | UInt64(byte) }
        return value
    }

    static func md5Key(_ digest: [UInt8], entry: UInt32) -> MD5Key {
        MD5Key(high: word(digest, 0), low: word(digest, 1), entry: entry)
    }

    static func sha256Key(_ digest: [UInt8], entry: UInt32) -> SHA256Key {
        SHA256Key(a: word(digest, 0), b: word(digest, 1), c: word(digest, 2), d: word(digest, 3), entry: entry)
    }
}
