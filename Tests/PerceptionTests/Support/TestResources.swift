// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception
import Testing

/// Where the tests find the shared data, the model and scratch folders. Missing data or a
/// missing model is a failure with instructions, never a skip: a green run must mean the real
/// checks ran.
enum TestResources {
    /// The package root: this file is Tests/PerceptionTests/Support/TestResources.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// `$SENSECAM_TEST_DATA`, else `../shared/data` beside the package root.
    static func dataDirectory() throws -> URL {
        let url: URL
        if let override = ProcessInfo.processInfo.environment["SENSECAM_TEST_DATA"], !override.isEmpty {
            url = URL(fileURLWithPath: override, relativeTo: packageRoot).standardizedFileURL
        } else {
            url = packageRoot.appendingPathComponent("../shared/data").standardizedFileURL
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Missing(description: "Test data not found at \(url.path); set SENSECAM_TEST_DATA to the shared data folder or place it at ../shared/data.")
        }
        return url
    }

    /// `relative` (a file or a folder, such as `detect/coco-val/classes.yaml`) inside the shared
    /// data folder; its absence fails the test naming the path.
    static func file(_ relative: String) throws -> URL {
        let url = try dataDirectory().appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw Missing(description: "\(url.path) is missing from the shared test data.")
        }
        return url
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
