import MonogramCore
import MonogramPictures
import MonogramSync
import Testing

/// Pictures built to cost CPU or memory out of all proportion to their size (issue 11),
/// generated here (HostilePictures), refused or bounded before any pixel is decoded.
@Suite("Hostile pictures")
struct HostilePictureTests {
    @Test("counts every scan of a many-scan progressive JPEG from its markers")
    func countsScans() throws {
        let jpeg = HostilePictures.manyScanJPEG(width: 64, height: 48)
        let structure = try #require(JPEGStructure.read(jpeg))
        #expect(structure.scans == 2_647)
        #expect(structure.scanComponents == 3 + 3 * 63 * 14)
        #expect(structure.progressive && structure.components == 3)
        #expect((structure.width, structure.height) == (64, 48))
        #expect(structure.work == structure.scanComponents * 64 * 48)
    }

    @Test("decodes a legal many-scan JPEG within the work bound")
    func decodesWithinBound() throws {
        // Proves the generator writes a JPEG libjpeg-turbo accepts, so the refusal below is
        // the bound's doing and not a parse error.
        let jpeg = HostilePictures.manyScanJPEG(width: 64, height: 64, bands: 4, levels: 3)
        let bitmap = try PictureDecoder(maxPixels: 40_000_000).decode(jpeg, targetSide: 32)
        #expect(bitmap.side == 32)
        #expect(bitmap[16, 16] >> 24 == 0xFF)
    }

    @Test("refuses a JPEG whose scans × pixels exceed the work bound, before decoding")
    func refusesScanBomb() throws {
        // 2,647 scans of 1 MP: 0.37 s of CPU here, 16 s at 16 MP (the file).
        let jpeg = HostilePictures.manyScanJPEG(width: 1024, height: 1024)
        #expect(throws: PictureFailure.tooMuchWork) { try PictureDecoder(maxPixels: 40_000_000).header(of: jpeg) }
        #expect(throws: PictureFailure.tooMuchWork) {
            try PictureDecoder(maxPixels: 40_000_000, maxJPEGWork: 1_000_000).decode(
                HostilePictures.manyScanJPEG(width: 64, height: 64), targetSide: 32)
        }
    }

    @Test("survives truncated and garbled JPEG markers", arguments: [
        [0xFF, 0xD8], [0xFF, 0xD8, 0xFF], [0xFF, 0xD8, 0xFF, 0xC2], [0xFF, 0xD8, 0xFF, 0xC2, 0x00, 0x01],
        [0xFF, 0xD8, 0xFF, 0xDA, 0xFF, 0xFF, 0xFF], [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 8, 0xFF, 0xFF],
        [0xFF, 0xD8, 0x00, 0x00, 0xFF, 0xD9],
    ] as [[UInt8]])
    func garbledMarkers(bytes: [UInt8]) {
        let structure = JPEGStructure.read(bytes)
        #expect(structure == nil || structure!.scans >= 0)
    }

    @Test("prices a 40 MP PNG from its header: 160 MB, more than a small budget holds")
    func pricesLargePNG() throws {
        // ~40 KB on disk; the budget decision reads the header only and decodes nothing.
        let png = HostilePictures.zeroPNG(width: 8_000, height: 5_000)
        #expect(png.count < 64_000)
        let header = try PictureDecoder(maxPixels: 40_000_000).header(of: png)
        #expect(header.memoryCost(targetSide: 128) >= 160_000_000)
        let budget = MemoryBudget(capacity: 64 << 20)
        #expect(throws: MemoryBudget.Refusal.neverFits) { try budget.acquire(header.memoryCost(targetSide: 128), until: .now + .seconds(60)) }
    }

    @Test("decodes the generated zero PNG as opaque black")
    func zeroPNG() throws {
        let bitmap = try PictureDecoder(maxPixels: 40_000_000).decode(HostilePictures.zeroPNG(width: 300, height: 200), targetSide: 64)
        #expect(bitmap.side == 100)
        #expect(bitmap[50, 50] == 0xFF00_0000)
    }

    @Test("prices progressive JPEG coefficients and lossless WebP by the whole image")
    func pricesCodecBuffers() throws {
        let jpeg = HostilePictures.manyScanJPEG(width: 800, height: 800, bands: 1, levels: 1)
        let header = try PictureDecoder(maxPixels: 40_000_000).header(of: jpeg)
        // 4:4:4: three components × 2 bytes of coefficients per pixel, whatever the output.
        #expect(header.memoryCost(targetSide: 32) >= 800 * 800 * 6)
    }
}

@Suite("Memory budget")
struct MemoryBudgetTests {
    @Test("refuses what can never fit and what does not fit by the deadline")
    func refuses() throws {
        let budget = MemoryBudget(capacity: 100)
        #expect(throws: MemoryBudget.Refusal.neverFits) { try budget.acquire(101, until: .now + .seconds(60)) }
        try budget.acquire(80, until: .now + .seconds(60))
        #expect(throws: MemoryBudget.Refusal.timedOut) { try budget.acquire(30, until: .now) }
        budget.release(80)
        try budget.acquire(100, until: .now)
        #expect(budget.inUse == 100 && budget.peak == 100)
    }

    @Test("a waiter gets in when another gives back")
    func waits() async throws {
        let budget = MemoryBudget(capacity: 100)
        try budget.acquire(100, until: .now)
        async let waited: Bool = {
            do {
                try budget.acquire(60, until: .now + .seconds(120))
                return true
            } catch {
                return false
            }
        }()
        budget.release(100)
        #expect(await waited)
        #expect(budget.inUse == 60)
    }
}
