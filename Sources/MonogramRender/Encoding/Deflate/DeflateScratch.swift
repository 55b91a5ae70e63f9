#if canImport(Glibc)
    private import Glibc
#elseif canImport(Darwin)
    private import Darwin
#endif

/// The memory one `RunDeflate` call works in — recent-position table, token buffer, symbol
/// counts, the three Huffman codes and their scratch — kept per thread and reused, so a miss
/// allocates and clears none of it. Bounded: about 25 KiB fixed plus a token buffer that is
/// shrunk back to `keptTokens` when a large image grew it.
///
/// Deliberately not Sendable: `take` hands an instance to one caller on one thread, which
/// gives it back (or drops it) when done; a nested call on the same thread gets a new one.
final class DeflateScratch {
    static let hashBits = 12
    /// Tokens kept between images (256 KiB): a 512 px RGBA avatar needs ~17 K.
    static let keptTokens = 1 << 16
    static let literalSymbols = 286, distanceSymbols = 30, headerSymbols = 19
    /// Literal/length plus distance code lengths, the most the header run-length codes.
    static let sequenceLength = literalSymbols + distanceSymbols

    /// Per hash of four bytes: `base` + the last position that started a token there; values
    /// below `base` are from earlier images (or empty), so nothing is cleared between images.
    let recent: UnsafeMutablePointer<UInt32>
    private(set) var base: UInt32 = 1
    private(set) var tokens: UnsafeMutablePointer<UInt32>
    private(set) var tokenCapacity: Int

    /// Per match length 3…258, its token bits (`RunDeflate.Match.lengthPart`).
    let lengthParts: UnsafeMutablePointer<UInt32>
    /// Literal/length symbol counts, the distance counts right after them (one pointer in the
    /// parse loop).
    let literalCounts: UnsafeMutablePointer<UInt32>
    var distanceCounts: UnsafeMutablePointer<UInt32> { literalCounts + DeflateScratch.literalSymbols }
    let headerCounts: UnsafeMutablePointer<UInt32>
    let literalLengths: UnsafeMutablePointer<UInt8>
    let distanceLengths: UnsafeMutablePointer<UInt8>
    let headerLengths: UnsafeMutablePointer<UInt8>
    let literalCodes: UnsafeMutablePointer<UInt16>
    let distanceCodes: UnsafeMutablePointer<UInt16>
    let headerCodes: UnsafeMutablePointer<UInt16>
    /// The concatenated code lengths the header sends, and their run-length symbols
    /// (symbol | extra value << 5).
    let sequence: UnsafeMutablePointer<UInt8>
    let headerRuns: UnsafeMutablePointer<UInt16>
    let huffman = HuffmanWork(symbols: DeflateScratch.literalSymbols)

    private init() {
        recent = .allocate(capacity: 1 << DeflateScratch.hashBits)
        recent.initialize(repeating: 0, count: 1 << DeflateScratch.hashBits)
        tokenCapacity = 4096
        tokens = .allocate(capacity: tokenCapacity)
        lengthParts = .allocate(capacity: 259)
        lengthParts.initialize(repeating: 0, count: 3)
        for length in 3...258 { (lengthParts + length).initialize(to: RunDeflate.Match.lengthPart(length)) }
        literalCounts = .allocate(capacity: DeflateScratch.literalSymbols + DeflateScratch.distanceSymbols)
        headerCounts = .allocate(capacity: DeflateScratch.headerSymbols)
        literalLengths = .allocate(capacity: DeflateScratch.literalSymbols)
        distanceLengths = .allocate(capacity: DeflateScratch.distanceSymbols)
        headerLengths = .allocate(capacity: DeflateScratch.headerSymbols)
        literalCodes = .allocate(capacity: DeflateScratch.literalSymbols)
        distanceCodes = .allocate(capacity: DeflateScratch.distanceSymbols)
        headerCodes = .allocate(capacity: DeflateScratch.headerSymbols)
        sequence = .allocate(capacity: DeflateScratch.sequenceLength)
        headerRuns = .allocate(capacity: DeflateScratch.sequenceLength)
    }

    deinit {
        for pointer in [UnsafeMutableRawPointer(recent), UnsafeMutableRawPointer(tokens), UnsafeMutableRawPointer(lengthParts), UnsafeMutableRawPointer(literalCounts),
                        UnsafeMutableRawPointer(headerCounts),
                        UnsafeMutableRawPointer(literalLengths), UnsafeMutableRawPointer(distanceLengths),
                        UnsafeMutableRawPointer(headerLengths), UnsafeMutableRawPointer(literalCodes),
                        UnsafeMutableRawPointer(distanceCodes), UnsafeMutableRawPointer(headerCodes),
                        UnsafeMutableRawPointer(sequence), UnsafeMutableRawPointer(headerRuns)] {
            pointer.deallocate()
        }
    }

    /// Starts an image of `count` bytes: returns the base its positions are stored with,
    /// clearing the table only when the bases would run past 2³² (every ~4 GB encoded).
    func beginImage(count: Int) -> UInt32 {
        if UInt64(base) + UInt64(count) + 1 > UInt64(UInt32.max) {
            recent.update(repeating: 0, count: 1 << DeflateScratch.hashBits)
            base = 1
        }
        let start = base
        base += UInt32(truncatingIfNeeded: count) + 1
        literalCounts.update(repeating: 0, count: DeflateScratch.literalSymbols + DeflateScratch.distanceSymbols)
        return start
    }

    /// For tests: moves the base close to the wrap-around.
    func setBase(_ value: UInt32) { base = max(1, value) }

    /// A token buffer of twice the capacity, holding the first `used` tokens.
    func growTokens(used: Int) -> UnsafeMutablePointer<UInt32> {
        let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * tokenCapacity)
        grown.moveInitialize(from: tokens, count: used)
        tokens.deallocate()
        tokens = grown
        tokenCapacity *= 2
        return grown
    }

    /// The thread's instance (handed out: until `giveBack`, a nested call gets another).
    static func take() -> DeflateScratch {
        if let existing = pthread_getspecific(key) {
            pthread_setspecific(key, nil)
            return Unmanaged<DeflateScratch>.fromOpaque(existing).takeRetainedValue()
        }
        return DeflateScratch()
    }

    /// Keeps `scratch` for the thread's next image, its token buffer cut back to the bound.
    static func giveBack(_ scratch: DeflateScratch) {
        if scratch.tokenCapacity > keptTokens {
            scratch.tokens.deallocate()
            scratch.tokenCapacity = keptTokens
            scratch.tokens = .allocate(capacity: keptTokens)
        }
        guard pthread_getspecific(key) == nil else { return }
        pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque())
    }

    /// The thread-specific key; its destructor releases the scratch when a thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<DeflateScratch>.fromOpaque(pointer).release()
        }
        precondition(result == 0, "pthread_key_create failed")
        return key
    }()
}
