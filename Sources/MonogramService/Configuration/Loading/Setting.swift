import Foundation

/// A value as one source gave it: the JSON file keeps JSON's types, while the environment and
/// flags only have text, so each converter accepts both and reports in the same words.
enum SourceValue {
    case json(Any)
    case text(String)
}

/// What is wrong with one value. `subpath` locates a list element (`[2]`) under the key.
struct ValueProblem: Error {
    var subpath = ""
    var message: String
}

/// One configuration key: its name in the file and environment, and how a raw value is checked
/// and stored into the typed tree. The table of all of them is `Setting.all`.
struct Setting {
    let section: String
    let key: String
    /// Converts and validates `raw`; stores it only when there was no problem.
    let apply: (inout Configuration, SourceValue) -> [ValueProblem]

    var path: String { section + "." + key }
    /// `MONOGRAM_` + section + `_` + key, upper-cased (`MONOGRAM_SERVER_PORT`).
    var environmentName: String { "MONOGRAM_" + (section + "_" + key).uppercased() }

    /// A setting whose value `convert` checks, appending what is wrong to `problems`.
    static func value<T>(
        _ section: String, _ key: String, _ keyPath: WritableKeyPath<Configuration, T>,
        _ convert: @escaping (SourceValue, inout [ValueProblem]) -> T?
    ) -> Setting {
        Setting(section: section, key: key) { configuration, raw in
            var problems: [ValueProblem] = []
            let value = convert(raw, &problems)
            if let value, problems.isEmpty { configuration[keyPath: keyPath] = value }
            return problems
        }
    }
}

/// Converters from a `SourceValue` to each kind of setting, with the messages users see.
enum Convert {
    static func integer(_ raw: SourceValue, in range: ClosedRange<Int>, _ problems: inout [ValueProblem]) -> Int? {
        let number: Int?
        switch raw {
        case .json(let value): number = jsonNumber(value).flatMap(exactInteger)
        case .text(let text): number = Int(trimmed(text))
        }
        guard let number, range.contains(number) else {
            let accepted = range.upperBound == Int.max
                ? "an integer of at least \(range.lowerBound)"
                : "an integer from \(range.lowerBound) to \(range.upperBound)"
            problems.append(ValueProblem(message: "must be " + accepted))
            return nil
        }
        return number
    }

    /// Seconds, above 0 and at most a day: a larger value is surely a mistake (milliseconds?)
    /// and would overflow when turned into nanoseconds.
    static func seconds(_ raw: SourceValue, _ problems: inout [ValueProblem]) -> Double? {
        let number: Double?
        switch raw {
        case .json(let value): number = jsonNumber(value)?.doubleValue
        case .text(let text): number = Double(trimmed(text))
        }
        guard let number, number > 0, number <= 86_400 else {
            problems.append(ValueProblem(message: "must be a number of seconds above 0 and at most 86400"))
            return nil
        }
        return number
    }

    /// `seconds`, as a `Duration` (every time but the picture fetcher's, which keeps seconds).
    static func duration(_ raw: SourceValue, _ problems: inout [ValueProblem]) -> Duration? {
        seconds(raw, &problems).map { Duration.seconds($0) }
    }

    /// An integer, or JSON `null` for "the default derived from other keys" (`limits.client_burst`).
    static func optionalInteger(_ raw: SourceValue, in range: ClosedRange<Int>, _ problems: inout [ValueProblem]) -> Int?? {
        if case .json(let value) = raw, value is NSNull { return .some(nil) }
        return integer(raw, in: range, &problems).map { .some($0) }
    }

    /// Renders a second: a number from 0 (off) to 1000000; fractions allowed (0.5 = one every 2 s).
    static func rate(_ raw: SourceValue, _ problems: inout [ValueProblem]) -> Double? {
        let number: Double?
        switch raw {
        case .json(let value): number = jsonNumber(value)?.doubleValue
        case .text(let text): number = Double(trimmed(text))
        }
        guard let number, number >= 0, number <= 1_000_000 else {
            problems.append(ValueProblem(message: "must be a number from 0 (off) to 1000000"))
            return nil
        }
        return number
    }

    /// Seconds from 0 (off) to a day, as a `Duration`.
    static func durationOrZero(_ raw: SourceValue, _ problems: inout [ValueProblem]) -> Duration? {
        let number: Double?
        switch raw {
        case .json(let value): number = jsonNumber(value)?.doubleValue
        case .text(let text): number = Double(trimmed(text))
        }
        guard let number, number >= 0, number <= 86_400 else {
            problems.append(ValueProblem(message: "must be a number of seconds from 0 to 86400"))
            return nil
        }
        return .seconds(number)
    }

    static func boolean(_ raw: SourceValue, _ problems: inout [ValueProblem]) -> Bool? {
        var result: Bool?
        switch raw {
        case .json(let value):
            if let number = value as? NSNumber, isBoolean(number) { result = number.boolValue }
        case .text(let text):
            // The same spellings the query string accepts (API §1).
            switch trimmed(text).lowercased() {
            case "true", "1", "yes": result = true
            case "false", "0", "no": result = false
            default: break
            }
        }
        if result == nil { problems.append(ValueProblem(message: "must be true or false")) }
        return result
    }

    /// A string that `parse` turns into a value, or rejects by throwing the problem.
    static func string<T>(
        _ raw: SourceValue, _ problems: inout [ValueProblem], parse: (String) throws(ValueProblem) -> T
    ) -> T? {
        guard let text = plainString(raw) else {
            problems.append(ValueProblem(message: "must be a string"))
            return nil
        }
        do throws(ValueProblem) {
            return try parse(text)
        } catch {
            problems.append(error)
            return nil
        }
    }

    /// A JSON array of strings, or comma-separated text; `element` turns each entry into a value
    /// or throws the problem with it, reported under the entry's index.
    static func list<T>(
        _ raw: SourceValue, _ problems: inout [ValueProblem],
        element: (String) throws(ValueProblem) -> T
    ) -> [T]? {
        let entries: [Any]
        switch raw {
        case .json(let value):
            guard let array = value as? [Any] else {
                problems.append(ValueProblem(message: "must be a list of strings"))
                return nil
            }
            entries = array
        case .text(let text):
            // Empty entries are dropped so that `MONOGRAM_X=` means an empty list.
            entries = text.split(separator: ",").map { trimmed(String($0)) }.filter { !$0.isEmpty }
        }
        var values: [T] = []
        for (position, entry) in entries.enumerated() {
            do throws(ValueProblem) {
                guard let text = entry as? String else { throw ValueProblem(message: "must be a string") }
                values.append(try element(text))
            } catch {
                problems.append(ValueProblem(subpath: "[\(position)]", message: error.message))
            }
        }
        return values
    }

    // MARK: JSON details

    private static func plainString(_ raw: SourceValue) -> String? {
        switch raw {
        case .json(let value): return value as? String
        case .text(let text): return text
        }
    }

    /// JSONSerialization returns booleans as NSNumber too; only their `objCType` tells them apart.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    private static func jsonNumber(_ value: Any) -> NSNumber? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        return number
    }

    /// `8080` and `8080.0` are the same JSON number; `8080.5` is not an integer.
    private static func exactInteger(_ number: NSNumber) -> Int? {
        switch String(cString: number.objCType) {
        case "f", "d": return Int(exactly: number.doubleValue)
        default: return Int(exactly: number.int64Value)
        }
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }
}
