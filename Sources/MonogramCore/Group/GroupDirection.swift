/// `dir` on `/group` (API §10): which way the row runs. The first face is on top either way.
public enum GroupDirection: String, Sendable, Hashable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
