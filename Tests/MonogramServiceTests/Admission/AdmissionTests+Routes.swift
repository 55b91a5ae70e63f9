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

extension AdmissionTests {
    @Test("with signatures required, /gravatar/ needs no sig but ignores name and initials (API §8)")
    func gravatarNameFree() throws {
        let target = "/gravatar/" + String(repeating: "a", count: 32) + "?d=initials&name=Jane%20Doe"
        let signed = Self.call(try signing(), target).response
        #expect(signed.status.code == 200)
        #expect(signed.header("X-Avatar-Source") == "placeholder")
        let open = Self.call(try Self.service { _ in }, target).response
        #expect(open.header("X-Avatar-Source") == "initials")
    }
}
