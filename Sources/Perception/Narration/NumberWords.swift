/// Small counts spoken as words. Speech engines read "2" fine, but braille and captions
/// read more naturally as words for the counts a scene usually holds; beyond twelve the
/// digits are shorter to hear and to read.
public enum NumberWords {
    private static let words = [
        "zero", "one", "two", "three", "four", "five", "six",
        "seven", "eight", "nine", "ten", "eleven", "twelve",
    ]

    /// "one" … "twelve" for 1–12, the digits otherwise.
    public static func spoken(_ count: Int) -> String {
        (1...12).contains(count) ? words[count] : String(count)
    }
}
