/// One group, decided: what the renderer draws and what the JSON format reports.
public struct ResolvedGroup: Sendable {
    /// Every name in the request, drawn or not.
    public let names: [String]
    /// The drawn faces, resolved exactly as `/avatar` resolves each name.
    public let faces: [ResolvedAvatar]
    /// People not drawn (`total`, else the number of names, minus the faces drawn); the bubble
    /// shows it when `more=true`.
    public let more: Int
    public let spec: GroupSpec
    public let options: GroupOptions

    /// `{"count":5,"more":2,"bubble":true,"size":64,"width":172,"height":64,"border":4,
    /// "borderColor":"#FFFFFF","total":5,"dir":"ltr","alt":"Ann, Bob, Cy and 2 others",
    /// "faces":[{…as /avatar JSON, with each face's "id"…},…]}`. Width and height are CSS px
    /// (device pixels ÷ dpr); `borderColor` is `"transparent"` for a knock-out ring.
    public var json: String {
        let dpr = options.dpr
        var text = "{\"count\":\(names.count),\"more\":\(more),\"bubble\":\(spec.bubble != nil),"
        text += "\"size\":\(options.size),\"width\":\(AvatarOptions.canonical(Double(spec.layout.width) / dpr)),"
        text += "\"height\":\(AvatarOptions.canonical(Double(spec.layout.height) / dpr)),\"border\":\(options.border),"
        let ring = options.borderColor.alpha == 0 ? "transparent" : options.borderColor.hex
        text += "\"borderColor\":\(JSONText.string(ring)),"
        text += "\"total\":\(options.total ?? names.count),\"dir\":\(JSONText.string(options.direction.rawValue)),"
        text += "\"alt\":\(JSONText.string(alt)),\"faces\":["
        text += faces.map(\.json).joined(separator: ",")
        return text + "]}"
    }
}

extension ResolvedGroup {
    /// What a page writes in `<img alt>` (API §10): the drawn faces' alt texts joined by
    /// commas, then `and 1 other` / `and N others` for the people not drawn (none: nothing).
    public var alt: String {
        let drawn = faces.map(\.alt).joined(separator: ", ")
        switch more {
        case 0: return drawn
        case 1: return drawn + " and 1 other"
        default: return drawn + " and \(more) others"
        }
    }
}

extension AvatarResolver {
    /// `distinct=true`: the palette position of each drawn face, so that no two share one when
    /// the palette has enough colours (else no two neighbours do, where three or more colours
    /// allow it). First every face keeps its own position (the colour it has alone) unless an
    /// earlier face has the same one; then, in order, each face that lost its colour takes the
    /// next position no face holds, wrapping around. So a person's colour is kept by the earliest
    /// face that has it, and the result depends on the list alone. Placeholders keep their grey.
    func distinctIndices(names: [String], options: GroupOptions, face: AvatarOptions) -> [Int?] {
        let count = chosenPalette(options.palette).count
        let shown = options.shown(count: names.count)
        var own: [Int?] = []
        for index in 0..<shown {
            let id = index < options.ids.count ? options.ids[index] : nil
            let initials = Initials.compute(from: names[index], length: face.length, uppercase: face.uppercase)
            own.append(id == nil && initials.isEmpty ? nil : paletteIndex(forKey: options.colorKey(ofFace: index, names: names), choice: options.palette))
        }
        var chosen: [Int?] = Array(repeating: nil, count: shown)
        var held = Set<Int>()
        var moved: [Int] = []
        for (index, position) in own.enumerated() {
            guard let position else { continue }
            if held.insert(position).inserted { chosen[index] = position } else { moved.append(index) }
        }
        for index in moved {
            var position = own[index]!
            if held.count < count {
                while held.contains(position) { position = (position + 1) % count }
            } else {
                // Every colour is taken: at least differ from the neighbours, where possible.
                let neighbours = [index > 0 ? chosen[index - 1] : nil, index + 1 < shown ? chosen[index + 1] : nil].compactMap { $0 }
                for step in 0..<count where !neighbours.contains((own[index]! + step) % count) {
                    position = (own[index]! + step) % count
                    break
                }
            }
            held.insert(position)
            chosen[index] = position
        }
        return chosen
    }

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
        face.palette = options.palette
        face.gradient = options.gradient
        let shown = options.shown(count: names.count)
        let indices = options.distinct ? distinctIndices(names: names, options: options, face: face) : nil
        let faces = (0..<shown).map { index in
            var one = face
            one.id = index < options.ids.count ? options.ids[index] : nil
            return resolve(name: names[index], options: one, paletteIndex: indices?[index])
        }
        let more = options.hidden(count: names.count)
        let layout = options.layout(count: names.count)
        var bubble: AvatarSpec? = nil
        if layout.slots > faces.count {
            let light = Self.bubbleBackground, dark = Self.neutralDark
            let drawn = options.theme == .dark ? dark : light
            bubble = AvatarSpec(
                pixelSize: layout.side, shape: options.shape, background: drawn,
                foreground: Contrast.textColor(on: drawn), content: .initials(GroupOptions.bubbleText(hidden: more)),
                fontFamily: options.font ?? defaultFont, bold: options.bold ?? defaultBold, fontScale: options.fontSize,
                darkVariant: options.theme == .auto ? FaceColors(background: dark, foreground: Contrast.textColor(on: dark)) : nil)
            // Three characters (`+10`…`+99`, `99+`) are wider than the part of the bubble the
            // face above leaves visible when centred: centre them in that part instead (the
            // text still shrinks to fit the shape). Two stay centred, as they always were.
            if GroupOptions.bubbleText(hidden: more).count >= 3 {
                bubble?.textOffset = (options.direction == .rightToLeft ? -1 : 1) * options.overlap / 2
            }
        }
        let spec = GroupSpec(faces: faces.map(\.spec), bubble: bubble, layout: layout, shape: options.shape, ring: options.borderColor)
        return ResolvedGroup(names: names, faces: faces, more: more, spec: spec, options: options)
    }
}
