/// What one request's work costs, known before it starts from what the request says and
/// refined as the work learns more (a picture's pixels once its header is read, the answer's
/// real size once encoded): CPU, the most memory it holds at once, and the bytes of its answer.
///
/// One value drives every bound of issue 21: the client budget is charged `tokens`, the
/// process-wide memory budget is asked for `peakBytes` before the work runs, and
/// `outputBytes` decides whether the answer could ever be sent (`limits.max_answer_bytes`).
public struct WorkCost: Sendable, Hashable {
    /// CPU on the reference machine, in nanoseconds (estimates, from `CostTable`).
    public var cpuNanoseconds: Int
    /// Bytes held at the peak: pixels decoded, surfaces, encoder state and the answer.
    public var peakBytes: Int
    /// Bytes of the answer at most.
    public var outputBytes: Int
    /// API §8's floor on the tokens: one per 128² output pixels started, so a budget sized by
    /// the documented rule (a 1024 px answer costs 64) holds whatever the CPU estimate says.
    public var pixelTokens: Int

    public init(cpuNanoseconds: Int, peakBytes: Int, outputBytes: Int, pixelTokens: Int = 0) {
        self.cpuNanoseconds = max(0, cpuNanoseconds)
        self.peakBytes = max(0, peakBytes)
        self.outputBytes = max(0, outputBytes)
        self.pixelTokens = max(0, pixelTokens)
    }

    public static let zero = WorkCost(cpuNanoseconds: 0, peakBytes: 0, outputBytes: 0)

    /// Client-budget tokens (API §8): one per `CostTable.tokenNanoseconds` of CPU started,
    /// rounded up, and never fewer than one per 128² output pixels started, at least 1 — a
    /// 128 px PNG avatar costs 1, a 129 px one 2, a 1024 px one 64, a picture's decode more.
    public var tokens: Int {
        let unit = CostTable.tokenNanoseconds
        return max(1, pixelTokens, cpuNanoseconds / unit + (cpuNanoseconds % unit == 0 ? 0 : 1))
    }

    /// Both costs, as work done one after the other: CPU and output add up, the peak is the
    /// larger one's.
    public func then(_ other: WorkCost) -> WorkCost {
        WorkCost(
            cpuNanoseconds: cpuNanoseconds &+ other.cpuNanoseconds, peakBytes: max(peakBytes, other.peakBytes),
            outputBytes: outputBytes &+ other.outputBytes, pixelTokens: pixelTokens &+ other.pixelTokens)
    }
}

/// How to estimate a `WorkCost` from a request: the one table of per-format factors. CPU and
/// answer sizes were measured with `bench/cost_factors.py` (release build, loopback, the 2-core
/// reference machine; the run is in docs/hardening.md) and rounded up; the memory figures are
/// the render working sets measured for the README's memory section (a 4096² PNG render's
/// surface, RGBA copy and encoder: 141.8 MiB, ~9 B per pixel; WebP's encoder ~21 B per pixel
/// more for initials, and a 2048² WebP of a noisy picture peaked at 162.5 MiB, 40.6 B per pixel
/// in all, hence 24). Estimates err high: a token or a byte too many is a refusal a little early, one too
/// few an unbounded cost.
public enum CostTable {
    /// CPU of one token: one 128 × 128 PNG avatar with initials (measured 0.22 ms).
    public static let tokenNanoseconds = 250_000

    /// Per-format factors.
    public struct Format: Sendable, Hashable {
        /// Drawing and encoding initials (flat colour and text), nanoseconds per output pixel.
        public let initialsCPUPerPixel: Double
        /// Drawing and encoding a picture (scaled, then compressed), nanoseconds per pixel.
        public let pictureCPUPerPixel: Double
        /// Encoder working set beyond the drawn surface, bytes per pixel.
        public let encoderBytesPerPixel: Int
        /// Largest answer per pixel for initials.
        public let initialsOutputPerPixel: Double
        /// Largest answer per pixel when a picture is drawn (noise compresses least).
        public let pictureOutputPerPixel: Double
    }

    /// The table. Measured (ns per pixel, initials / picture; bytes per pixel): PNG 7.2 / 172,
    /// 0.04 / 2.6; SVG 0 / 55, 0 / 1.0; WebP 28 / 248, 0.01 / 1.9; AVIF 95 / 179, 0.01 / 0.23
    /// (aom speed 9, quantizer 40 from 128² pixels, issue 26: it was 176 / 901 at speed 8).
    /// JPEG (issue 25's run, docs/hardening.md) 6.9 / 10.7, 0.04 / 0.5, and a noisy picture at
    /// its own size 21.7 ns and 1.13 B per pixel at 4:4:4 (240 px), 0.73 B at 4:2:0 (512 px).
    /// Noise drawn at its own size compresses to ~4 B per pixel in PNG and lossless WebP, and
    /// SVG embeds a picture as base64 PNG (4/3 of that).
    public static func format(_ format: OutputFormat) -> Format {
        switch format {
        case .png: png
        case .svg: Format(initialsCPUPerPixel: 0, pictureCPUPerPixel: 60, encoderBytesPerPixel: 0, initialsOutputPerPixel: 0.01, pictureOutputPerPixel: 5.6)
        case .webp: Format(initialsCPUPerPixel: 30, pictureCPUPerPixel: 260, encoderBytesPerPixel: 24, initialsOutputPerPixel: 0.05, pictureOutputPerPixel: 4.2)
        case .avif: Format(initialsCPUPerPixel: 100, pictureCPUPerPixel: 190, encoderBytesPerPixel: 24, initialsOutputPerPixel: 0.05, pictureOutputPerPixel: 2.0)
        // JPEG reads the surface itself (no RGBA copy; TurboJPEG's worst-case output buffer is
        // malloc'd but only the answer's pages are touched), so no encoder bytes beyond it.
        case .jpeg: Format(initialsCPUPerPixel: 8, pictureCPUPerPixel: 25, encoderBytesPerPixel: 0, initialsOutputPerPixel: 0.3, pictureOutputPerPixel: 1.5)
        case .json: Format(initialsCPUPerPixel: 0, pictureCPUPerPixel: 0, encoderBytesPerPixel: 0, initialsOutputPerPixel: 0, pictureOutputPerPixel: 0)
        }
    }

