// SPDX-License-Identifier: GPL-3.0-or-later
/// The number of single-character insertions, deletions, substitutions and adjacent
/// swaps that turn `a` into `b` (optimal string alignment distance). Swaps count once
/// because "jsno" for "json" is one slip of the fingers, not two.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    // d[i][j] is the distance between the first i characters of a and the first j of b.
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}

/// The candidate the user most likely meant by `typed`, or `nil` when no guess is good:
/// the nearest one within two edits, else the only candidate that starts with `typed`.
public func closestMatch(to typed: String, among candidates: [String]) -> String? {
    guard !typed.isEmpty else { return nil }
    // Replacing a whole short name is no evidence the user meant it, hence `< count`.
    let near = candidates
        .map { (name: $0, distance: editDistance(typed, $0)) }
        .filter { $0.distance <= 2 && $0.distance < $0.name.count }
        .min { $0.distance < $1.distance }
    if let near { return near.name }
    let prefixed = candidates.filter { $0.hasPrefix(typed) }
    return prefixed.count == 1 ? prefixed[0] : nil
}
