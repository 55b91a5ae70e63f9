/// Chinese (Han) and Korean (Hangul) names: written without spaces, surname first, and shown
/// in avatars by their given name, as Chinese workplace apps such as DingTalk do. Japanese
/// names are family name first too but are shown by the word rules (family initial first), so
/// this also decides which names written only in kanji are Japanese.
extension Initials {
    /// Two-character surnames, simplified and traditional, so "司马懿" shows "懿", not "马懿".
    private static let compoundHanSurnames: Set<String> = [
        "欧阳", "歐陽", "司马", "司馬", "诸葛", "諸葛", "上官", "东方", "東方", "皇甫", "令狐",
        "慕容", "司徒", "尉迟", "尉遲", "公孙", "公孫", "长孙", "長孫", "夏侯", "轩辕", "軒轅",
        "端木", "独孤", "獨孤", "南宫", "南宮", "宇文", "申屠", "澹台", "澹臺", "万俟", "萬俟",
        "闻人", "聞人", "西门", "西門", "呼延", "钟离", "鍾離", "赫连", "赫連", "太史", "司空",
    ]
    private static let compoundHangulSurnames: Set<String> = [
        "남궁", "황보", "제갈", "선우", "독고", "사공", "서문", "동방",
    ]

    /// Initials for a Chinese name (2…4 Han characters, see `isChineseHan`) or a Korean one
    /// (2…4 Hangul syllables, with or without spaces), or nil for any other name.
    ///
    /// length 1 → the first character (the surname); length 2 or 3 → the last two characters,
    /// never reaching into a two-character surname: "王小明" → "小明", "王明" → "王明",
    /// "司马懿" → "懿", "김민준" → "민준". With a space the first word is the surname.
    static func cjkInitials(_ words: [Word], length: Int) -> String? {
        let letterWords = words.map { $0.filter { kind(of: $0) == .letter } }
        let all = Array(letterWords.joined())
        guard (2...4).contains(all.count) else { return nil }
        let isHanName = all.allSatisfy(isHan)
        guard isHanName || all.allSatisfy(isHangulSyllable) else { return nil }
        if isHanName, !isChineseHan(letterWords) { return nil }
        if length == 1, let head = all.first { return String(head) }

        let surname: Int
        if letterWords.count > 1, let family = letterWords.first {
            // "王 明" keeps both characters like "王明"; "司马 懿" names its compound surname.
            surname = family.count >= 2 ? family.count : 0
        } else {
            let head = String(all.prefix(2))
            let compound = isHanName ? compoundHanSurnames : compoundHangulSurnames
            surname = all.count >= 3 && compound.contains(head) ? 2 : 0
        }
        return String(all.suffix(min(2, all.count - surname)))
    }

    /// Han-only text is Chinese or Japanese, and the script cannot say which (kana would make it
    /// Japanese; those names never get here). What tells them apart is the family name:
    /// Chinese surnames are one character, or one of the two-character surnames listed above,
    /// while Japanese family names in kanji are mostly two or three (山田, 北里, 小野田). So a
    /// spaced name whose first word is two or more characters and not a Chinese compound
    /// surname is Japanese (山田 太郎), and so is an unspaced four-character name that does not
    /// start with one (山田太郎); 2-3 characters unspaced (王小明), a one-character spaced
    /// surname (王 小明) or a compound surname (欧阳娜娜, 司马 懿) are Chinese. A Japanese
    /// name with a one-character family name (林 太郎) is read as Chinese.
    private static func isChineseHan(_ letterWords: [[Character]]) -> Bool {
        let all = Array(letterWords.joined())
        if letterWords.count > 1, let surname = letterWords.first {
            return surname.count == 1 || compoundHanSurnames.contains(String(surname))
        }
        return all.count <= 3 || compoundHanSurnames.contains(String(all.prefix(2)))
    }
}
