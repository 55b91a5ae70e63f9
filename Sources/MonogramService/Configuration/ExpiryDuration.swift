/// `monogram sign --expires 1h` (API §11): how long a signed URL holds. Digits with an optional
/// unit `s`, `m`, `h` or `d` (seconds without one), 1 second to 100 years; nothing else, so a
/// typo is an error rather than an expiry nobody meant.
public struct ExpiryDuration: Sendable, Hashable {
    public let seconds: Int

    public init?(_ text: String) {
        var digits = Substring(text)
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var unit = 1
        if let last = digits.last, let factor = units[last] {
            unit = factor
            digits = digits.dropLast()
        }
        guard (1...10).contains(digits.utf8.count), digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        let value = digits.utf8.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        let (seconds, overflow) = value.multipliedReportingOverflow(by: unit)
        guard !overflow, (1...ExpiryDuration.longest).contains(seconds) else { return nil }
        self.seconds = seconds
    }

    /// 100 years.
    static let longest = 100 * 366 * 86_400
}
