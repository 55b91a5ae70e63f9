import Foundation
import MonogramCore
import MonogramRender

/// `monogram render NAME --size 64 … -o FILE`: one avatar without a server, exactly as
/// `GET /avatar/NAME?size=64…` would draw it. The arguments become that request
/// (`RenderRequest`) and go through the server's parse and the route's job, pictures included;
/// the bytes are in the format `-o`'s suffix or `--format` names; `-o -` writes to stdout.
public enum RenderCommand {
    /// The exit status of a request the server would refuse with a 400 (a bad or unknown
    /// parameter, a refused picture URL, a name over 256 bytes, a format the output file's
    /// suffix contradicts), as of a misspelt option.
    public static let refused: Int32 = 2

    public static func run(name: String, query: [(String, String)], output: String, configuration: Configuration) -> Int32 {
        let logger = Logger(format: configuration.log.format)
        let problems = configuration.startupProblems()
        guard problems.isEmpty else {
            for problem in problems { logger.error("invalid configuration: " + problem) }
            return 1
        }
        let renderer: Renderer
        do {
            renderer = try Renderer(configuration: RendererConfiguration(masksDirectory: configuration.render.masksDir))
        } catch {
            logger.error("render failed: \(error)")
            return 1
        }
        let jobs = JobFactory(
            configuration: configuration, renderer: renderer, headers: CommonHeaders(corsOrigin: configuration.http.corsOrigin), logger: logger)
        let produced: Produced
        do throws(ServiceError) {
            let parsed: (name: String, options: AvatarOptions)
            do throws(OptionsError) {
                parsed = try RenderRequest(name: name, parameters: query, output: output).parse(with: jobs)
            } catch {
                throw .badParameter(error)
            }
            produced = switch jobs.avatar(name: parsed.name, options: parsed.options) {
            case .initials(let job): try job.produceNow(renderTimeout: configuration.render.timeout)
            case .picture(let job): try job.produceNow(renderTimeout: configuration.render.timeout)
            }
        } catch {
            switch error {
            case .badParameter(let problem):
                logger.error("render: \(problem.message)")
                return refused
            default:
                logger.error("render failed: \(error)")
                return 1
            }
        }
        guard case .image(let bytes, _, _, _, _) = produced.content else {
            // `fallback=404` and no picture: the server's 404.
            logger.error("render: no picture for this avatar (fallback=404)")
            return 1
        }
        do {
            if output == "-" {
                try FileHandle.standardOutput.write(contentsOf: Data(bytes))
            } else {
                try Data(bytes).write(to: URL(fileURLWithPath: output))
            }
        } catch {
            logger.error("render: cannot write \(output): \(error.localizedDescription)")
            return 1
        }
        return 0
    }
}
