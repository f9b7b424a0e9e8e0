// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// Tells a page (a letter, a receipt, a book) from a scene with some text in it, from where the
/// text detector found lines: a page has many lines of about one size, stacked in a column and
/// covering a good part of the picture. Pages go to Tesseract, whose layout analysis reads
/// columns and paragraphs; everything else to the scene engine.
public enum PageLayout {
    /// Fewer lines than this is a sign, a label or a screen, never a page to lay out.
    static let minimumLines = 8
    /// The share of lines whose height is within `heightTolerance` of the median line height.
    static let regularShare = 0.6
    static let heightTolerance = 0.5
    /// The lines' boxes must cover at least this share of the picture: a page fills the view
    /// with text, a street scene's shop signs do not.
    static let minimumTextCover = 0.08
    /// ...unless there are this many lines: a receipt photographed whole on a table covers 5 %
    /// of a large photo with forty lines, and no street scene here has twenty regular lines.
    static let manyLines = 20
    /// The share of lines that must have a line above or below them at about one line's spacing
    /// (stacked, as in a column), not scattered.
    static let stackedShare = 0.5

    /// Whether the lines are laid out as a page's, held upright or upside down (lines stacked
    /// down the picture) or on its side (lines side by side across it, each running down it).
    public static func looksLikePage(_ regions: [TextQuad], width: Int, height: Int) -> Bool {
        guard regions.count >= minimumLines, width > 0, height > 0 else { return false }
        if looksLikeUprightPage(heights: regions.map(\.lineHeight), boxes: regions.map(\.box), width: width, height: height) {
            return true
        }
        // On its side: the page's lines as they would lie with the picture's axes swapped.
        let sideways = regions.map(\.box).map { Box(x: $0.y, y: $0.x, width: $0.height, height: $0.width) }
        return looksLikeUprightPage(heights: regions.map { min($0.lineHeight, $0.lineLength) }, boxes: sideways,
                                    width: height, height: width)
    }

    private static func looksLikeUprightPage(heights: [Double], boxes: [Box], width: Int, height: Int) -> Bool {
        let heights = heights.sorted()
        let median = heights[heights.count / 2]
        guard median > 0 else { return false }
        let regular = heights.filter { abs($0 - median) <= heightTolerance * median }.count
        guard Double(regular) >= regularShare * Double(boxes.count) else { return false }
        let cover = boxes.map(\.area).reduce(0, +) / Double(width * height)
        guard cover >= minimumTextCover || boxes.count >= manyLines else { return false }
        let stacked = boxes.filter { box in
            boxes.contains { other in
                other != box && abs(other.centerY - box.centerY) <= 2.5 * median && abs(other.centerY - box.centerY) >= 0.5 * median
                    && min(box.maxX, other.maxX) > max(box.x, other.x)
            }
        }.count
        return Double(stacked) >= stackedShare * Double(boxes.count)
    }
}
