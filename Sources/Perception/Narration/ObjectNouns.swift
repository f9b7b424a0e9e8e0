/// A class name made speakable: the phrase for one object and the plural for several.
/// The 80 COCO names mostly follow the ordinary rules of English; the few that do not
/// are listed, so "a person" becomes "two people" and "scissors" becomes "a pair of scissors".
public struct ObjectNoun: Sendable, Equatable {
    /// One of them with its article: "a dog", "an umbrella", "a pair of scissors".
    public var one: String
    /// Several of them, to follow a number: "dogs", "pairs of scissors".
    public var many: String

    public init(one: String, many: String) {
        self.one = one
        self.many = many
    }

    /// The noun for a detector label. COCO names that break the rules come from a table;
    /// any other label (another model's classes) gets the regular rules.
    public init(label: String) {
        let name = Self.normalized(label)
        if let known = Self.irregular[name] {
            self = known
        } else if name.isEmpty {
            self.init(one: "an object", many: "objects")
        } else {
            self.init(one: Self.article(for: name) + " " + name, many: Self.plural(of: name))
        }
    }

    /// The singular without its article, where a count or "another" takes its place:
    /// "person", "TV", "pair of scissors", "broccoli".
    public var bare: String {
        for article in ["a ", "an ", "some "] where one.hasPrefix(article) {
            return String(one.dropFirst(article.count))
        }
        return one
    }

    /// One more of them: "another dog"; for a mass noun ("some broccoli"), "more broccoli".
    public var another: String { (one.hasPrefix("some ") ? "more " : "another ") + bare }

    /// "a dog" for one, "three dogs" for three.
    public func phrase(count: Int) -> String {
        count == 1 ? one : NumberWords.spoken(count) + " " + many
    }

    /// Labels compared and spoken in one form: lower case, words split by single spaces.
    static func normalized(_ label: String) -> String {
        label.split { $0.isWhitespace || $0 == "_" }
            .joined(separator: " ")
            .lowercased()
    }

    /// COCO names the rules below would get wrong, or that read badly aloud.
    private static let irregular: [String: ObjectNoun] = [
        "person": ObjectNoun(one: "a person", many: "people"),
        "sheep": ObjectNoun(one: "a sheep", many: "sheep"),
        "knife": ObjectNoun(one: "a knife", many: "knives"),
        "mouse": ObjectNoun(one: "a mouse", many: "mice"),
        // One COCO "skis" box is a pair of skis, not one ski.
        "skis": ObjectNoun(one: "a pair of skis", many: "pairs of skis"),
        "scissors": ObjectNoun(one: "a pair of scissors", many: "pairs of scissors"),
        // Spoken letter by letter, so it takes "a" and a capital.
        "tv": ObjectNoun(one: "a TV", many: "TVs"),
        // A mass noun: "two broccolis" is not English.
        "broccoli": ObjectNoun(one: "some broccoli", many: "pieces of broccoli"),
        // "A remote" alone is ambiguous when heard; the full name is not.
        "remote": ObjectNoun(one: "a remote control", many: "remote controls"),
    ]

    /// Words that start with a vowel letter but a consonant sound ("a unicorn", "a user").
    private static let consonantSoundPrefixes = ["uni", "use", "usu", "eu"]
    /// Words that start with a silent h ("an hour").
    private static let silentHPrefixes = ["hour", "honest", "honour", "honor", "heir"]

    /// "a" or "an" by the sound of the first word, as near as spelling allows.
    static func article(for name: String) -> String {
        if silentHPrefixes.contains(where: name.hasPrefix) { return "an" }
        if consonantSoundPrefixes.contains(where: name.hasPrefix) { return "a" }
        guard let first = name.first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    /// The regular English plural of the last word: -es after a hissing sound, -ies after a
    /// consonant and y, -s otherwise ("bus" → "buses", "wine glass" → "wine glasses").
    static func plural(of name: String) -> String {
        if ["s", "x", "z", "ch", "sh"].contains(where: name.hasSuffix) { return name + "es" }
        if name.hasSuffix("y"), let before = name.dropLast().last, !"aeiou".contains(before) {
            return name.dropLast() + "ies"
        }
        return name + "s"
    }
}
