import Foundation
@testable import MonogramClient
import Testing

@Suite("client URL text")
struct EncodingTests {
    @Test("a name keeps only unreserved characters and @; everything else is %XX, upper case")
    func everyASCIIByte() throws {
        for byte in UInt8(0)..<128 {
            let character = String(UnicodeScalar(byte))
            let segment = String(try MonogramPath.avatar("a" + character + "a").dropFirst("/avatar/".count))
            if URLText.isUnreserved(byte) || byte == UInt8(ascii: "@") {
                #expect(segment == "a" + character + "a")
            } else {
                #expect(segment == "a%" + String(format: "%02X", byte) + "a", "byte \(byte)")
            }
        }
    }

    @Test("numbers: at most 4 decimals, no exponent, ties away from zero")
    func numbers() throws {
        #expect(try URLText.decimal(0.5, "x") == "0.5")
        #expect(try URLText.decimal(1, "x") == "1")
        #expect(try URLText.decimal(0.1 + 0.2, "x") == "0.3")
        #expect(try URLText.decimal(0.00005, "x") == "0.0001")
        #expect(try URLText.decimal(1e-7, "x") == "0")
        #expect(try URLText.decimal(0.15625, "x") == "0.1563")
        #expect(throws: MonogramClientError.self) { _ = try URLText.decimal(.nan, "x") }
        #expect(throws: MonogramClientError.self) { _ = try URLText.decimal(-0.1, "x") }
    }

    @Test("liked by: at most 3 faces, total at least the users shown")
    func likedBy() throws {
        let users = (0..<5).map { User(name: "U\($0)") }
        #expect(try MonogramPath.likedBy(users) == "/group/U0,U1,U2?more=true&total=5")
        #expect(try MonogramPath.likedBy(users, GroupOptions(max: 2, total: 9)) == "/group/U0,U1?max=2&more=true&total=9")
        #expect(throws: MonogramClientError.self) { _ = try MonogramPath.likedBy(users, GroupOptions(max: 4)) }
        #expect(throws: MonogramClientError.self) { _ = try MonogramPath.likedBy(users, GroupOptions(total: 2)) }
    }

    @Test("every URL of the table parses as a Foundation URL with the same text")
    func foundationURLs() {
        for c in ClientCaseTable.table.cases {
            for text in [c.url, c.src].compactMap({ $0 }) {
                #expect(Monogram.url(text)?.absoluteString == text, "\(c.title)")
            }
        }
    }
}
