import MonogramCore
import MonogramCrypto

/// Collects valid rows into a `Directory`: hashes each address both ways (MD5 and SHA-256 of
/// the trimmed, lower-cased address, as Gravatar and Libravatar clients compute them), packs the
/// text into the arena and sorts the indexes. A second row for the same address is a problem
/// (the first one stays), like any other skipped row.
struct DirectoryBuilder {
    private var text: [UInt8] = []
    private var records: [Directory.Record] = []
    private var md5: [Directory.MD5Key] = []
    private var sha256: [Directory.SHA256Key] = []
    private var version = ColorKey.offsetBasis
    /// Line of each added row, to report duplicates; dropped with the builder.
    private var lines: [Int] = []
    /// Set when the arena would outgrow its 32-bit offsets (a file of several GiB of text).
    private(set) var full = false

    /// Adds `row`; returns a problem instead when it cannot be added.
    mutating func add(_ row: DirectoryRow) throws(CryptoError) -> DirectoryProblem? {
        let address = row.email.lowercased()
        let colorKey = row.id ?? address
        let entry = DirectoryEntry(name: row.name, colorKey: colorKey, picture: row.picture)
        let length = row.name.utf8.count + colorKey.utf8.count + (row.picture?.utf8.count ?? 0)
        guard records.count < Int(UInt32.max), text.count + length < Int(UInt32.max),
              let nameLength = UInt16(exactly: row.name.utf8.count), let keyLength = UInt16(exactly: colorKey.utf8.count),
              let pictureLength = UInt16(exactly: row.picture?.utf8.count ?? 0)
        else {
            full = true
            return DirectoryProblem(line: row.line, reason: "the directory is full")
        }
        let number = UInt32(records.count)
        md5.append(Directory.md5Key(try Digest.md5(address.utf8), entry: number))
        sha256.append(Directory.sha256Key(try Digest.sha256(address.utf8), entry: number))
        records.append(Directory.Record(
            offset: UInt32(text.count), nameLength: nameLength, keyLength: keyLength, pictureLength: pictureLength,
            version: entry.version))
        lines.append(row.line)
        text += row.name.utf8
        text += colorKey.utf8
        text += (row.picture ?? "").utf8
        // The directory's version folds in each entry's version and its address's digest.
        version = (version ^ entry.version ^ md5[md5.count - 1].high) &* ColorKey.prime
        return nil
    }

    /// The directory, with duplicate addresses (equal MD5 of the lower-cased address) reported
    /// by the line of the later row and dropped from both indexes.
    mutating func build(report: (DirectoryProblem) -> Void) -> Directory {
        md5.sort { $0 < $1 || ($0 == $1 && $0.entry < $1.entry) }
        sha256.sort { $0 < $1 || ($0 == $1 && $0.entry < $1.entry) }
        var dropped = Set<UInt32>()
        md5 = dedupe(md5) { dropped.insert($0) }
        sha256 = dedupe(sha256) { _ in }
        for entry in dropped.sorted() { report(DirectoryProblem(line: Int(entry) < lines.count ? lines[Int(entry)] : 0, reason: "the same address as an earlier row")) }
        text.shrinkToFit()
        records.shrinkToFit()
        return Directory(text: text, records: records, md5: md5, sha256: sha256, version: version)
    }

    private func dedupe<Key: Comparable>(_ keys: [Key], dropped: (UInt32) -> Void) -> [Key] where Key: EntryNumbered {
        var kept: [Key] = []
        kept.reserveCapacity(keys.count)
        for key in keys {
            if let last = kept.last, last == key { dropped(key.entry) } else { kept.append(key) }
        }
        return kept
    }
}

protocol EntryNumbered { var entry: UInt32 { get } }
extension Directory.MD5Key: EntryNumbered {}
extension Directory.SHA256Key: EntryNumbered {}

extension Array {
    mutating func shrinkToFit() {
        guard capacity > count + count / 16 else { return }
        var exact: [Element] = []
        exact.reserveCapacity(count)
        exact.append(contentsOf: self)
        self = exact
    }
}
