internal import CPangoCairo

/// The letter whose ink stands for a script's line in a font: the vertical band between its
/// top and its bottom is what gets centred, so the particular initials (an accent, a
/// descender, a vowel sign) never move the line.
///
/// * Cased scripts: a capital without overshoot, whose top is the cap height and bottom the
///   baseline (`H`, Greek `Η`, Cyrillic `Н`); digits and `+N` use `H` too.
/// * Hebrew `ה`, Devanagari `क` (headline to baseline), Thai `ก`: the letter body, the
///   x-height-like line these scripts' marks sit above and below.
/// * Han, kana and Hangul: `国` / `국`, which fill the ideographic face: centring it is
///   centring the em box's face, as CJK typesetting does.
/// * Arabic, emoji and scripts not listed: nil. Arabic letters have no common height (and
///   sit on the baseline at very different heights), emoji are pictures filling their em box:
///   both are centred by their own ink, which is what looks centred.
enum TextReference {
    static func letter(for text: String) -> String? {
        for scalar in text.unicodeScalars {
            if scalar.properties.isEmojiPresentation { return nil }
            let script = g_unichar_get_script(scalar.value)
            switch script {
            case G_UNICODE_SCRIPT_COMMON, G_UNICODE_SCRIPT_INHERITED: continue
            case G_UNICODE_SCRIPT_LATIN: return "H"
            case G_UNICODE_SCRIPT_GREEK: return "\u{397}"
            case G_UNICODE_SCRIPT_CYRILLIC: return "\u{41D}"
            case G_UNICODE_SCRIPT_ARMENIAN: return "\u{540}"
            case G_UNICODE_SCRIPT_HEBREW: return "\u{5D4}"
            case G_UNICODE_SCRIPT_DEVANAGARI: return "\u{915}"
            case G_UNICODE_SCRIPT_THAI: return "\u{E01}"
            case G_UNICODE_SCRIPT_HAN, G_UNICODE_SCRIPT_HIRAGANA, G_UNICODE_SCRIPT_KATAKANA, G_UNICODE_SCRIPT_BOPOMOFO:
                return "\u{56FD}"
            case G_UNICODE_SCRIPT_HANGUL: return "\u{AD6D}"
            default: return nil
            }
        }
        return "H" // digits, signs: the Latin line
    }
}
