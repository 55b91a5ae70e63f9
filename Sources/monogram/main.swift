// monogram: flags → configuration → action. Exit codes: 0 clean shutdown, 1 bad
// configuration, 2 cannot bind (see `monogram --help`).
import Foundation
import MonogramHTTP
import MonogramService

let arguments = Array(CommandLine.arguments.dropFirst())
let loaded: (Configuration, CommandLineAction)
do {
    let options: CommandLineOptions
    do {
        options = try CommandLineOptions.parse(arguments)
    } catch {
        // Before the configuration exists there is no log format to follow: plain text, one
        // line per problem (`render`'s options are request parameters: exit 2, as a bad one).
        let status = CommandLineOptions.mistakeStatus(arguments: arguments)
        for problem in error.problems { Logger().error((status == 1 ? "invalid configuration: " : "") + problem) }
        exit(status)
    }
    loaded = try Configuration.load(options: options, environment: ProcessInfo.processInfo.environment)
} catch {
    for problem in error.problems { Logger().error("invalid configuration: " + problem) }
    exit(ServiceRunner.ExitCode.badConfiguration.rawValue)
}
let (configuration, action) = loaded

switch action {
case .help:
    print(CommandLineOptions.usage)
case .version:
    print(VersionText.text)
case .healthcheck:
    exit(HealthProbe.check(host: configuration.server.host, port: configuration.server.port) ? 0 : 1)
case let .render(name, query, output):
    exit(RenderCommand.run(name: name, query: query, output: output, configuration: configuration))
case let .sign(target, body, expires):
    exit(SignCommand.run(target: target, body: body, expires: expires, now: WallClock.system.seconds(), configuration: configuration))
case .tag(let key):
    print(TagCommand.tag(key))
case .serve:
    // Said once, so an operator sees why a `MONOGRAM_*` variable had no effect.
    let ignored = PlatformVariable.ignored(in: ProcessInfo.processInfo.environment)
    if !ignored.isEmpty {
        Logger(format: configuration.log.format, level: configuration.log.level)
            .warning("ignoring service-link variables set by the platform: \(ignored.joined(separator: ", "))")
    }
    exit(ServiceRunner.serve(configuration).rawValue)
}
