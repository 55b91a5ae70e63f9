import MonogramCore
import MonogramHTTP
@testable import MonogramService
import Testing

/// The render pool's lane an admitted request queues on: its client's network, found by the
/// admission that already keyed the client (so one /24's backlog cannot hold up another's).
@Suite struct RenderLaneTests {
    static func request(from peer: String) -> AnswerRequest {
        AnswerRequest(
            target: "/avatar/x", ifNoneMatch: [], peer: peer,
            head: HTTPRequestHead(method: .get, target: "/avatar/x", headers: [("Host", "test")]), arrival: .now,
            responder: Answers().responder)
    }

    static func lane(_ admission: any AnswerAdmission, _ peer: String) -> UInt64 {
        admission.admitLaned(cost: 1, request: request(from: peer)).lane
    }

    @Test("addresses of one /24 (or /48) share a lane; other networks do not; no budget is lane 0")
    func lanes() throws {
        var limits = LimitsConfiguration()
        limits.clientRendersPerSecond = 100
        let admission = try #require(ClientBudgetAdmission(limits: limits, trustedProxies: []))
        let a = Self.lane(admission, "198.51.100.7")
        #expect(a != 0)
        #expect(Self.lane(admission, "198.51.100.200") == a)
        #expect(Self.lane(admission, "198.51.101.7") != a)
        let v6 = Self.lane(admission, "2001:db8:1:2::1")
        #expect(v6 != 0 && v6 != a)
        #expect(Self.lane(admission, "2001:db8:1:ffff::9") == v6)
        #expect(Self.lane(admission, "2001:db8:2::1") != v6)
        #expect(Self.lane(admission, "not an address") == 0)
        #expect(Self.lane(AdmitAll(), "198.51.100.7") == 0)
    }

    @Test("the lane comes with a refusal too, and the reported fields are admitReporting's")
    func refused() throws {
        var limits = LimitsConfiguration()
        limits.clientRendersPerSecond = 0.01
        limits.clientBurst = 1
        let admission = try #require(ClientBudgetAdmission(limits: limits, trustedProxies: []))
        let first = admission.admitLaned(cost: 1, request: Self.request(from: "192.0.2.1"))
        #expect(first.refusal == nil)
        let second = admission.admitLaned(cost: 1, request: Self.request(from: "192.0.2.1"))
        #expect(second.refusal != nil)
        #expect(second.lane == first.lane)
        #expect(!second.fields.isEmpty)
    }
}
