// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The test data's sets as Tests/data/manifest.tsv lists them, and which of them the data folder
/// holds whole. Both test targets ask it before reading a data file: a test whose set is not
/// there (behind a registration, or not fetched) is skipped naming the set, not failed.
public enum TestDataSets {
    /// The package root: this file is Tests/CameraTestSupport/TestDataSets.swift.
    public static let packageRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$SENSECAM_TEST_DATA` (a relative path is from the package root; CI gives ../shared/data),
    /// else `.build/test-data`, where `make test-data` downloads what is published.
    public static var folder: URL {
        if let given = ProcessInfo.processInfo.environment["SENSECAM_TEST_DATA"], !given.isEmpty {
            return URL(fileURLWithPath: given, relativeTo: packageRoot).standardizedFileURL
        }
        return packageRoot.appendingPathComponent(".build/test-data").standardizedFileURL
    }

    /// Each set's files (paths inside the data folder), from the manifest's first two columns.
    public static let files: [String: [String]] = {
        let manifest = packageRoot.appendingPathComponent("Tests/data/manifest.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [:] }
        var files: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count >= 2 else { continue }
            files[String(columns[0]), default: []].append(String(columns[1]))
        }
        return files
    }()

    /// The sets that `relative` (a file, or a folder such as `ocr/receipts`) is part of, or that
    /// lie inside it.
    public static func sets(holding relative: String) -> [String] {
        let path = relative.hasSuffix("/") ? String(relative.dropLast()) : relative
        return files.filter { _, members in members.contains { $0 == path || $0.hasPrefix(path + "/") } }
            .keys.sorted()
    }

    /// Whether every file of `set` is in the data folder (their checksums are `make test-data`'s
    /// to check).
    public static func isComplete(_ set: String, in root: URL = folder) -> Bool {
        (files[set] ?? []).allSatisfy { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }

    /// Why a test reading `relative` cannot run, in one line, when a set it is part of is not
    /// whole in the data folder `root`; nil when it can.
    public static func missing(for relative: String, in root: URL = folder) -> String? {
        missing(sets: sets(holding: relative), in: root)
    }

    /// The same for sets named by the manifest's first column; a name it does not list counts as
    /// missing, so a misspelt one is seen.
    public static func missing(sets: [String], in root: URL = folder) -> String? {
        let absent = sets.filter { files[$0] == nil || !isComplete($0, in: root) }
        guard !absent.isEmpty else { return nil }
        let names = absent.joined(separator: ", ")
        return "Test data set \(names) is not in \(root.path); 'make test-data' downloads what is published, "
            + "or set SENSECAM_TEST_DATA to a folder that has it."
    }
}
