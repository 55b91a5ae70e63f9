internal import MonogramSync

/// One lock for everything that looks glyphs up in cairo: laying out and showing text, and
/// finishing an SVG surface (which writes the glyphs' outlines then).
///
/// Why: cairo 1.16 (Debian 12) keeps every scaled font's glyphs in pages of one global cache
/// (512 pages) and, when it is full, evicts a page of any font that is not frozen, checking
/// that without taking the font's lock. A thread adding a glyph can so free the glyphs another
/// thread is reading: the process crashes (`AttackGlyphCacheTests`; fixed upstream in 1.17,
/// where eviction try-locks the font). A client reaches it simply by asking for many text
/// sizes at once. Everything else in a render (backgrounds, pictures, encoding) runs in
/// parallel; text is a small part of a miss.
enum GlyphCacheLock {
    private static let lock = Locked(())

    /// Runs `body` while no other thread looks glyphs up. Not reentrant: `body` must not call
    /// it again.
    static func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { (_: inout Void) throws(Failure) -> Result in try body() }
    }
}
