import Foundation
import MonogramCore

/// `render.palettes` (API §10): named lists of background colours that `palette=NAME` picks
/// from. In the file a JSON object of name → list of hex strings; in the environment or on the
/// command line `name=RRGGBB,RRGGBB;name=…`.
enum PaletteTable {
    /// Colours one palette may hold.
    static let sizes = 1...256
    /// Names the server answers itself; configuring them would be ambiguous.
    static let builtIn: Set<String> = ["default", Palette.accessibleName]

    static func convert(_ raw: SourceValue, _ problems: inout [ValueProblem]) -> [String: [RGBA]]? {
        var entries: [(String, [Any])] = []
        switch raw {
        case .json(let value):
            guard let object = value as? [String: Any] else {
                problems.append(ValueProblem(message: "must be an object of palette name → list of hex colours"))
                return nil
            }
            for (name, list) in object.sorted(by: { $0.key < $1.key }) {
                guard let list = list as? [Any] else {
                    problems.append(ValueProblem(subpath: ".\(name)", message: "must be a list of hex colours"))
                    continue
                }
                entries.append((name, list))
            }
        case .text(let text):
            for part in text.split(separator: ";") where !part.trimmingCharacters(in: .whitespaces).isEmpty {
                let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pieces.count == 2 else {
                    problems.append(ValueProblem(message: "must be name=RRGGBB,RRGGBB;name=… (\"\(part)\" has no =)"))
                    continue
                }
                let colours = pieces[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) as Any }
                entries.append((pieces[0].trimmingCharacters(in: .whitespaces), colours))
            }
        }
        var table: [String: [RGBA]] = [:]
        for (name, list) in entries {
            let subpath = ".\(name)"
            guard isName(name), !builtIn.contains(name) else {
                problems.append(ValueProblem(
                    subpath: subpath, message: "palette names are 1 to 32 of a-z, 0-9, - and _, and not default or accessible"))
                continue
            }
            guard sizes.contains(list.count) else {
                problems.append(ValueProblem(subpath: subpath, message: "must list 1 to \(sizes.upperBound) colours"))
                continue
            }
            var colours: [RGBA] = []
            for (position, entry) in list.enumerated() {
                guard let text = entry as? String, let colour = opaqueHex(text) else {
                    problems.append(ValueProblem(subpath: "\(subpath)[\(position)]", message: "\"\(entry)\" is not a hex colour (RGB or RRGGBB)"))
                    continue
                }
                colours.append(colour)
            }
            table[name] = colours
        }
        return table
    }

    /// `RGB` or `RRGGBB`, optional `#`: the text colour is chosen per colour (4.5:1), so light
    /// colours are allowed here, unlike in `render.palette`.
    private static func opaqueHex(_ text: String) -> RGBA? {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 3 || digits.count == 6 else { return nil }
        return RGBA(hex: text)
    }

    private static func isName(_ name: String) -> Bool {
        (1...32).contains(name.utf8.count)
            && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }
}
