// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// Puts scene-text lines in the order a person reads them: nearby lines of about the same size
/// form a block (a sign, a label, a paragraph on a poster); blocks are read top to bottom, and
/// side by side ones left to right; within a block, rows top to bottom, each row left to right.
public enum ReadingOrder {
    /// Two lines are in one block when the gap between them is at most this many line heights
    /// (of the smaller), across or down.
    static let blockGap = 1.0
    /// ...and their heights differ by at most this factor: a heading over small print is two blocks.
    static let blockHeightRatio = 1.8
    /// Two lines are on one row when they overlap vertically by at least this share of the
    /// smaller one's height.
    static let sameRowOverlap = 0.5

    /// The indices of `boxes` in reading order, each with its block number (0, 1, ... in order).
    public static func arrange(_ boxes: [Box]) -> [(index: Int, block: Int)] {
        guard !boxes.isEmpty else { return [] }
        var parent = Array(boxes.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for a in boxes.indices {
            for b in boxes.indices where b > a && nearby(boxes[a], boxes[b]) {
                parent[root(a)] = root(b)
            }
        }
        var members: [Int: [Int]] = [:]
        for i in boxes.indices { members[root(i), default: []].append(i) }
        let blocks = members.values.map { indices in
            (indices: rowsInOrder(indices, boxes), bounds: indices.dropFirst().reduce(boxes[indices[0]]) { $0.union(boxes[$1]) })
        }
        let ordered = inRows(blocks, bounds: \.bounds)
        var result: [(index: Int, block: Int)] = []
        for (number, block) in ordered.enumerated() {
            result += block.indices.map { ($0, number) }
        }
        return result
    }

    static func nearby(_ a: Box, _ b: Box) -> Bool {
        let small = min(a.height, b.height), large = max(a.height, b.height)
        guard small > 0, large / small <= blockHeightRatio else { return false }
        let gapX = max(0, max(a.x, b.x) - min(a.maxX, b.maxX))
        let gapY = max(0, max(a.y, b.y) - min(a.maxY, b.maxY))
        return gapX <= blockGap * small && gapY <= blockGap * small
    }

    static func sameRow(_ a: Box, _ b: Box) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
        return overlap >= sameRowOverlap * min(a.height, b.height)
    }

    static func rowsInOrder(_ indices: [Int], _ boxes: [Box]) -> [Int] {
        inRows(indices, bounds: { boxes[$0] })
    }

    /// Items sorted by top; each run of items on one row (with the row's first item) sorted by left edge.
    static func inRows<T>(_ items: [T], bounds: (T) -> Box) -> [T] {
        let byTop = items.sorted { bounds($0).y < bounds($1).y }
        var rows: [[T]] = []
        for item in byTop {
            if let first = rows.last?.first, sameRow(bounds(first), bounds(item)) {
                rows[rows.count - 1].append(item)
            } else {
                rows.append([item])
            }
        }
        return rows.flatMap { $0.sorted { bounds($0).x < bounds($1).x } }
    }
}
