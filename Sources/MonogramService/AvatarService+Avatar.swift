import MonogramCore
import MonogramHTTP
import MonogramRender

extension AvatarService {
    func avatar(_ request: HTTPRequestHead, target: Substring, responder: HTTPResponder) -> HTTPHandlerResult {
        let ifNoneMatch = request.headers("If-None-Match")
        // Hot path: the exact URL was seen before; no parsing, no allocation beyond the key.
        let rawKey = String(target)
        if let canonical = aliases.value(forKey: rawKey), let cached = cache.value(forKey: canonical) {
            return .respond(cached.answer(ifNoneMatch: ifNoneMatch), note: "hit")
        }
        let resolved: ResolvedAvatar
        let format: OutputFormat
        do throws(OptionsError) {
            (resolved, format) = try parse(target)
        } catch {
            let prefersImage = AcceptPreference.prefersImage(request.header("Accept"))
            return .respond(response(for: .badParameter(error), prefersImage: prefersImage), note: "")
        }
        let key = AvatarService.canonicalKey(resolved, format: format)
        if let cached = cache.value(forKey: key) {
            aliases.insert(key, forKey: rawKey, cost: rawKey.utf8.count + key.utf8.count + 64)
            return .respond(cached.answer(ifNoneMatch: ifNoneMatch), note: "hit")
        }
        if format == .json {
            let cached = store(body: Array(resolved.json.utf8), resolved: resolved, format: format, key: key, rawKey: rawKey)
            return .respond(cached.answer(ifNoneMatch: ifNoneMatch), note: "miss")
        }
        guard flights.join(key, Waiter(responder: responder, ifNoneMatch: ifNoneMatch)) else {
            return .deferred
        }
        let queued = monotonicNanoseconds()
        let submitted = pool.submit { [self] in
            let waited = Double(monotonicNanoseconds() - queued) / 1e9
            let outcome: Result<CachedAvatar, ServiceError>
            if waited > settings.renderTimeout {
                outcome = .failure(.overloaded)
            } else {
                do throws(RenderError) {
                    let body = try renderer.render(resolved.spec, format: format == .svg ? .svg : .png)
                    outcome = .success(store(body: body, resolved: resolved, format: format, key: key, rawKey: rawKey))
                } catch {
                    outcome = .failure(.internalFailure("render \(key): \(error.message)"))
                }
            }
            finish(key, with: outcome)
        }
        if !submitted { finish(key, with: .failure(.overloaded)) }
        return .deferred
    }

    private func finish(_ key: String, with outcome: Result<CachedAvatar, ServiceError>) {
        let waiters = flights.finish(key)
        switch outcome {
        case .success(let cached):
            for waiter in waiters { waiter.responder.respond(cached.answer(ifNoneMatch: waiter.ifNoneMatch), note: "miss") }
        case .failure(let error):
            let answer = response(for: error, prefersImage: false)
            for waiter in waiters { waiter.responder.respond(answer, note: "miss") }
        }
    }

    private func store(body: [UInt8], resolved: ResolvedAvatar, format: OutputFormat, key: String, rawKey: String) -> CachedAvatar {
        let source = resolved.initials.isEmpty ? "placeholder" : "initials"
        let cached = responses.avatar(body: body, format: format, canonicalKey: key, source: source)
        cache.insert(cached, forKey: key, cost: cached.cost)
        aliases.insert(key, forKey: rawKey, cost: rawKey.utf8.count + key.utf8.count + 64)
        return cached
    }

    /// `/avatar/{name}[.png|.svg|.json]?query` → what to draw, or the parameter at fault.
    func parse(_ target: Substring) throws(OptionsError) -> (ResolvedAvatar, OutputFormat) {
        let path = target.prefix(while: { $0 != "?" })
        let query = target.dropFirst(path.count + 1)
        let segment = path.dropFirst("/avatar/".count)
        let (rawName, suffixFormat) = AvatarPath.split(segment)
        let name = try PathSegment.decodeName(rawName)
        var options = try AvatarOptions(query: QueryString.parse(query), limits: settings.limits)
        if let suffixFormat { options.format = suffixFormat }
        return (settings.resolver.resolve(name: name, options: options), options.format)
    }

    /// Equal for requests that draw the same bytes: the resolved drawing, plus the name and
    /// colour key for JSON, which reports them.
    static func canonicalKey(_ resolved: ResolvedAvatar, format: OutputFormat) -> String {
        var key = format.rawValue + "|" + resolved.options.canonicalKey
        key += "|n=" + resolved.name
        return key
    }
}
