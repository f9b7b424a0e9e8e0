// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception

/// Ground truth that could not be read, naming the file and, when it is the content's
/// fault, the line.
public struct GroundTruthError: Error, Equatable, CustomStringConvertible {
    public var path: String
    /// 1-based; nil when the file as a whole is the problem.
    public var line: Int?
    public var reason: String

    public init(path: String, line: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    public var description: String {
        if let line { return "Line \(line) of \(path) is malformed: \(reason)." }
        return "Cannot read \(path): \(reason)."
    }
}

/// Readers for the ground-truth formats under `../shared/data` (see its README).
///
/// Small hand-written parsers for exactly these formats, not general CSV or YAML: the files
/// are fixed, and a reader that rejects anything unexpected with the line number is easier to
/// trust than one that guesses.
public enum GroundTruth {
    /// YOLO detection labels (`labels/STEM.txt`): one `class_id cx cy w h` per line, centre and
    /// size normalised 0–1 by the image's width and height, converted to boxes in pixels.
    ///
    /// A missing or empty file means the image has no objects: COCO128 ships images without
    /// a label file for exactly that case.
    public static func yoloLabels(at url: URL, imageWidth: Int, imageHeight: Int) throws -> [LabeledBox] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let (w, h) = (Double(imageWidth), Double(imageHeight))
        var boxes: [LabeledBox] = []
        for (number, line) in try lines(of: url) {
            let fields = line.split(whereSeparator: \.isWhitespace)
            if fields.isEmpty { continue }
            let fail = { (reason: String) in GroundTruthError(path: url.path, line: number, reason: reason) }
            guard fields.count == 5 else {
                throw fail("expected 5 fields `class_id cx cy w h`, found \(fields.count)")
            }
            guard let classIndex = Int(fields[0]), classIndex >= 0 else {
                throw fail("class id `\(fields[0])` is not a non-negative integer")
            }
            let values = fields.dropFirst().compactMap { Double($0) }.filter(\.isFinite)
            guard values.count == 4 else { throw fail("cx, cy, w and h must be numbers") }
            let (cx, cy, bw, bh) = (values[0], values[1], values[2], values[3])
            guard bw >= 0, bh >= 0 else { throw fail("width and height must not be negative") }
            let box = Box(x: (cx - bw / 2) * w, y: (cy - bh / 2) * h, width: bw * w, height: bh * h)
            boxes.append(LabeledBox(classIndex: classIndex, box: box))
        }
        return boxes
    }

    /// Class names from a YOLO dataset's `classes.yaml`, in id order. Reads only its
    /// `names:` block of `  id: name` lines; ids must run 0, 1, 2, … without gaps.
    public static func classNames(at url: URL) throws -> [String] {
        var names: [Int: String] = [:]
        var inNames = false
        var sawNames = false
        for (number, line) in try lines(of: url) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indented = line.first?.isWhitespace == true
            if !indented {
                // Any other top-level key ends the block; the file's other keys are not ours.
                inNames = trimmed == "names:"
                sawNames = sawNames || inNames
                continue
            }
            guard inNames else { continue }
            let fail = { (reason: String) in GroundTruthError(path: url.path, line: number, reason: reason) }
            guard let colon = trimmed.firstIndex(of: ":") else { throw fail("expected `id: name`") }
            let key = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
            guard let id = Int(key), id >= 0 else { throw fail("class id `\(key)` is not a non-negative integer") }
            var name = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            // YAML lets a name be quoted, e.g. '0: "traffic light"'.
            if name.count >= 2, let quote = name.first, quote == "\"" || quote == "'", name.last == quote {
                name = String(name.dropFirst().dropLast())
            }
            guard !name.isEmpty else { throw fail("class \(id) has no name") }
            guard names[id] == nil else { throw fail("class id \(id) appears twice") }
            names[id] = name
        }
        guard sawNames, !names.isEmpty else {
            throw GroundTruthError(path: url.path, reason: "it has no `names:` block of `id: name` lines")
        }
        return try (0..<names.count).map { id in
            guard let name = names[id] else {
                throw GroundTruthError(path: url.path, reason: "class ids are not 0…\(names.count - 1); \(id) is missing")
            }
            return name
        }
    }

    /// The text fields of an SROIE receipt's `STEM.box.csv`, in file order.
    ///
    /// Each line is `x1,y1,x2,y2,x3,y3,x4,y4,text`; the text may itself contain commas, so only
    /// the first eight commas separate fields. Blank lines are skipped.
    public static func receiptTexts(at url: URL) throws -> [String] {
        var texts: [String] = []
        for (number, line) in try lines(of: url) {
            if line.allSatisfy(\.isWhitespace) { continue }
            let fields = line.split(separator: ",", maxSplits: 8, omittingEmptySubsequences: false)
            let fail = { (reason: String) in GroundTruthError(path: url.path, line: number, reason: reason) }
            guard fields.count == 9 else {
                throw fail("expected eight coordinates and the text, `x1,y1,…,x4,y4,text`, found \(fields.count) fields")
            }
            for field in fields.prefix(8) where Double(field.trimmingCharacters(in: .whitespaces)) == nil {
                throw fail("coordinate `\(field)` is not a number")
            }
            texts.append(String(fields[8]))
        }
        return texts
    }

    /// A receipt's reference text: its box texts joined by single spaces, in file order.
    public static func receiptText(at url: URL) throws -> String {
        try receiptTexts(at: url).joined(separator: " ")
    }

    /// A plain-text transcription (`STEM.gt.txt`, `STEM.txt`): the whole file.
    public static func text(at url: URL) throws -> String {
        try contents(of: url)
    }

    /// The file decoded as UTF-8, invalid bytes replaced rather than rejected (a stray
    /// Latin-1 byte in a transcription costs one character, not the whole file), without a BOM.
    private static func contents(of url: URL) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw GroundTruthError(path: url.path, reason: exists ? "\(error.localizedDescription)" : "no such file")
        }
        let text = String(decoding: data, as: UTF8.self)
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// Lines numbered from 1, split on LF or CRLF (some receipts use CRLF).
    private static func lines(of url: URL) throws -> [(number: Int, text: Substring)] {
        let text = try contents(of: url)
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .enumerated()
            .map { (number: $0.offset + 1, text: $0.element) }
    }
}
