/// Environment variables that a container platform sets on its own and that merely share our
/// `MONOGRAM_` prefix (API §6). Kubernetes gives every pod, for each Service `monogram-x`,
/// `MONOGRAM_X_SERVICE_HOST`, `MONOGRAM_X_SERVICE_PORT[_NAME]`, `MONOGRAM_X_PORT=tcp://…` and
/// `MONOGRAM_X_PORT_<n>_TCP[_PROTO|_PORT|_ADDR]`; treating those as typos would crash-loop the
/// pod, so they are skipped (and reported once). Any other unknown `MONOGRAM_*` stays an error.
public enum PlatformVariable {
    /// True when `name=value` was set by the platform rather than meant for us. A real key
    /// (`MONOGRAM_METRICS_PORT`) is the platform's only when its value is a service link
    /// (`monogram-metrics` sets `MONOGRAM_METRICS_PORT=tcp://10.0.0.7:9100`).
    static func isInjected(name: String, value: String) -> Bool {
        guard name.hasPrefix("MONOGRAM_") else { return false }
        return isServiceLink(value) || hasServiceLinkShape(name)
    }

    /// Every `MONOGRAM_*` variable of `environment` that start-up ignores, sorted: what the
    /// executable reports once, in one line, before serving.
    public static func ignored(in environment: [String: String]) -> [String] {
        environment.filter { isInjected(name: $0.key, value: $0.value) }.keys.sorted()
    }

    /// `tcp://10.0.0.7:8080`, `udp://…`, `sctp://…`: the Docker-link form Kubernetes copies.
    static func isServiceLink(_ value: String) -> Bool {
        ["tcp://", "udp://", "sctp://"].contains { value.hasPrefix($0) }
    }

    /// `…_SERVICE_HOST`, `…_SERVICE_PORT`, `…_SERVICE_PORT_<NAME>`, `…_PORT_<n>_<PROTO>` and
    /// `…_PORT_<n>_<PROTO>_(PROTO|PORT|ADDR)` after a service name of `A-Z`, `0-9`, `_`.
    /// No configuration key has a `service` section, nor a `port_<digits>` key, so none of
    /// these shapes can hide a real setting.
    static func hasServiceLinkShape(_ name: String) -> Bool {
        let words = name.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard words.count >= 3, words.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isNameCharacter) }) else { return false }
        if let service = words.lastIndex(of: "SERVICE"), service >= 1 {
            let rest = words[(service + 1)...]
            if rest == ["HOST"] || rest == ["PORT"] { return true }
            if rest.first == "PORT", rest.count >= 2 { return true }
        }
        // PORT, a port number, a protocol, optionally one of its three parts.
        for index in words.indices.dropFirst() where words[index] == "PORT" {
            let rest = Array(words[(index + 1)...])
            guard rest.count == 2 || rest.count == 3,
                  rest[0].allSatisfy(\.isASCIIDigitCharacter),
                  ["TCP", "UDP", "SCTP"].contains(rest[1]) else { continue }
            if rest.count == 2 || ["PROTO", "PORT", "ADDR"].contains(rest[2]) { return true }
        }
        return false
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isUppercase || character.isNumber)
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
