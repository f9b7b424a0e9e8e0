// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Words

/// One thing a batch processes: a still image (one record) or a video (one record per
/// processed frame, then an end-of-video record).
public struct BatchInput: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case image, video
    }

    /// As listed and written as "source": under the name the user typed, escaped as
    /// `RawPath.escaped` says (a name that is not UTF-8 gets `\xNN` for its stray bytes).
    public var path: String
    public var kind: Kind
    /// The path inside the folder named on the command line (`2024/a.jpg`); the file name for
    /// a file named directly. What `--include` and `--exclude` are matched against.
    public var relativePath: String
    /// The bytes the file is opened by.
    public var location: RawPath

    public init(path: String, kind: Kind, relativePath: String? = nil) {
        self.init(location: RawPath(path), kind: kind, relativePath: relativePath)
    }

    public init(location: RawPath, kind: Kind, relativePath: String? = nil) {
        self.location = location
        self.path = location.escaped
        self.kind = kind
        self.relativePath = relativePath ?? (path as NSString).lastPathComponent
    }

    public static func image(_ path: String) -> BatchInput { BatchInput(path: path, kind: .image) }
    public static func video(_ path: String) -> BatchInput { BatchInput(path: path, kind: .video) }
}

/// The images and videos a batch will process, in a stable order, and what was left out.
public struct BatchInputs: Sendable, Equatable {
    public var items: [BatchInput]
    /// Files in the folders that are neither images nor videos (e.g. ground truth beside them).
    public var skipped: Int
    /// Images and videos that `--include` / `--exclude` left out.
    public var excluded: Int
    /// Entries of the folders that are not files to look at (pipes, broken links, hidden…).
    public var passedOver: PassedOver

    public init(items: [BatchInput], skipped: Int = 0, excluded: Int = 0, passedOver: PassedOver = PassedOver()) {
        self.items = items
        self.skipped = skipped
        self.excluded = excluded
        self.passedOver = passedOver
    }

    /// Video file extensions a folder is searched for (lower-case, without the dot): the
    /// containers FFmpeg, behind OpenCV, plays.
    public static let videoExtensions: Set<String> = ["mp4", "m4v", "mkv", "webm", "avi", "mov", "mpg", "mpeg", "ts",
                                                      "wmv", "flv", "ogv", "3gp"]

    public static func hasVideoExtension(_ path: String) -> Bool {
        videoExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// Searches each folder recursively for images and videos (other files are counted as
    /// skipped, entries that are not files to look at as passed over) and takes each file named directly as given: a video if its extension says
    /// so, otherwise an image (which fails later, with its own sentence, if it is not one).
    /// Then keeps those `filter` lets through. A path listed twice (a folder and a file in it,
    /// say) is taken once, where it first appears: every input gets its records once.
    public static func collect(_ paths: [String], filter: InputFilter = InputFilter()) throws(ImageError) -> BatchInputs {
        var inputs = BatchInputs(items: [])
        var seen: Set<String> = []
        func append(_ input: BatchInput) {
            guard seen.insert(input.path).inserted else { return }
            if filter.admits(input) { inputs.items.append(input) } else { inputs.excluded += 1 }
        }
        for path in paths {
            guard let listing = try ImageFolder.files(in: path) else {
                append(BatchInput(path: path, kind: hasVideoExtension(path) ? .video : .image))
                continue
            }
            inputs.passedOver = inputs.passedOver + listing.passedOver
            for file in listing.entries {
                let kind: BatchInput.Kind
                if ImageFile.hasImageExtension(file.shown) {
                    kind = .image
                } else if hasVideoExtension(file.shown) {
                    kind = .video
                } else {
                    inputs.skipped += 1
                    continue
                }
                append(BatchInput(location: file.location, kind: kind, relativePath: file.relative))
            }
        }
        return inputs
    }
}

/// `--include GLOB` and `--exclude GLOB`: shell patterns (fnmatch) matched against an input's
/// path inside the folder named on the command line, and against its file name. With any
/// includes, an input must match one of them; it must then match no exclude. Matching is
/// case-sensitive, like the shell; `*` also matches `/` in the relative path, so `2024/*`
/// takes everything below 2024.
public struct InputFilter: Sendable, Equatable {
    public var include: [String]
    public var exclude: [String]

    public init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// What a usage error says a pattern must be: completes "must be …".
    public static let expected = MessageID.batchPatternExpected

    public func admits(_ input: BatchInput) -> Bool {
        if !include.isEmpty, !include.contains(where: { Self.matches($0, input) }) { return false }
        return !exclude.contains { Self.matches($0, input) }
    }

    static func matches(_ pattern: String, _ input: BatchInput) -> Bool {
        let name = (input.path as NSString).lastPathComponent
        return fnmatch(pattern, input.relativePath, 0) == 0 || fnmatch(pattern, name, 0) == 0
    }

    /// Whether `pattern` is a pattern fnmatch reads as the user meant. glibc takes an
    /// unclosed `[` or a trailing `\` without complaint, matching something else than was
    /// meant, so those are refused here; so is an empty pattern, which matches nothing.
    public static func isValid(_ pattern: String) -> Bool {
        let characters = Array(pattern)
        guard !characters.isEmpty else { return false }
        var index = 0
        while index < characters.count {
            switch characters[index] {
            case "\\":
                guard index + 1 < characters.count else { return false }
                index += 2
            case "[":
                guard let end = bracketEnd(characters, from: index) else { return false }
                index = end + 1
            default:
                index += 1
            }
        }
        return true
    }

    /// The index of the `]` closing the bracket expression opened at `start`, as POSIX reads
    /// it: a `]` first (after an optional `!` or `^`) is a member, and `[:alpha:]`-style
    /// classes are skipped whole.
    private static func bracketEnd(_ characters: [Character], from start: Int) -> Int? {
        var index = start + 1
        if index < characters.count, characters[index] == "!" || characters[index] == "^" { index += 1 }
        if index < characters.count, characters[index] == "]" { index += 1 }
        while index < characters.count {
            if characters[index] == "[", index + 1 < characters.count, [":", ".", "="].contains(characters[index + 1]) {
                let kind = characters[index + 1]
                var close = index + 2
                while close + 1 < characters.count, !(characters[close] == kind && characters[close + 1] == "]") { close += 1 }
                guard close + 1 < characters.count else { return nil }
                index = close + 2
                continue
            }
            if characters[index] == "]" { return index }
            index += 1
        }
        return nil
    }
}
