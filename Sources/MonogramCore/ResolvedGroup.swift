/// One group, decided: what the renderer draws and what the JSON format reports.
public struct ResolvedGroup: Sendable {
    /// Every name in the request, drawn or not.
    public let names: [String]
    /// The drawn faces, resolved exactly as `/avatar` resolves each name.
    public let faces: [ResolvedAvatar]
    /// Names not drawn (`count − max`, or 0); the bubble shows it when `more=true`.
    public let more: Int
    public let spec: GroupSpec
    public let options: GroupOptions

    /// `{"count":5,"more":2,"bubble":true,"size":64,"width":172,"height":64,"border":4,
    /// "borderColor":"#FFFFFF","faces":[{…as /avatar JSON…},…]}`. Width and height are CSS px
    /// (device pixels ÷ dpr); `borderColor` is `"transparent"` for a knock-out ring.
    public var json: String {
        let dpr = options.dpr
        var text = "{\"count\":\(names.count),\"more\":\(more),\"bubble\":\(spec.bubble != nil),"
        text += "\"size\":\(options.size),\"width\":\(AvatarOptions.canonical(Double(spec.layout.width) / dpr)),"
        text += "\"height\":\(AvatarOptions.canonical(Double(spec.layout.height) / dpr)),\"border\":\(options.border),"
        let ring = options.borderColor.alpha == 0 ? "transparent" : options.borderColor.hex
        text += "\"borderColor\":\(JSONText.string(ring)),\"faces\":["
        text += faces.map(\.json).joined(separator: ",")
        return text + "]}"
    }
}

extension AvatarResolver {
    /// The `+N` bubble's colour: the placeholder's neutral grey, so it reads as
    /// "more people", not as one more person.
    public static var bubbleBackground: RGBA { neutral }

    /// Resolves each drawn name as `/avatar/{name}` with the group's shared options (so a face
    /// has that person's colour and initials), and the bubble when asked for and needed.
    public func resolve(names: [String], options: GroupOptions) -> ResolvedGroup {
        var face = AvatarOptions()
        face.size = options.size
        face.dpr = options.dpr
        face.shape = options.shape
        face.length = options.length
        face.uppercase = options.uppercase
        face.fontSize = options.fontSize
        face.font = options.font
        face.bold = options.bold
        face.format = options.format
        face.theme = options.theme
        let faces = names.prefix(options.shown(count: names.count)).map { resolve(name: $0, options: face) }
        let more = max(0, names.count - options.max)
        let layout = options.layout(count: names.count)
        var bubble: AvatarSpec? = nil
        if layout.slots > faces.count {
            let light = Self.bubbleBackground, dark = Self.neutralDark
            let drawn = options.theme == .dark ? dark : light
            bubble = AvatarSpec(
                pixelSize: layout.side, shape: options.shape, background: drawn,
                foreground: Contrast.textColor(on: drawn), content: .initials("+\(more)"),
                fontFamily: options.font ?? defaultFont, bold: options.bold ?? defaultBold, fontScale: options.fontSize,
                darkVariant: options.theme == .auto ? FaceColors(background: dark, foreground: Contrast.textColor(on: dark)) : nil)
        }
        let spec = GroupSpec(faces: faces.map(\.spec), bubble: bubble, layout: layout, shape: options.shape, ring: options.borderColor)
        return ResolvedGroup(names: names, faces: faces, more: more, spec: spec, options: options)
    }
}
