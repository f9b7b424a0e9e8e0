// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// sensecam is GPL-3.0-or-later (it links libespeak-ng, GPL-3.0-or-later): the licence's text is
/// in LICENSE, and every source file names it in its first lines, so a file copied out of the
/// tree still says what it is under.
@Suite struct LicenceTests {
    static let identifier = "SPDX-License-Identifier: GPL-3.0-or-later"

    /// Every file of code the project wrote: Swift, C and C++, shell and Python, the Makefile
    /// and CI's script.
    static func sourceFiles() throws -> [URL] {
        let root = TestResources.packageRoot
        var files: [URL] = []
        for folder in ["Sources", "Tests", "bench", "fuzz", "Models", "deploy", "samples", "tools", ".ci"] {
            let url = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker {
                if file.path.contains("/Fixtures/") || file.path.contains("/.build/") { continue }
                let name = file.lastPathComponent
                if ["swift", "c", "cpp", "h", "hpp", "sh", "py"].contains(file.pathExtension) || name == "run" {
                    files.append(file)
                }
            }
        }
        return files + [root.appendingPathComponent("Makefile"), root.appendingPathComponent("Package.swift")]
    }

    @Test func everySourceFileNamesTheLicence() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 300, "found only \(files.count) source files")
        let unnamed = try files.filter { file in
            let head = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", maxSplits: 3).prefix(3)
            return !head.contains { $0.contains(Self.identifier) }
        }.map { $0.path.replacingOccurrences(of: TestResources.packageRoot.path + "/", with: "") }
        #expect(unnamed.isEmpty, "no SPDX line in the first three lines of \(unnamed.joined(separator: ", "))")
    }

    @Test func theLicenceIsTheGPLVersion3() throws {
        let text = try String(contentsOf: TestResources.packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(text.contains("GNU GENERAL PUBLIC LICENSE") && text.contains("Version 3, 29 June 2007"))
        let copyright = try String(contentsOf: TestResources.packageRoot.appendingPathComponent("deploy/debian/copyright"),
                                   encoding: .utf8)
        #expect(copyright.contains("Files: *\nCopyright: 2026 sensecam developers\nLicense: GPL-3+"))
    }
}
