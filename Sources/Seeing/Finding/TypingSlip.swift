// SPDX-License-Identifier: GPL-3.0-or-later
/// Whether a typed name is very likely a slip for another: the kinds of mistake a person makes
/// typing a word they know, not any word that happens to be a letter away. "bycicle" is
/// bicycle misspelt; "card" is a card, not a car with a letter too many, and "Schlüssel" (keys)
/// is not "Schüssel" (a bowl), though each is one letter from the other. A guess that names
/// the wrong thing sends a person looking for it, so only these count:
/// - the same word as it sounds: doubled letters, y for i, c for k, ph for f, a silent h
///   ("umbrela", "brocoli", "bisicleta", "sandwhich", "Farrad");
/// - two neighbouring letters swapped ("chiar", "Regenschrim");
/// - a letter left out of a long word ("tootbrush");
/// - in a long word, one letter struck by the key beside it ("knofe" is too short to tell);
/// - a plural ending added to or left off a name ("tellys", "bicis").
/// Both names come folded (`FindTarget.folded`): lower case, without accents.
package enum TypingSlip {
    /// A word at least this long is spelt out of memory, where a missing letter is a slip; in a
    /// shorter one it makes another word ("card", "car").
    static let longWord = 7
    /// A key's neighbour struck instead counts only in a word this long: in shorter ones it makes
    /// real words of each other ("trick", "truck"; "flock", "clock").
    static let neighbourWord = 6
    /// Swapped letters count from this length: "cpu" is not a cup.
    static let swapWord = 4

    package static func isLikely(_ typed: String, for meant: String) -> Bool {
        guard typed != meant else { return false }
        let a = Array(compact(typed)), b = Array(compact(meant))
        guard a.count >= 3, b.count >= 3 else { return false }
        if a == b { return true }  // "tooth brush"
        if soundKey(a) == soundKey(b) { return true }
        if a.count == b.count, a.count >= swapWord, isAdjacentSwap(a, b) { return true }
        if b.count >= longWord, a.count + 1 == b.count, isOmission(a, from: b) { return true }
        if a.count == b.count, a.count >= neighbourWord, isNeighbourStrike(a, b) { return true }
        return isPlural(a, of: b) || isPlural(b, of: a)
    }

    /// Without spaces: "tooth brush" is toothbrush.
    private static func compact(_ name: String) -> String {
        name.filter { $0 != " " }
    }

    /// The word as it sounds, roughly alike in the four languages: ph → f, ck and qu → k, c
    /// before e, i or y → s, any other c → k (but ch stays a sound of its own: "Kuchen" is not
    /// "Küken"), y → i, h silent after a vowel or most consonants (not first, nor in ch or
    /// sh: "Schüssel" is not "Süssel"), doubled letters once.
    static func soundKey(_ word: [Character]) -> String {
        var sounds: [Character] = []
        var index = 0
        while index < word.count {
            let letter = word[index], next = index + 1 < word.count ? word[index + 1] : nil
            switch (letter, next) {
            case ("p", "h"?): sounds.append("f"); index += 2; continue
            case ("c", "h"?): sounds.append("ç"); index += 2; continue
            case ("c", "k"?), ("q", "u"?): sounds.append("k"); index += 2; continue
            case ("c", let following?) where "eiy".contains(following): sounds.append("s")
            case ("c", _): sounds.append("k")
            case ("y", _): sounds.append("i")
            case ("h", _) where index > 0 && word[index - 1] != "s": break
            default: sounds.append(letter)
            }
            index += 1
        }
        var key = ""
        for sound in sounds where key.last != sound { key.append(sound) }
        return key
    }

    /// The same letters but for one pair of neighbours swapped.
    private static func isAdjacentSwap(_ a: [Character], _ b: [Character]) -> Bool {
        let differing = a.indices.filter { a[$0] != b[$0] }
        guard differing.count == 2, differing[1] == differing[0] + 1 else { return false }
        return a[differing[0]] == b[differing[1]] && a[differing[1]] == b[differing[0]]
    }

    /// `a` is `b` with one letter left out.
    private static func isOmission(_ a: [Character], from b: [Character]) -> Bool {
        let first = zip(a, b).prefix { $0 == $1 }.count
        return a[first...].elementsEqual(b[(first + 1)...])
    }

    /// The same letters but one, struck by a key beside the right one on the same row.
    private static func isNeighbourStrike(_ a: [Character], _ b: [Character]) -> Bool {
        let differing = a.indices.filter { a[$0] != b[$0] }
        guard differing.count == 1, let typed = a[differing[0]].unicodeScalars.first,
              let meant = b[differing[0]].unicodeScalars.first else { return false }
        return neighbours[meant]?.contains(typed) == true
    }

    /// Each letter's neighbours on a keyboard row, on the QWERTY, QWERTZ and AZERTY layouts.
    private static let neighbours: [Unicode.Scalar: Set<Unicode.Scalar>] = {
        let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm", "qwertzuiop", "yxcvbnm", "azertyuiop", "qsdfghjklm", "wxcvbn"]
        var neighbours: [Unicode.Scalar: Set<Unicode.Scalar>] = [:]
        for row in rows {
            let keys = Array(row.unicodeScalars)
            for (index, key) in keys.enumerated() {
                if index > 0 { neighbours[key, default: []].insert(keys[index - 1]) }
                if index + 1 < keys.count { neighbours[key, default: []].insert(keys[index + 1]) }
            }
        }
        return neighbours
    }()

    /// `a` is `b` with a plural ending: s or es in every language; e, n or en (German) only
    /// after a longer word, since "ski" and "man" with an n or e are other words.
    private static func isPlural(_ a: [Character], of b: [Character]) -> Bool {
        guard a.count > b.count, a.starts(with: b) else { return false }
        let ending = String(a[b.count...])
        return ["s", "es"].contains(ending) || (b.count >= 4 && ["e", "n", "en"].contains(ending))
    }
}
