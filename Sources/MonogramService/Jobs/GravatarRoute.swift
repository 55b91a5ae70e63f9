import MonogramCore
import MonogramGravatar
import MonogramHTTP
import MonogramPictures
import Dispatch

/// What `/gravatar/{hash}` needs beyond the other routes: the directory, the upstream, the
/// redirect allow-list, its `Cache-Control`, and whether signatures are required (API §7, §8).
final class GravatarRoute: Sendable {
    let store: DirectoryStore?
    let upstream: String
    let cacheControl: String
    let redirectHosts: AllowList
    let signatureRequired: Bool
    let reloadInterval: Double
    /// The size the upstream is asked for: the largest `s` (`render.max_size`; Gravatar's own
    /// limit is 2048).
    let upstreamSize: Int

    init(configuration: Configuration, pictures: PictureService, logger: Logger) {
        let settings = configuration.gravatar
        self.store = settings.directory.isEmpty ? nil : DirectoryStore(
            path: settings.directory,
            limits: DirectoryLimits(maxBytes: settings.maxDirectoryBytes, maxRows: settings.maxDirectoryRows),
            checkPicture: { picture in
                do throws(PictureError) {
                    _ = try pictures.validate(picture)
                    return nil
                } catch {
                    return error.description
                }
            },
            log: { logger.info($0) })
        self.upstream = settings.upstream
        self.cacheControl = settings.cacheControl
        self.redirectHosts = AllowList(patterns: settings.redirectHosts)
        self.signatureRequired = configuration.security.requireSignature
        self.reloadInterval = settings.reloadInterval
        self.upstreamSize = min(2048, configuration.render.maxSize)
    }

    /// The directory's first load (before the server listens, so the first request sees it),
    /// then a reload on a changed modification time (SIGHUP: `AvatarService.reload()`). Keep
    /// the sources.
    func start() -> [any DispatchSourceProtocol] {
        guard let store else { return [] }
        store.loadNow()
        return [store.reloadWhenModified(every: reloadInterval)]
    }

    /// `redirect_hosts` empty: any host; else only those (as `pictures.allowed_hosts` reads them).
    func allowsRedirect(_ target: RedirectTarget) -> Bool {
        guard !redirectHosts.isEmpty else { return true }
        guard let url = try? PictureURL.parse(target.url) else { return false }
        return redirectHosts.match(url) != nil
    }

    /// The pictures to try for `entry`: its own (if the allow-list takes it), then the upstream's.
    /// The upstream is always asked for the largest size `s` may name (`upstreamSize`), so a
    /// hash is fetched once whatever sizes are asked for; each is reduced from that one picture.
    func sources(for entry: DirectoryEntry, hash: GravatarHash, pictures: PictureService) -> [PictureURL] {
        var urls: [PictureURL] = []
        if let picture = entry.picture, let url = try? pictures.validate(picture) { urls.append(url) }
        if !upstream.isEmpty, let url = try? pictures.validate(upstream + hash.description + "?s=\(upstreamSize)&d=404") { urls.append(url) }
        return urls
    }
}
