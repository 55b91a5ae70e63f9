import Testing
@testable import MonogramHTTP

/// `limits.client_connections` and `limits.network_connections` as the loops count them: per
/// client and per network, both or neither, freed on close.
@Suite("connections counted per client and per network")
struct ClientConnectionsTests {
    static func owner(client: UInt64, network: UInt64) -> ConnectionOwner {
        ConnectionOwner(client: ConnectionClient(high: 0, low: client), network: ConnectionClient(high: 0, low: network))
    }

    @Test("a client at its limit is refused as a client; a network at its limit as a network, from any of its clients")
    func limits() {
        let table = ClientConnections(limit: 2, networkLimit: 3) { _ in nil }
        let a = Self.owner(client: 1, network: 100), b = Self.owner(client: 2, network: 100), c = Self.owner(client: 3, network: 100)
        #expect(table.open(a) == nil)
        #expect(table.open(a) == nil)
        #expect(table.open(a) == .client)
        #expect(table.open(b) == nil)
        #expect(table.open(c) == .network, "three clients of one network hold three")
        #expect(table.open(Self.owner(client: 4, network: 200)) == nil, "another network is not held back")
        #expect(table.held(byNetwork: ConnectionClient(high: 0, low: 100)) == 3)
        #expect(table.held(by: ConnectionClient(high: 0, low: 3)) == 0, "a refusal counts nothing")
        table.close(a)
        #expect(table.open(c) == nil, "a close frees the network's slot")
        #expect(ConnectionRefusal.network.reason.contains("network"))
    }

    @Test("without a network limit only the client's counts")
    func clientOnly() {
        let table = ClientConnections(limit: 1) { _ in nil }
        #expect(table.open(Self.owner(client: 1, network: 9)) == nil)
        #expect(table.open(Self.owner(client: 2, network: 9)) == nil)
        #expect(table.open(Self.owner(client: 1, network: 9)) == .client)
    }
}
