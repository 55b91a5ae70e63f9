import Foundation
import MonogramCore
import MonogramRender

/// `monogram render NAME --size 64 … -o FILE`: one avatar without a server, exactly as
/// `GET /avatar/NAME?size=64…` would draw it.
public enum RenderCommand {
    public static func run(name: String, query: [(String, String)], output: String, configuration: Configuration) -> Int32 {
        let problems = configuration.startupProblems()
        guard problems.isEmpty else {
            for problem in problems { Logger(format: configuration.log.format).error("invalid configuration: " + problem) }
            return 1
        }
        do {
            let renderer = try Renderer(configuration: RendererConfiguration(masksDirectory: configuration.render.masksDir))
            let decoded = name.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
            let options = try AvatarOptions(query: query.map { (name: $0.0, value: $0.1) }, limits: configuration.render.limits(masks: renderer.maskNames))
            try options.checkTheme()
            let resolved = configuration.render.resolver.resolve(name: decoded, options: options)
            try options.format.check(pixels: options.pixelSize * options.pixelSize)
            let bytes: [UInt8] = switch options.format {
            case .json: Array(resolved.json.utf8)
            case .png, .svg, .webp, .avif, .jpeg:
                try renderer.render(resolved.spec, format: options.format.image(matte: options.matte), document: Drawing.document(key: .avatar(options, name: decoded), title: resolved.alt))
            }
            try Data(bytes).write(to: URL(fileURLWithPath: output))
            return 0
        } catch {
            Logger(format: configuration.log.format).error("render failed: \(error)")
            return 1
        }
    }
}
