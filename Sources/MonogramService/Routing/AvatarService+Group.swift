import MonogramCore
import MonogramHTTP

extension AvatarService {
    /// `/group/{names}`: several faces in one image (API §2), cached and revalidated exactly
    /// like `/avatar`, keyed by the canonical options and the decoded list of names.
    func group(_ request: AnswerRequest, segment: Substring, query: Substring) -> HTTPHandlerResult {
        var request = request
        do throws(OptionsError) {
            let resolved = try parseGroup(segment: segment, query: query)
            try noteIgnored(query, known: GroupOptions.knownParameters, in: &request, strict: strictParameters)
            return pipeline.answer(jobs.group(resolved), for: request)
        } catch {
            return .respond(badRequest(error, request.head), .none)
        }
    }

    /// `{names}[.png|.svg|.json|.webp|.avif|.jpg|.jpeg]` and the query → what to draw, or the parameter at fault.
    /// The names are checked first: their count bounds the `picture` list.
    func parseGroup(segment: Substring, query: Substring) throws(OptionsError) -> ResolvedGroup {
        let (rawNames, suffixFormat) = AvatarPath.split(segment)
        let names = try GroupPath.names(rawNames)
        var options = try GroupOptions(query: QueryString.parse(query), limits: jobs.limits, nameCount: names.count)
        if let suffixFormat { options.format = suffixFormat }
        try options.checkTheme()
        for index in options.pictures.indices {
            options.pictures[index] = try jobs.normalisePicture(options.pictures[index])
        }
        let resolved = jobs.resolver.resolve(names: names, options: options)
        try options.format.check(pixels: resolved.spec.layout.width * resolved.spec.layout.height)
        return resolved
    }
}
