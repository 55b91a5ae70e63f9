import MonogramCore
import MonogramHTTP

extension ClientAddress {
    /// `limits.client_connections` and `limits.network_connections` for the HTTP server:
    /// connections counted by the peer cut to the same prefixes as the render budget
    /// (`limits.ipv4_prefix`, `limits.ipv6_prefix`), so one client is one client for both, and
    /// by its network as the network's budget bucket cuts it. A trusted proxy is not limited
    /// (it carries every client's connections); nil when both limits are 0.
    static func connectionLimit(_ configuration: Configuration) -> ClientConnections? {
        let limits = configuration.limits
        guard limits.clientConnections > 0 || limits.networkConnections > 0 else { return nil }
        let proxies = TrustedProxies(configuration.server.trustedProxies)
        let network = limits.networkPrefixes
        return ClientConnections(
            limit: limits.clientConnections > 0 ? limits.clientConnections : .max,
            networkLimit: limits.networkConnections > 0 ? limits.networkConnections : .max
        ) { peer in
            if !proxies.isEmpty, proxies.contains(peer) { return nil }
            let key = key(peer, ipv4Prefix: limits.ipv4Prefix, ipv6Prefix: limits.ipv6Prefix)
            let networkKey = key.prefix(ipv4: network.ipv4, ipv6: network.ipv6)
            return ConnectionOwner(
                client: ConnectionClient(high: key.high, low: key.low), network: ConnectionClient(high: networkKey.high, low: networkKey.low))
        }
    }
}
