/// Small counts spoken as words: what the catalog's `numberSpellout` says, in English.
@available(*, deprecated, message: "word the count through the session's Wording: spelled(_:) or {n, spellout}")
public enum NumberWords {
    /// "one" … "twelve" for 1–12, the digits otherwise.
    public static func spoken(_ count: Int) -> String {
        Wording.english.spelled(count)
    }
}
