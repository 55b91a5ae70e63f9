import Glibc

/// HTTP-dates as RFC 9110 §5.6.7 defines them (`If-Modified-Since`): recipients accept all three
/// forms — IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, the obsolete RFC 850
/// `Sunday, 06-Nov-94 08:49:37 GMT` and asctime `Sun Nov  6 08:49:37 1994` — and an invalid
/// date is ignored (nil). Reads a header from strangers: checked arithmetic only, never a trap.
public enum HTTPDateText {
    /// Unix seconds of `text`, or nil when it is none of the three forms.
    public static func seconds(_ text: some StringProtocol) -> Int? {
        let tokens = text.utf8.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "-") }
        guard (4...7).contains(tokens.count) else { return nil }
        var month: Int?
        var numbers: [Int] = []
        var clock: (hour: Int, minute: Int, second: Int)?
        for token in tokens.dropFirst() { // the weekday says nothing a recipient must check
            if token.contains(UInt8(ascii: ":")) {
                let parts = token.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
                guard clock == nil, parts.count == 3, let h = number(parts[0], digits: 2), let m = number(parts[1], digits: 2),
                      let s = number(parts[2], digits: 2), h < 24, m < 60, s <= 60
                else { return nil }
                clock = (h, m, s)
            } else if let index = months.firstIndex(where: { $0.elementsEqual(token) }) {
                guard month == nil else { return nil }
                month = index + 1
            } else if let value = number(token, digits: 4) {
                numbers.append(value)
            } else if !token.elementsEqual("GMT".utf8) {
                return nil
            }
        }
        // The day comes before the year in every form.
        guard let month, let clock, numbers.count == 2, (1...31).contains(numbers[0]) else { return nil }
        var year = numbers[1]
        if year < 100 { year += year < 70 ? 2000 : 1900 } // RFC 850's two digits (RFC 9110 §5.6.7)
        guard (1900...9999).contains(year) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: numbers[0])
        return days * 86_400 + clock.hour * 3600 + clock.minute * 60 + min(clock.second, 59)
    }

    /// IMF-fixdate of Unix seconds (what `Last-Modified` and `Date` carry).
    public static func imfFixdate(_ seconds: Int) -> String { HTTPDate.format(time_t(seconds)) }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map { Array($0.utf8) }

    /// 1 to `digits` ASCII digits.
    private static func number(_ bytes: some Collection<UInt8>, digits: Int) -> Int? {
        guard (1...digits).contains(bytes.count), bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm); the
    /// inputs are bounded above, so nothing overflows.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
