import MonogramCore

extension JobFactory {
    /// `{name}[.png|.svg|.json|.webp|.avif]` and the query → the decoded name and validated
    /// options, or the parameter at fault. The one parse of an avatar request: the route and
    /// `monogram render` both come through here.
    func parseAvatar(segment: Substring, query: Substring) throws(OptionsError) -> (name: String, options: AvatarOptions) {
        let (rawName, suffixFormat) = AvatarPath.split(segment)
        let name = try PathSegment.decodeName(rawName)
        var options = try AvatarOptions(rawQuery: query, limits: limits)
        if let suffixFormat { options.format = suffixFormat }
        try options.checkTheme()
        try options.format.check(pixels: options.pixelSize * options.pixelSize)
        options.picture = try normalisePicture(options.picture)
        return (name, options)
    }
}
