/// Turning a name into words: brackets, e-mail addresses, "Surname, Given", titles.
/// Every pass is a single walk over the clusters, so the whole computation is linear.
extension Initials {
    typealias Word = [Character]

    private static let closerFor: [Character: Character] = [
        "(": ")", "[": "]", "{": "}", "<": ">",
        "（": "）", "［": "］", "｛": "｝", "【": "】", "〔": "〕", "〈": "〉", "《": "》",
    ]

    /// The clusters with every matched bracketed part — `(Admin)`, `[bot]`, `{x}`, `<jane@x.com>`
    /// — replaced by one separator; nil when there is no matched pair. An unmatched bracket is
    /// plain punctuation.
    static func removingBrackets(_ chars: [Character]) -> [Character]? {
        var open: [(closer: Character, at: Int)] = []
        // depth[i] > 0 after the prefix sum means position i lies inside a matched pair;
        // a difference array keeps deeply nested brackets linear.
        var depth = [Int](repeating: 0, count: chars.count + 1)
        var matched = false
        for (i, c) in chars.enumerated() {
            if let closer = closerFor[c] {
                open.append((closer, i))
            } else if let top = open.last, top.closer == c {
                open.removeLast()
                depth[top.at] += 1
                depth[i + 1] -= 1
                matched = true
            }
        }
        guard matched else { return nil }
        var result: [Character] = []
        result.reserveCapacity(chars.count)
        var running = 0
        for (i, c) in chars.enumerated() {
            let wasInside = running > 0
            running += depth[i]
            if running > 0 {
                if !wasInside { result.append(" ") }
            } else {
                result.append(c)
            }
        }
        return result
    }

    /// Splits on clusters for which `isBreak` holds, dropping empty words.
    static func split(
        _ chars: some Collection<Character>, where isBreak: (Character) -> Bool
    ) -> [Word] {
        var words: [Word] = []
        var current: Word = []
        for c in chars {
            if isBreak(c) {
                if !current.isEmpty { words.append(current) }
                current = []
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The words of an e-mail address's local part, or nil when `chars` is not one address.
    /// "jane.roe+news@example.com" gives ["jane", "roe"]: the `+tag` is a mailbox tag, not a name
    /// (unless nothing else is usable, as in "+42@x").
    static func emailWords(_ chars: [Character]) -> [Word]? {
        let words = split(chars) { kind(of: $0) == .separator }
        guard words.count == 1, let address = words.first,
            let at = address.lastIndex(of: "@"), at > address.startIndex
        else { return nil }
        let local = address[..<at]
        let isBreak: (Character) -> Bool = { $0 == "." || $0 == "_" || $0 == "+" || isHyphen($0) }
        if let plus = local.firstIndex(of: "+") {
            let tagless = split(local[..<plus], where: isBreak)
            let usable = tagless.contains { $0.contains { kind(of: $0) != .other } }
            if usable { return tagless }
        }
        return split(local, where: isBreak)
    }

    static func hasLetter(_ word: Word) -> Bool {
        word.contains { kind(of: $0) == .letter }
    }

    /// Words of a name that contain a letter, in reading order: "Roe, Jane" is read "Jane Roe"
    /// (only when the name has that shape, see `isSurnameFirst`); a part after a comma that is
    /// only suffixes (", Jr.", ", Inc.") is dropped; so are leading titles (Dr, Mrs…) and
    /// trailing suffixes (Jr, III, Ltd…) while at least two words remain. The article of
    /// "al-Rashid" is dropped from the word.
    static func nameWords(_ chars: [Character]) -> [Word] {
        var segments = split(chars, where: isComma)
            .map { split($0) { kind(of: $0) == .separator } }
            .filter { $0.contains(where: hasLetter) }
        if let head = segments.first, segments.count > 1 {
            segments = [head] + segments.dropFirst().filter {
                !$0.filter(hasLetter).allSatisfy(isSuffix)
            }
        }
        // "Roe, Jane": exactly two segments, the second read first when the shape says so.
        var reordered: [Word]?
        if segments.count == 2, let surname = segments.first, let given = segments.last, isSurnameFirst(surname, given) {
            reordered = given + surname
        }
        let words = (reordered ?? Array(segments.joined()))
            .filter(hasLetter).map(strippingArticle)
        // Index arithmetic rather than removeFirst(), which would be quadratic on "Dr Dr Dr …".
        var start = 0
        var end = words.count
        while end - start > 2, isTitle(words[start]) { start += 1 }
        while end - start > 2, isSuffix(words[end - 1]) { end -= 1 }
        return Array(words[start..<end])
    }

    /// "Roe, Jane" and "van Gogh, Vincent Willem": one surname word (after any lower-case
    /// particles), then one to three given names, every word made of letters (see
    /// `isNameWord`) and none a company form. "Acme, Widgets Inc" and "Jane Roe, Acme" are not
    /// this shape and keep their order.
    static func isSurnameFirst(_ surname: [Word], _ given: [Word]) -> Bool {
        guard !surname.isEmpty, surname.dropLast().allSatisfy(isParticle), (1...3).contains(given.count)
        else { return false }
        return (surname + given).allSatisfy { isNameWord($0) && !isCompanyForm($0) }
    }
}
