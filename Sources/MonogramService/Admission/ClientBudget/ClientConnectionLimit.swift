import MonogramCore
import MonogramHTTP

extension ClientAddress {
    /// `limits.client_connections` for the HTTP server: connections counted by the peer cut to
    /// the same prefixes as the render budget (`limits.ipv4_prefix`, `limits.ipv6_prefix`), so
    /// one client is one client for both. A trusted proxy is not limited (it carries every
    /// client's connections); nil when the limit is 0.
    static func connectionLimit(_ configuration: Configuration) -> ClientConnections? {
        let limits = configuration.limits
        guard limits.clientConnections > 0 else { return nil }
        let proxies = TrustedProxies(configuration.server.trustedProxies)
        return ClientConnections(limit: limits.clientConnections) { peer in
            if !proxies.isEmpty, proxies.contains(peer) { return nil }
            let key = key(peer, ipv4Prefix: limits.ipv4Prefix, ipv6Prefix: limits.ipv6Prefix)
            return ConnectionClient(high: key.high, low: key.low)
        }
    }
}
