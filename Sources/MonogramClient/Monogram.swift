public import Foundation

/// `src` and `srcset` for an `<img>` (or the URLs for a view's 1×, 2×, 3× images).
public struct Srcset: Sendable, Equatable {
    /// The 1× (first density's) URL.
    public let src: String
    /// `URL 1x, URL 2x, URL 3x`.
    public let srcset: String
    /// Each density's URL, in order.
    public let urls: [(density: Double, url: String)]

    public static func == (a: Srcset, b: Srcset) -> Bool { a.src == b.src && a.srcset == b.srcset }

    /// One URL per density: `build(density)` gives the target with that `dpr` (the point size
    /// stays), prefixed with `base` and signed one by one when `signer` is given.
    public static func make(
        base: String = "", densities: [Double] = [1, 2, 3], signer: (any URLSigning)? = nil, expires: Int? = nil,
        build: (Double) throws(MonogramClientError) -> String
    ) throws(MonogramClientError) -> Srcset {
        guard !densities.isEmpty else { throw MonogramClientError("densities", "must list at least one density") }
        let root = Monogram.trimmed(base)
        var urls: [(density: Double, url: String)] = []
        for density in densities {
            _ = try URLText.density(density)
            var url = root + (try build(density))
            if let signer { url = try URLSignature.sign(url, with: signer, expires: expires) }
            urls.append((density, url))
        }
        var candidates: [String] = []
        for (density, url) in urls { candidates.append("\(url) \(try URLText.decimal(density, "dpr"))x") }
        return Srcset(src: urls[0].url, srcset: candidates.joined(separator: ", "), urls: urls)
    }
}

/// The builders bound to a server's base URL (`https://avatars.example.com`, no path) and, on
/// a backend, a signer and an expiry: every URL it returns is ready for a page or a view.
public struct Monogram: Sendable {
    public var base: String
    public var signer: (any URLSigning)?
    /// Unix seconds written as `exp` into every signed URL (API §11), or none.
    public var expires: Int?

    public init(base: String, signer: (any URLSigning)? = nil, expires: Int? = nil) {
        self.base = Self.trimmed(base)
        self.signer = signer
        self.expires = expires
    }

    /// With an expiry as a date.
    public init(base: String, signer: any URLSigning, expires: Date) {
        self.init(base: base, signer: signer, expires: Int(expires.timeIntervalSince1970.rounded(.down)))
    }

    public func avatar(_ name: String, _ options: AvatarOptions = AvatarOptions()) throws(MonogramClientError) -> String {
        try finish(MonogramPath.avatar(name, options))
    }

    public func group(_ names: [String], _ options: GroupOptions = GroupOptions()) throws(MonogramClientError) -> String {
        try finish(MonogramPath.group(names, options))
    }

    public func likedBy(
        _ users: [User], _ options: GroupOptions = GroupOptions(), withoutPicture: LikedByFace = .initials
    ) throws(MonogramClientError) -> String {
        try finish(MonogramPath.likedBy(users, options, withoutPicture: withoutPicture))
    }

    public func avatarView(_ configuration: AvatarViewConfiguration) throws(MonogramClientError) -> String {
        try finish(MonogramPath.avatarView(configuration))
    }

    /// Never signed: the applications that call `/gravatar` cannot sign (API §8).
    public func gravatar(_ hash: String, _ options: GravatarOptions = GravatarOptions()) throws(MonogramClientError) -> String {
        base + (try MonogramPath.gravatar(hash, options))
    }

    /// `gravatar` for an e-mail address (its SHA-256 hash; the address is not in the URL).
    public func gravatar(email: String, _ options: GravatarOptions = GravatarOptions()) throws(MonogramClientError) -> String {
        try gravatar(MonogramPath.gravatarHash(email: email), options)
    }

    /// 1×/2×/3× of one avatar at `options.size` points.
    public func avatarSrcset(_ name: String, _ options: AvatarOptions = AvatarOptions(), densities: [Double] = [1, 2, 3]) throws(MonogramClientError) -> Srcset {
        try Srcset.make(base: base, densities: densities, signer: signer, expires: expires) { density throws(MonogramClientError) in
            var o = options
            o.dpr = density
            return try MonogramPath.avatar(name, o)
        }
    }

    /// 1×/2×/3× of a group at `options.size` points per face.
    public func groupSrcset(_ names: [String], _ options: GroupOptions = GroupOptions(), densities: [Double] = [1, 2, 3]) throws(MonogramClientError) -> Srcset {
        try Srcset.make(base: base, densities: densities, signer: signer, expires: expires) { density throws(MonogramClientError) in
            var o = options
            o.dpr = density
            return try MonogramPath.group(names, o)
        }
    }

    /// A `URL` of any string this type builds (they are always valid URLs).
    public static func url(_ text: String) -> URL? { URL(string: text) }

    private func finish(_ target: String) throws(MonogramClientError) -> String {
        guard let signer else { return base + target }
        return try URLSignature.sign(base + target, with: signer, expires: expires)
    }

    static func trimmed(_ base: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
