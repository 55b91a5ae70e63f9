import MonogramHTTP
import Testing
@testable import MonogramService

extension AdmissionTests {
    @Test("a group costs its faces: three 128 px faces take a burst of 3; more is capped at the burst")
    func groupCost() throws {
        let service = try Self.service { $0.limits.clientRendersPerSecond = 0.01; $0.limits.clientBurst = 3 }
        #expect(Self.call(service, "/group/Ga,Gb,Gc?size=128&max=3").response.status.code == 200)
        #expect(Self.call(service, "/avatar/Next?size=16").response.status.code == 429)
        #expect(Self.call(service, "/group/Ga,Gb,Gc,Gd?size=128&max=4", peer: "192.0.2.3").response.status.code == 200)
        #expect(Self.call(service, "/group/Ga,Gb,Gc,Gd.json?size=128&max=4", peer: "192.0.2.3").response.status.code == 429)
    }
}
