import Foundation
import Testing

/// The initials rules for names that are not names, as a client sees them over HTTP: one
/// server, the JSON answer's `initials`, and the image's `X-Avatar-Source`.
@Suite("live initials for names that are not names")
struct LiveInitialsTests {
    @Test("phone numbers, companies, initials, particles and Japanese names over HTTP")
    func unusualNames() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let cases: [(path: String, initials: String)] = [
            ("/avatar/%2B47%2012%2034%2056%2078.json", ""),
            ("/avatar/%2B1%20(555)%20123-4567%20ext.%2089.json", ""),
            ("/avatar/Acme%2C%20Inc.json", "A"),
            ("/avatar/F.B.json", "FB"),
            ("/avatar/jane_doe.json", "JD"),
            ("/avatar/Vincent%20van%20Gogh.json?length=3", "VG"),
            ("/avatar/%E5%B1%B1%E7%94%B0%20%E5%A4%AA%E9%83%8E.json", "山太"),
        ]
        for (path, initials) in cases {
            let response = try client.get(path)
            #expect(response.status == 200, "\(path)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(object["initials"] as? String == initials, "\(path)")
        }
        let phone = try client.get("/avatar/%2B47%2012%2034%2056%2078.png")
        #expect(phone.status == 200)
        #expect(phone.header("X-Avatar-Source") == "placeholder")
    }

    @Test("length outside 1...3 is a 400 naming length, not a clamp", arguments: ["0", "4", "-1"])
    func lengthOutOfRange(length: String) throws {
        let server = try MonogramProcess()
        let response = try RawClient(port: server.port).get("/avatar/Jane%20Mary%20Roe?length=\(length)")
        #expect(response.status == 400)
        #expect(response.text == "length must be an integer from 1 to 3\n")
    }
}
