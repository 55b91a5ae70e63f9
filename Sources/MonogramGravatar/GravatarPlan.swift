public import MonogramCore

/// What one `/gravatar/{hash}` request answers (API §7), decided from the hash, the parameters
/// and the directory alone — no I/O, so every branch is unit-tested.
public enum GravatarPlan: Sendable, Equatable {
    /// `d=404` for an unknown hash (or with `f=y`).
    case notFound
    /// `d=URL`: a 302 to this (checked) URL.
    case redirect(String)
    /// An image of `query.size` pixels.
    case draw(GravatarDrawing)

    /// - Parameters:
    ///   - entry: the directory's entry for `hash`, if any.
    ///   - signatureRequired: `security.require_signature`: `name`/`initials` are ignored, so
    ///     the route cannot draw text an attacker chose.
    ///   - allowsRedirect: whether `gravatar.redirect_hosts` lets a redirect go to this target.
    public init(
        hash: GravatarHash, query: GravatarQuery, entry: DirectoryEntry?, signatureRequired: Bool,
        allowsRedirect: (RedirectTarget) -> Bool
    ) {
        if let entry, !query.forceDefault {
            self = .draw(.entry(entry))
            return
        }
        switch query.fallback {
        case .notFound: self = .notFound
        case .placeholder: self = .draw(.placeholder)
        case .blank: self = .draw(.blank)
        case .color: self = .draw(.color(hash))
        case .identicon: self = .draw(.identicon(hash))
        case .initials:
            let name = signatureRequired ? nil : query.name
            let initials = signatureRequired ? nil : query.initials.map { String($0.prefix(3)) }
            self = name == nil && initials == nil ? .draw(.placeholder) : .draw(.initials(name: name ?? "", initials: initials))
        case .redirect(let value):
            if let target = RedirectTarget(value), allowsRedirect(target) {
                self = .redirect(target.url)
            } else {
                self = .draw(.placeholder)
            }
        }
    }
}

/// The image a plan draws.
public enum GravatarDrawing: Sendable, Equatable {
    /// A directory entry: its picture, else the upstream's, else its initials on its colour.
    case entry(DirectoryEntry)
    /// `d=initials`: from the request's `name` (colour key) and/or `initials`.
    case initials(name: String, initials: String?)
    case placeholder
    case blank
    case color(GravatarHash)
    case identicon(GravatarHash)

    /// The key naming this drawing of `hash` at a size: the cache key and ETag seed of the
    /// answer, in the one key encoding (`CanonicalKeyWriter`): the hash, the size, the kind of
    /// drawing and its fields, each length-prefixed, so a `name` or `initials` holding any
    /// text (`X|Y`) never makes another request's key. An entry is named by its content
    /// version, so a reload that changes it changes its tag.
    /// A JPEG's key ends with `jpeg` (drawn on the default white matte); a PNG's has no format
    /// field, so PNG keys and ETags stay as they were.
    public func canonicalKey(hash: GravatarHash, pixels: Int, format: OutputFormat = .png) -> String {
        CanonicalKeyWriter.make { key in
            key.field(hash.description)
            key.field(pixels)
            switch self {
            case .entry(let entry):
                key.field("entry")
                key.field(String(entry.version, radix: 16))
            case .initials(let name, let initials):
                key.field("initials")
                key.optional(initials)
                key.field(name)
            case .placeholder: key.field("placeholder")
            case .blank: key.field("blank")
            case .color(let hash):
                key.field("color")
                key.field(hash.description)
            case .identicon(let hash):
                key.field("identicon")
                key.field(hash.description)
            }
            if format == .jpeg { key.field("jpeg") }
        }
    }

    /// What `X-Avatar-Source` says for the drawing without a picture.
    public var drawsInitials: Bool {
        switch self {
        case .entry(let entry): !Initials.compute(from: entry.name, length: 2, uppercase: true).isEmpty
        case .initials: true
        default: false
        }
    }

    /// The spec for the drawing without a picture (an entry's initials; the defaults), drawn
    /// exactly as `/avatar/{name}?id={key}&size={pixels}` (or `/avatar/?size=…`) would be.
    public func spec(pixels: Int, resolver: AvatarResolver) -> AvatarSpec {
        var options = AvatarOptions()
        options.size = pixels
        switch self {
        case .entry(let entry):
            options.id = entry.colorKey
            return resolver.resolve(name: entry.name, options: options).spec
        case .initials(let name, let initials):
            options.initials = initials
            return resolver.resolve(name: name.isEmpty ? (initials ?? "") : name, options: options).spec
        case .placeholder:
            return resolver.resolve(name: "", options: options).spec
        case .blank:
            var spec = resolver.resolve(name: "", options: options).spec
            spec.background = .transparent
            spec.content = .picture(GravatarDrawing.clear)
            return spec
        case .color(let hash):
            var spec = resolver.resolve(name: "", options: options).spec
            spec.background = resolver.palette.color(forKey: hash.description)
            spec.content = .picture(GravatarDrawing.clear)
            return spec
        case .identicon(let hash):
            var spec = resolver.resolve(name: "", options: options).spec
            spec.content = .picture(Identicon(hash: hash, palette: resolver.palette).bitmap(pixels: pixels))
            return spec
        }
    }

    /// One transparent pixel: "no content" for the renderer, which then shows the background.
    static let clear = PictureBitmap(side: 1, pixels: [0])
}
