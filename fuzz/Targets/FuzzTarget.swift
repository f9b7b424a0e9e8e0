// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Glibc
import Options
import Perception

/// Every entry point that takes bytes from outside the program, as one fuzz target each: the
/// same call the product makes, from a buffer, with nothing checked first. libFuzzer drives them
/// under AddressSanitizer (`make fuzz`); `FuzzRegressionTests` replays the kept inputs in the
/// normal build. Refusing bytes is the normal outcome; only a crash, a hang or a sanitizer
/// report is a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// An image file's bytes: `Image(encoded:)`, the shim's `CVision_image_decode` (with its JPEG
    /// check and whatever limits it applies before decoding), as `read`, `batch` and `scan` load a file.
    case image
    /// One camera MJPEG buffer: `Image(mjpeg:)`, the shim's TurboJPEG fast path.
    case mjpeg
    /// The settings file: `SettingsFile.parse` with the settings `sensecam` knows.
    case settings
    /// A batch's JSON Lines output as `batch --resume` reads and repairs it: `BatchJournal.resume`.
    case resume
    /// Shard files as `merge` joins them: `BatchMerge`; a form feed (0x0C) starts the next file.
    case merge
    /// A code's text: `CodeContent` (MECARD, vCard, WIFI:, iCalendar, links…) and the sentence
    /// `scan` says about it; the first byte picks the symbology.
    case codes
    /// A taught thing's file as `find NAME` reads it: `ThingFile.decode`, and the shim's
    /// `CVision_thing_view_create_stored` for each view it holds.
    case thing
    /// A products database as `scan --products-db` opens it: `ProductDatabase(path:)` (its
    /// file check, SQLite's open, the schema check) and one lookup.
    case products
    /// What a speech-dispatcher server sends: the speech client's SSIP reply reader, which
    /// splits it into replies and event notifications; the first byte sets how many bytes each
    /// read hands over (0: all at once), as a socket might.
    case speechReplies

    /// Runs the entry point on `bytes`; true when it accepted them (decoded, parsed, merged).
    @discardableResult
    public func run(_ bytes: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .image:
            guard let image = try? Image(encoded: Array(bytes), name: "fuzz input") else { return false }
            return image.width > 0 && image.height > 0
        case .mjpeg:
            guard let image = try? Image(mjpeg: bytes) else { return false }
            return image.width > 0 && image.height > 0
        case .settings:
            return (try? Self.settingsFile.parse(Data(bytes), path: "config.json")) != nil
        case .resume:
            return Self.resume(bytes)
        case .merge:
            var merge = BatchMerge()
            do {
                for (index, file) in bytes.split(separator: 0x0C, omittingEmptySubsequences: false).enumerated() {
                    try merge.add(Data(file), file: "part-\(index).jsonl")
                }
                _ = try merge.finish()
                return true
            } catch {
                return false
            }
        case .codes:
            guard let first = bytes.first else { return false }
            let format = CodeFormat.allCases[Int(first) % CodeFormat.allCases.count]
            let code = ScannedCode(format: format, text: String(decoding: bytes.dropFirst(), as: UTF8.self), corners: [])
            return !CodeSentences(wording: .english).sentence(for: code, revealSecrets: first & 0x80 != 0).isEmpty
        case .thing:
            return ThingFile.decode(Array(bytes)) != nil
        case .products:
            return Self.products(bytes)
        case .speechReplies:
            guard let first = bytes.first else { return false }
            let reading = SSIPReplyReading(UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), piece: Int(first))
            return !reading.broke && !reading.cutShort
        }
    }

    /// The settings file exactly as `sensecam` reads it: the same entries, checked by the same
    /// options.
    static let settingsFile = UserSettings.file

    /// SQLite opens a file by name (and keeps its write-ahead log beside it), so each input is
    /// written to a folder of this process's own first.
    private static func products(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let folder = NSTemporaryDirectory() + "/sensecam-fuzz-products-\(getpid())"
        mkdir(folder, 0o700)
        let path = folder + "/products.sqlite"
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) } }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return false }
        guard let database = try? ProductDatabase(path: path) else { return false }
        do { _ = try database.lookup("4006381333931") } catch { return false }
        return true
    }

    /// The inputs a resumed batch is given: the sources the seeds' records name.
    static let resumeInputs: [BatchInput] = [.image("in/a.jpg"), .image("in/b.png"), .video("in/clip.mp4")]

    /// `resume` reads and repairs a file in place, so each input is written to a file of this
    /// process's own first (on the temporary folder, usually memory).
    private static func resume(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let path = NSTemporaryDirectory() + "/sensecam-fuzz-resume-\(getpid()).jsonl"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return false }
        defer { unlink(path) }
        return (try? BatchJournal.resume(path, inputs: resumeInputs, every: 1)) != nil
    }
}
