public import MonogramCore

/// `render`: what may be drawn and how much drawing may happen at once.
public struct RenderConfiguration: Sendable, Hashable {
    /// `render.max_size`: the largest `size` parameter accepted, 16…4096. Default 1024.
    public var maxSize: Int = 1024
    /// `render.fonts`: the font families `font=` may name (an allow-list, so a request cannot
    /// make fontconfig search for arbitrary fonts). Default the five families below.
    public var fonts: [String] = ["DejaVu Sans", "Noto Sans", "Noto Serif", "DejaVu Serif", "DejaVu Sans Mono"]
    /// `render.default_font`: the family used without `font=`; must be in `fonts`. Default `Noto Sans`.
    public var defaultFont: String = "Noto Sans"
    /// `render.bold`: the weight used without `bold=`. Default false.
    public var bold: Bool = false
    /// `render.masks_dir`: folder of mask images that `shape=` may name. Default `config/masks`.
    public var masksDir: String = "config/masks"
    /// `render.palette`: background colours the colour key picks from, each reaching 4.5:1
    /// contrast with white. Empty (the default) means the built-in palette.
    public var palette: [RGBA] = []
    /// `render.palettes`: named palettes `palette=NAME` may pick (API §10). Default none.
    public var palettes: [String: [RGBA]] = [:]
    /// `render.workers`: renders running at once; 0 (the default) means one per CPU core.
    public var workers: Int = 0
    /// `render.queue`: renders waiting for a worker before requests get 503. Default 64.
    public var queue: Int = 64
    /// `render.timeout`: how long a request may wait for a render worker, counted from its
    /// arrival (after its picture budget, for pictures); past it the answer is 503. Default 2 s.
    public var timeout: Duration = .seconds(2)

    public init() {}
}
