import Foundation

/// Applies sources in rising precedence onto the defaults, collecting every problem rather than
/// stopping at the first, so that one start-up reports everything there is to fix.
struct ConfigurationLoader {
    private(set) var configuration = Configuration()
    private(set) var problems: [String] = []
    private let settings = Setting.all

    /// A file that is not there is a problem only when `required` (given with `--config`).
    mutating func applyFile(at path: String, required: Bool) {
        guard FileManager.default.fileExists(atPath: path) else {
            if required { problems.append(#"config file "\#(path)": no such file"#) }
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            problems.append(#"config file "\#(path)": cannot be read"#)
            return
        }
        applyJSON(data, source: #"config file "\#(path)""#, folder: ConfigurationLoader.folder(of: path))
    }

    /// The absolute folder holding `file`: relative paths in the file are relative to it, so a
    /// configuration means the same whatever the working directory of the process.
    static func folder(of file: String) -> String {
        URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().path
    }

    /// Makes the value of a path key (`Setting.paths`) given in the file absolute against the
    /// file's folder; an empty value (none) and an absolute one are kept.
    private mutating func resolvePath(_ key: String, against folder: String) {
        guard let keyPath = Setting.paths[key] else { return }
        let value = configuration[keyPath: keyPath]
        guard !value.isEmpty, !value.hasPrefix("/") else { return }
        configuration[keyPath: keyPath] = folder.hasSuffix("/") ? folder + value : folder + "/" + value
    }

    /// A JSON object of sections, each an object of keys; unknown sections and keys are problems
    /// because a misspelt key would otherwise silently leave its default in force.
    mutating func applyJSON(_ data: Data, source: String, folder: String? = nil) {
        // Strict RFC 8259 first: Foundation also takes trailing commas and repeated keys.
        if let problem = StrictJSON.problem(in: [UInt8](data)) {
            problems.append("\(source): \(problem)")
            return
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            problems.append("\(source): not valid JSON" + (reason.map { " (\($0))" } ?? ""))
            return
        }
        guard let sections = root as? [String: Any] else {
            problems.append("\(source): must be a JSON object with one object per section")
            return
        }
        let byPath = Dictionary(settings.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let sectionNames = Set(settings.map(\.section))
        // Sorted, because JSONSerialization does not keep the file's order and the report
        // should not change from run to run.
        for (section, body) in sections.sorted(by: { $0.key < $1.key }) {
            guard sectionNames.contains(section) else {
                problems.append(unknown(section, "unknown section", candidates: sectionNames.sorted()))
                continue
            }
            guard let keys = body as? [String: Any] else {
                problems.append("\(section): must be an object")
                continue
            }
            for (key, value) in keys.sorted(by: { $0.key < $1.key }) {
                let path = section + "." + key
                guard let setting = byPath[path] else {
                    problems.append(unknown(path, "unknown key", candidates: settings.map(\.path)))
                    continue
                }
                let before = problems.count
                apply(setting, .json(value), origin: nil)
                if let folder, problems.count == before { resolvePath(path, against: folder) }
            }
        }
    }

    /// `MONOGRAM_SECTION_KEY` variables; any other `MONOGRAM_` variable is a problem, like an
    /// unknown key in the file. Variables without the prefix belong to others and are ignored,
    /// and so are those a container platform injects (`PlatformVariable`, API §6).
    mutating func applyEnvironment(_ environment: [String: String]) {
        let byName = Dictionary(settings.map { ($0.environmentName, $0) }, uniquingKeysWith: { first, _ in first })
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where name.hasPrefix("MONOGRAM_") {
            if PlatformVariable.isInjected(name: name, value: value) { continue }
            guard let setting = byName[name] else {
                problems.append(unknown(name, "unknown environment variable", candidates: settings.map(\.environmentName)))
                continue
            }
            apply(setting, .text(value), origin: name)
        }
    }

    mutating func applyOverrides(_ overrides: [ConfigurationOverride]) {
        for override in overrides {
            guard let setting = settings.first(where: { $0.path == override.key }) else {
                problems.append("\(override.origin): unknown configuration key \(override.key)")
                continue
            }
            apply(setting, .text(override.value), origin: override.origin)
        }
    }

    /// The configuration, or every problem found in any source and between keys.
    func finish() throws(ConfigurationError) -> Configuration {
        let all = problems + configuration.crossKeyProblems()
        guard all.isEmpty else { throw ConfigurationError(problems: all) }
        return configuration
    }

    private mutating func apply(_ setting: Setting, _ raw: SourceValue, origin: String?) {
        for problem in setting.apply(&configuration, raw) {
            let line = setting.path + problem.subpath + ": " + problem.message
            problems.append(origin.map { line + " (from \($0))" } ?? line)
        }
    }

    /// "`name`: what, did you mean X?" when one candidate is a couple of typos away.
    private func unknown(_ name: String, _ what: String, candidates: [String]) -> String {
        let nearest = candidates.map { ($0, editDistance(name, $0)) }.min { $0.1 < $1.1 }
        guard let nearest, nearest.1 <= 2 else { return "\(name): \(what)" }
        return "\(name): \(what) (did you mean \(nearest.0)?)"
    }

    /// Levenshtein distance over characters, two rows at a time.
    private func editDistance(_ a: String, _ b: String) -> Int {
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
