// SPDX-License-Identifier: GPL-3.0-or-later
/// Digit strings as a voice should say them. A synthesizer reads every run of digits as an
/// amount: espeak-ng says the EAN-13 "841 300 006 5504" as "eight hundred and forty-one
/// million…" in English, "achthunderteinundvierzig Millionen…" in German, "treize milliards…"
/// in French. A code, a phone number or a product number is said digit by digit, its groups
/// apart ("8 4 1, 3 0 0, 0 0 6, 5 5 0 4": the comma is a short pause, as a person reads such a
/// number out). Prices, quantities, times, dates and counts stay amounts.
///
/// Only speech gets this: the printed text keeps its own grouping, and braille shows digits.
///
/// A run of digits (with single spaces, hyphens or stops between groups, as codes and phone
/// numbers are printed) is a code when
/// - it has at least `codeDigits` digits and is not an amount written with the language's
///   grouping ("1,234,567.89" in English, "1.234.567,89" or "1 234 567" in German and French);
/// - or it starts with a 0 and has at least two digits ("007", "0049"), which no amount does.
/// A time ("12:30"), a date ("21.12.2024", "12/21/2024") and a decimal ("2.5", "2,5") are not.
enum SpokenDigits {
    /// Five digits and more are a code unless grouped as an amount: "2024" is a year, "12345" a
    /// postcode, a number of many digits in a sentence is almost never an amount said whole.
    static let codeDigits = 5

    /// `text` with each code said digit by digit, for a voice in `language` (a BCP 47 code,
    /// which says how amounts are grouped).
    static func spoken(_ text: String, language: String) -> String {
        let characters = Array(text)
        var result = ""
        result.reserveCapacity(text.count * 2)
        var index = 0
        while index < characters.count {
            guard characters[index].isASCIIDigit, index == 0 || !isPartOfWord(characters[index - 1]) else {
                result.append(characters[index])
                index += 1
                continue
            }
            let run = Run(characters, from: index)
            if run.isCode(language: language, before: index > 0 ? characters[index - 1] : nil,
                          after: run.end < characters.count ? characters[run.end] : nil) {
                result += run.groups.flatMap(chunks).map { group in group.map(String.init).joined(separator: " ") }
                    .joined(separator: ", ")
            } else {
                result += String(characters[index..<run.end])
            }
            index = run.end
        }
        return result
    }

    /// A long group in threes, as a person reads one out ("4006381333931" as 400 638 133 3931):
    /// a listener holds three or four digits at a time. A last digit alone joins the three before.
    static func chunks(_ group: [Character]) -> [[Character]] {
        guard group.count > 4 else { return [group] }
        var chunks = stride(from: 0, to: group.count, by: 3).map { Array(group[$0..<min($0 + 3, group.count)]) }
        if chunks.count > 1, chunks[chunks.count - 1].count == 1 {
            let last = chunks.removeLast()
            chunks[chunks.count - 1] += last
        }
        return chunks
    }

    /// A letter or digit before a digit makes it part of a word or a name ("A4", "MP3", "x264").
    private static func isPartOfWord(_ character: Character) -> Bool {
        character.isLetter || character.isASCIIDigit
    }

    /// Digits in groups, as printed: "841 300 006 5504", "+49 30-1234567", "4006381333931".
    struct Run {
        /// The digit groups, in order.
        var groups: [[Character]]
        /// What joined them: " ", "-", ".", "," or "/" (one character each).
        var joins: [Character]
        /// Just after the run's last digit.
        var end: Int

        /// Reads the run starting at `start` (a digit): groups joined by one of the joiners,
        /// each join followed by a digit.
        init(_ characters: [Character], from start: Int) {
            var groups: [[Character]] = [[]]
            var joins: [Character] = []
            var index = start
            while index < characters.count {
                let character = characters[index]
                if character.isASCIIDigit {
                    groups[groups.count - 1].append(character)
                    index += 1
                } else if Self.joiners.contains(character), index + 1 < characters.count, characters[index + 1].isASCIIDigit {
                    joins.append(character)
                    groups.append([])
                    index += 1
                } else {
                    break
                }
            }
            self.groups = groups
            self.joins = joins
            end = index
        }

        static let joiners: Set<Character> = [" ", "-", ".", ",", "/", ":", "\u{00A0}", "\u{202F}"]

        var digitCount: Int { groups.reduce(0) { $0 + $1.count } }

        /// Whether a voice should say the run digit by digit. `before` and `after` are the
        /// characters around it: a "+" before it is a phone number's.
        func isCode(language: String, before: Character?, after: Character?) -> Bool {
            if isTime || isDate || (after.map { $0.isLetter } ?? false) { return false }
            if digitCount >= 2, groups[0].first == "0", !isDecimal(language: language) { return true }
            if before == "+" && digitCount >= 4 { return true }
            guard digitCount >= SpokenDigits.codeDigits else { return false }
            return !isAmount(language: language)
        }

        /// "12:30", "9:05:10".
        private var isTime: Bool {
            !joins.isEmpty && joins.allSatisfy { $0 == ":" } && groups.count <= 3 && groups.dropFirst().allSatisfy { $0.count == 2 }
                && groups[0].count <= 2
        }

        /// "21.12.2024", "12/21/24", "2024-12-21".
        private var isDate: Bool {
            guard groups.count == 3, Set(joins).count == 1, let join = joins.first, [".", "/", "-"].contains(join) else { return false }
            let sizes = groups.map(\.count)
            return sizes == [4, 2, 2] || (sizes[0] <= 2 && sizes[1] <= 2 && (sizes[2] == 2 || sizes[2] == 4))
        }

        /// A number with a fractional part in the language's way: "2.5" (en), "2,5" (de, fr, es).
        private func isDecimal(language: String) -> Bool {
            groups.count == 2 && joins.first == Self.decimalSeparator(language)
        }

        /// An amount as the language writes one: its groups of three after the first (joined by
        /// the language's separators), and at most one decimal part at the end.
        private func isAmount(language: String) -> Bool {
            let decimal = Self.decimalSeparator(language)
            var integerGroups = groups, integerJoins = joins
            if let last = joins.last, last == decimal, groups.count >= 2 {
                integerGroups.removeLast()
                integerJoins.removeLast()
            }
            guard !integerJoins.isEmpty else { return false }  // one long run of digits: a code
            let grouping = Self.groupSeparators(language)
            guard Set(integerJoins).count == 1, let join = integerJoins.first, grouping.contains(join) else { return false }
            return (1...3).contains(integerGroups[0].count) && integerGroups.dropFirst().allSatisfy { $0.count == 3 }
        }

        static func decimalSeparator(_ language: String) -> Character {
            language.hasPrefix("en") ? "." : ","
        }

        /// How thousands are grouped: a comma in English; a stop in German and Spanish; a
        /// space in French (and as the SI writes it, in every language).
        static func groupSeparators(_ language: String) -> Set<Character> {
            let spaces: Set<Character> = ["\u{00A0}", "\u{202F}"]
            if language.hasPrefix("en") { return spaces.union([","]) }
            if language.hasPrefix("fr") { return spaces.union([" ", "."]) }
            return spaces.union([".", " "])
        }
    }
}
