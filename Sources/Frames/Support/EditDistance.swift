// SPDX-License-Identifier: GPL-3.0-or-later
/// Levenshtein distance over Unicode scalar values.
///
/// The accuracy tests compare whole pages (about 3,000 scalars each way, 9 million table
/// cells) in debug builds, so this works on `[UInt32]` rather than `Character`s, keeps only
/// one row of the table (O(min(n, m)) memory) and walks raw pointers: bounds-checked
/// subscripts and overflow-checked arithmetic are several times slower at `-Onone`.
public enum EditDistance {
    /// The fewest single-scalar insertions, deletions and substitutions that turn `a` into `b`.
    public static func levenshtein(_ a: [UInt32], _ b: [UInt32]) -> Int {
        // A shared prefix or suffix never costs an edit; OCR output usually shares plenty.
        var start = 0
        let shorter = min(a.count, b.count)
        while start < shorter && a[start] == b[start] { start += 1 }
        var endA = a.count
        var endB = b.count
        while endA > start && endB > start && a[endA - 1] == b[endB - 1] {
            endA -= 1
            endB -= 1
        }
        let x = a[start..<endA]
        let y = b[start..<endB]
        // The row runs along the shorter sequence, so memory is O(min(n, m)).
        let (outer, inner) = x.count >= y.count ? (x, y) : (y, x)
        if inner.isEmpty { return outer.count }
        return outer.withUnsafeBufferPointer { outerBuffer in
            inner.withUnsafeBufferPointer { innerBuffer in
                distance(outerBuffer.baseAddress!, outerBuffer.count,
                         innerBuffer.baseAddress!, innerBuffer.count)
            }
        }
    }

    /// The classic two-loop table, one row at a time; `n` ≥ 1 and `m` ≥ 1.
    private static func distance(
        _ outer: UnsafePointer<UInt32>, _ n: Int,
        _ inner: UnsafePointer<UInt32>, _ m: Int
    ) -> Int {
        // row[j] holds the distance between outer[..<i] and inner[..<j].
        let row = UnsafeMutablePointer<Int>.allocate(capacity: m + 1)
        defer { row.deallocate() }
        var j = 0
        while j <= m {
            row[j] = j
            j &+= 1
        }
        var i = 0
        while i < n {
            let scalar = outer[i]
            var diagonal = row[0]
            var left = i &+ 1
            row[0] = left
            j = 0
            while j < m {
                let up = row[j &+ 1]
                var best = inner[j] == scalar ? diagonal : diagonal &+ 1
                if up &+ 1 < best { best = up &+ 1 }
                if left &+ 1 < best { best = left &+ 1 }
                row[j &+ 1] = best
                diagonal = up
                left = best
                j &+= 1
            }
            i &+= 1
        }
        return row[m]
    }
}
