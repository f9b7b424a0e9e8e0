// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import CameraTestSupport
import Perception
import Testing

/// Where the tests find the test data, the model and scratch folders. A missing model is a
/// failure with instructions; test data that cannot be had here (Tests/data/manifest.tsv names
/// sets behind a registration) skips the test, naming the set, so a green run of a fresh clone
/// means every check it could run ran.
enum TestResources {
    /// The package root: this file is Tests/PerceptionTests/Support/TestResources.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// `relative` (a file or a folder, such as `detect/coco-val/classes.yaml`) inside the test
    /// data folder (`$SENSECAM_TEST_DATA`, else `.build/test-data`). When a set it is part of is
    /// not whole there the test is skipped, saying which set; a file missing from a whole set
    /// (or listed in no set) fails the test naming the path.
    static func file(_ relative: String) throws -> URL {
        try skip(because: TestDataSets.missing(for: relative))
        let url = TestDataSets.folder.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw Missing(description: "\(url.path) is missing from the test data; is it in Tests/data/manifest.tsv?")
        }
        return url
    }

    /// Skips the test unless these sets are whole, for a test that reads what is rendered from
    /// them (`make busy-video`, `make thing-photos`).
    static func requireSets(_ sets: String...) throws {
        try skip(because: TestDataSets.missing(sets: sets))
    }

    /// Cancels the running test, which Swift Testing reports as skipped, with `missing` as the
    /// reason. A cancelled case of a test with arguments is reported as passed, so such a test
    /// must name its sets in a `.needsTestData` trait instead, and is failed when it does not.
    static func skip(because missing: String?) throws {
        guard let missing else { return }
        if Test.current?.isParameterized == true {
            Issue.record(Comment(rawValue: missing + " This test takes arguments: mark it .needsTestData(…) with its sets."))
        }
        try Test.cancel(Comment(rawValue: missing))
    }

    /// `$SENSECAM_MODEL`, else the model `make setup` fetched into Models/.
    static func modelPath() throws -> String {
        let path: String
        if let override = ProcessInfo.processInfo.environment["SENSECAM_MODEL"], !override.isEmpty {
            path = override
        } else {
            path = packageRoot.appendingPathComponent("Models/\(ModelLocator.fileName)").path
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw Missing(description: "The detector model is missing at \(path); run 'make setup' first.")
        }
        return path
    }

    /// A fresh empty folder, removed by the caller with `removeItem`; prefer
    /// `withTemporaryDirectory`, which removes it itself.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `body` with a fresh empty folder and removes the folder when `body` returns or throws.
    static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// A BGR picture whose pixel (x, y) has grey level `value(x, y)`, for synthetic tests.
    static func greyImage(width: Int, height: Int, _ value: (Int, Int) -> UInt8) throws -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                let grey = value(x, y)
                (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = (grey, grey, grey)
            }
        }
        return try pixels.withUnsafeBytes { try Image(bgr: $0, width: width, height: height, rowBytes: width * 3) }
    }
}

extension Trait where Self == ConditionTrait {
    /// For a suite or test that reads these sets of Tests/data/manifest.tsv: it runs when they are
    /// whole in the test data folder and is otherwise skipped with one line naming them (a test
    /// with arguments must have it: a cancelled case is reported as passed).
    static func needsTestData(_ sets: String...) -> Self {
        let missing = TestDataSets.missing(sets: sets)
        return .enabled(if: missing == nil, Comment(rawValue: missing ?? ""))
    }
}
