// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A taught thing on disk: the views of it, in a small binary format of sensecam's own, so that
/// reading one needs nothing but the file (no database journal beside it, which a sandboxed
/// `find` could not write).
///
/// Little-endian: the magic `SCTHING\0`, the format's version (UInt32, 1), the view count
/// (UInt32); then per view its feature count n (UInt32), outline (8 Float32: x, y of four
/// corners), colour histogram (128 Float32), points (2n Float32) and descriptors (128n bytes).
public enum ThingFile {
    static let magic: [UInt8] = Array("SCTHING".utf8) + [0]
    static let version: UInt32 = 1
    /// Far above what teaching makes (a view a photo, 1000 features each): a file claiming more is damaged.
    static let maximumViews = 64
    static let maximumFeatures = 100_000
    /// Far above what teaching writes (64 views of 1000 features are under 9 MB): a larger
    /// file is not read into memory at all.
    static let maximumBytes = 64 << 20

    public static func encode(_ views: [ThingView]) -> [UInt8] {
        var bytes = magic
        append(version, to: &bytes)
        append(UInt32(views.count), to: &bytes)
        for view in views {
            append(UInt32(view.featureCount), to: &bytes)
            for value in view.outline + view.histogram + view.points { append(value.bitPattern, to: &bytes) }
            bytes += view.descriptors
        }
        return bytes
    }

    /// The views a file holds; nil when it is not one this version can read.
    public static func decode(_ bytes: [UInt8]) -> [ThingView]? {
        var reader = Reader(bytes: bytes)
        guard reader.take(magic.count) == magic, reader.integer() == version,
              let viewCount = reader.integer(), viewCount <= maximumViews else { return nil }
        var views: [ThingView] = []
        for _ in 0..<viewCount {
            guard let count = reader.integer().map(Int.init), count <= maximumFeatures,
                  let outline = reader.floats(8), let histogram = reader.floats(ThingView.histogramBins),
                  let points = reader.floats(2 * count), let descriptors = reader.take(count * ThingView.descriptorBytes),
                  let view = try? ThingView(points: points, descriptors: descriptors, outline: outline, histogram: histogram)
            else { return nil }
            views.append(view)
        }
        return reader.isAtEnd ? views : nil
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func integer() -> UInt32? {
            guard let four = take(4) else { return nil }
            return four.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }

        mutating func floats(_ count: Int) -> [Float]? {
            guard count >= 0, bytes.count - offset >= 4 * count else { return nil }
            return (0..<count).map { _ in Float(bitPattern: integer()!) }
        }
    }
}
