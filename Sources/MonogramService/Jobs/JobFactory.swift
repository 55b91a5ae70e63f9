import Glibc
public import MonogramCore
import MonogramGravatar
import MonogramPictures
import MonogramRender
import MonogramSync

/// What the routes need to turn a parsed request into an `AnswerJob`: the option limits, the
/// resolver of initials and colour, the renderer, and the picture service.
struct JobFactory: Sendable {
    let limits: OptionLimits
    let resolver: AvatarResolver
    let drawing: Drawing
    /// Fetches `picture=` URLs on its own threads.
    let pictures: PictureService
    let pictureFailure: PictureFailureAnswers
    /// `/gravatar`'s directory and settings.
    let gravatar: GravatarRoute
    let pictureFailureCacheControl: String
    /// The process-wide work memory (`limits.work_memory`): renders reserve their peak from it
    /// (through the pipeline), picture decodes theirs (through the picture service).
    let memory: MemoryBudget

    init(configuration: Configuration, renderer: Renderer, headers: CommonHeaders, logger: Logger) {
        self.limits = configuration.render.limits(masks: renderer.maskNames)
        self.resolver = configuration.render.resolver
        self.drawing = Drawing(renderer: renderer)
        self.memory = MemoryBudget(capacity: configuration.workMemoryBudgetBytes)
        self.pictures = PictureService(settings: configuration.pictures.fetch, memory: memory)
        self.pictureFailure = PictureFailureAnswers(cacheControl: configuration.pictures.failureCacheControl, headers: headers)
        self.pictureFailureCacheControl = configuration.pictures.failureCacheControl
        self.gravatar = GravatarRoute(configuration: configuration, pictures: pictures, logger: logger)
    }

    /// One of `/avatar`'s two jobs, as a concrete type: the pipeline's generic `answer` is then
    /// specialised for it, where an `any AnswerJob` cost a box and unspecialised generic code
    /// (~1,500 instructions) on every miss and refusal.
    enum AvatarJobs {
        case initials(AvatarJob)
        case picture(PictureAvatarJob)
    }

    func avatar(name: String, options: AvatarOptions) -> AvatarJobs {
        if options.format != .json, let picture = options.picture, let url = try? PictureURL.parse(picture) {
            return .picture(PictureAvatarJob(
                key: .avatar(options, name: name), resolved: resolver.resolve(name: name, options: options), url: url,
                pictures: pictures, drawing: drawing, failure: pictureFailure))
        }
        return .initials(AvatarJob(name: name, options: options, resolver: resolver, drawing: drawing))
    }

    func gravatar(hash: GravatarHash, drawing what: GravatarDrawing, pixels: Int, format: OutputFormat, entry: DirectoryEntry?) -> GravatarJob {
        var sources: [PictureURL] = []
        if case .entry(let entry) = what { sources = gravatar.sources(for: entry, hash: hash, pictures: pictures) }
        return GravatarJob(
            key: .gravatar(what.canonicalKey(hash: hash, pixels: pixels, format: format)), drawing: what, pixels: pixels, format: format,
            sources: sources, resolver: resolver, renderer: drawing, pictures: pictures, cacheControl: gravatar.cacheControl,
            failureCacheControl: pictureFailureCacheControl, tagKey: entry?.colorKey ?? hash.description)
    }

    func group(_ resolved: ResolvedGroup) -> any AnswerJob {
        let wanted = resolved.options.format == .json ? [] : drawnPictures(resolved)
        guard !wanted.isEmpty else { return GroupJob(resolved: resolved, drawing: drawing) }
        return PictureGroupJob(
            key: .group(resolved.options, names: resolved.names), resolved: resolved, wanted: wanted, pictures: pictures,
            drawing: drawing, failure: pictureFailure)
    }

    /// The pictures of the faces that are drawn, by face index.
    func drawnPictures(_ resolved: ResolvedGroup) -> [(face: Int, url: PictureURL)] {
        resolved.options.pictures.prefix(resolved.spec.faces.count).enumerated().compactMap { face, picture in
            picture.flatMap { try? pictures.validate($0) }.map { (face, $0) }
        }
    }

    /// Checks `picture` against the allow-list and replaces it by its normal form, so spelling
    /// variants of one URL share a cache entry. A bad URL or host is a 400 naming it.
    func normalisePicture(_ picture: String?) throws(OptionsError) -> String? {
        guard let picture else { return nil }
        do throws(PictureError) {
            return try pictures.validate(picture).string
        } catch {
            throw OptionsError(parameter: "picture", message: error.description)
        }
    }
}

extension RenderConfiguration {
    /// What a request may ask for (`render.max_size`, `render.fonts`, the masks found).
    public func limits(masks: Set<String>) -> OptionLimits {
        OptionLimits(maxSize: maxSize, fonts: fonts, masks: masks, palettes: [Palette.accessibleName] + palettes.keys.sorted())
    }

    /// Initials and colour with the configured palette(s), font and weight.
    public var resolver: AvatarResolver {
        let chosen = palette.isEmpty ? Palette.default : (Palette(colors: palette) ?? Palette.default)
        var named: [String: Palette] = [Palette.accessibleName: .accessible]
        for (name, colors) in palettes { named[name] = Palette(colors: colors) }
        return AvatarResolver(palette: chosen, defaultFont: defaultFont, defaultBold: bold, palettes: named)
    }

    /// `render.workers`, with 0 meaning one per online core.
    var workerCount: Int {
        workers > 0 ? workers : max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