    static let png = Format(initialsCPUPerPixel: 8, pictureCPUPerPixel: 180, encoderBytesPerPixel: 0, initialsOutputPerPixel: 0.25, pictureOutputPerPixel: 4.1)

    /// Every request's fixed CPU (parsing, layout, headers, the loop's share), chosen so that a
    /// 128 px PNG with initials is exactly one token.
    public static let requestNanoseconds = tokenNanoseconds - 128 * 128 * Int(png.initialsCPUPerPixel)
    /// A render's surface, its RGBA copy and the PNG encoder, bytes per pixel; mask shapes
    /// also hold a masked group surface and the scaled mask (15 B).
    public static let surfaceBytesPerPixel = 9
    public static let maskedSurfaceBytesPerPixel = 15
    /// Fixed part of every answer: headers, PNG/WebP containers, SVG markup.
    public static let outputOverhead = 8192
    /// Fetching one picture (connection, TLS, reading it).
    public static let fetchNanoseconds = 1_000_000
    /// Decoding a picture: per source pixel, plus per byte of its file (inflate, entropy
    /// decoding). Measured: a 40 MP PNG of 40 KB took 305 ms (7.6 ns/px), a noisy 2048² PNG
    /// of 14 MB 57 ns per pixel.
    public static let decodeNanosecondsPerPixel = 8
    public static let decodeNanosecondsPerByte = 15
}

/// The estimate for each kind of work.
public enum CostModel {
    /// Drawing and encoding an image of `width × height` pixels holding `faces` faces of
    /// `faceSide` pixels (one for an avatar), `pictures` of them drawn from pictures.
    public static func render(
        width: Int, height: Int, faceSide: Int? = nil, faces: Int = 1, masked: Bool, format: OutputFormat, pictures: Int = 0
    ) -> WorkCost {
        let factors = CostTable.format(format)
        // Far beyond anything the options allow (4096 × dpr 4 per side), so no product traps.
        let bound = 1 << 20
        let (width, height) = (min(max(0, width), bound), min(max(0, height), bound))
        let pixels = width * height
        let side = min(max(0, faceSide ?? max(width, height)), bound)
        let faces = min(max(1, faces), 1024)
        let pictures = min(max(0, pictures), faces)
        // Each face is drawn at its full size, even where the next one covers it.
        let drawn = max(pixels, side * side * faces)
        let share = Double(pictures) / Double(faces)
        let cpuPerPixel = factors.initialsCPUPerPixel + (factors.pictureCPUPerPixel - factors.initialsCPUPerPixel) * share
        let cpu = Double(CostTable.requestNanoseconds) + Double(drawn) * cpuPerPixel
        let perPixel = factors.initialsOutputPerPixel + (factors.pictureOutputPerPixel - factors.initialsOutputPerPixel) * share
        let output = Int((Double(pixels) * perPixel).rounded(.up)) + CostTable.outputOverhead
        let surfaceBytes = masked ? CostTable.maskedSurfaceBytesPerPixel : CostTable.surfaceBytesPerPixel
        // Each picture is scaled to its face once while drawn (the decoded picture itself is
        // held, and reserved, by the picture service's load until the render ends).
        let pictureBytes = pictures * 4 * side * side
        let peak = pixels * (surfaceBytes + factors.encoderBytesPerPixel) + output + pictureBytes
        let tile = 128 * 128
        return WorkCost(
            cpuNanoseconds: Int(cpu.rounded(.up)), peakBytes: peak, outputBytes: output,
            pixelTokens: pixels / tile + (pixels % tile == 0 ? 0 : 1))
    }

    /// An avatar of `side` pixels.
    public static func avatar(side: Int, masked: Bool, format: OutputFormat, picture: Bool) -> WorkCost {
        render(width: side, height: side, masked: masked, format: format, pictures: picture ? 1 : 0)
    }

    /// JSON: string building on the event loop, one token.
    public static let json = WorkCost(cpuNanoseconds: CostTable.tokenNanoseconds, peakBytes: 4096, outputBytes: 4096)

    /// Fetching (when `fetched`) and decoding a picture of `sourcePixels` (width × height as its
    /// header states) from `sourceBytes`, charged once those are known and before any pixel is
    /// decoded; `decodeBytes` is what the decode holds.
    public static func picture(sourcePixels: Int, sourceBytes: Int, fetched: Bool, decodeBytes: Int) -> WorkCost {
        let pixels = min(max(0, sourcePixels), 1 << 40), bytes = min(max(0, sourceBytes), 1 << 40)
        let decode = pixels * CostTable.decodeNanosecondsPerPixel + bytes * CostTable.decodeNanosecondsPerByte
        return WorkCost(cpuNanoseconds: decode + (fetched ? CostTable.fetchNanoseconds : 0), peakBytes: decodeBytes, outputBytes: 0)
    }
}
