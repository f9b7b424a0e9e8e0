// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing

/// Tests/data/manifest.tsv is what a fresh clone fetches and what decides which tests are
/// skipped: a row it cannot read, or a data file the tests read that no set lists, would turn a
/// missing set into failures again.
@Suite struct TestDataManifestTests {
    static let manifest = TestResources.packageRoot.appendingPathComponent("Tests/data/manifest.tsv")

    @Test func everyRowHasASetAPathAChecksumASourceAndALicence() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count >= 400, "the manifest lists only \(rows.count) files")
        var paths: Set<Substring> = []
        for row in rows {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false)
            try #require(columns.count == 5, "not five tab-separated columns: \(row)")
            let (set, path, sha256, source, licence) = (columns[0], columns[1], columns[2], columns[3], columns[4])
            #expect(path.hasPrefix(set), "\(path) lies outside its set \(set)")
            #expect(paths.insert(path).inserted, "\(path) is listed twice")
            #expect(sha256.count == 64 && sha256.allSatisfy(\.isHexDigit), "\(path): '\(sha256)' is no SHA-256")
            let kinds = ["https://", "http://", "registration:", "derived:", "unpublished:"]
            #expect(kinds.contains { source.hasPrefix($0) }, "\(path): the source '\(source)' is none of \(kinds)")
            #expect(!licence.isEmpty && !licence.contains(" "), "\(path): licence '\(licence)'")
        }
    }

    /// The sets whose every file is published are fetched by a fresh clone; these are the ones
    /// the project counts on (checked against the upstream repositories when the manifest was
    /// written), so a row turned unpublished by mistake is caught.
    @Test func theSetsPublishedUpstreamAreDownloadable() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)
        var downloadable: [String: Bool] = [:]
        for row in text.split(separator: "\n") where !row.hasPrefix("#") {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count == 5 else { continue }
            let published = columns[3].hasPrefix("https://") || columns[3].hasPrefix("http://")
            downloadable[String(columns[0]), default: true] = downloadable[String(columns[0]), default: true] && published
        }
        for set in ["barcode", "ocr/tesseract", "video/car-detection", "video/one-by-one-person-detection", "video/walk"] {
            #expect(downloadable[set] == true, "\(set) should be downloadable whole")
        }
        #expect(downloadable["ocr/scene-icdar15"] == false, "ICDAR 2015 is behind a registration")
    }

    /// Every data path written in a test (`TestResources.file("…")`, `SharedTestData.path("…")`,
    /// up to its first interpolation) is part of a set, so its absence skips rather than fails.
    @Test func everyDataPathTheTestsReadIsInASet() throws {
        let call = try NSRegularExpression(pattern: #"(?:TestResources\.file|SharedTestData\.path)\("([\w./-]*)"#)
        let tests = TestResources.packageRoot.appendingPathComponent("Tests")
        let walker = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        var checked = 0
        for case let file as URL in walker where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in call.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text), !text[range].isEmpty else { continue }
                let path = String(text[range])
                checked += 1
                #expect(!TestDataSets.sets(holding: path).isEmpty, "\(file.lastPathComponent) reads \(path), which no set of Tests/data/manifest.tsv holds")
            }
        }
        #expect(checked >= 50, "found only \(checked) data paths in the tests")
    }

    /// A suite marked `.needsTestData("…")` names sets the manifest has: a misspelt one would
    /// skip the suite for good.
    @Test func everySetASuiteNeedsIsInTheManifest() throws {
        let trait = try NSRegularExpression(pattern: #"\.needsTestData\(([^)]*)\)"#)
        let tests = TestResources.packageRoot.appendingPathComponent("Tests")
        let walker = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        var named = 0
        for case let file as URL in walker where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in trait.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text), text[range].hasPrefix("\"") else { continue }
                for set in text[range].split(separator: ",") {
                    let name = set.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                    guard name.allSatisfy({ $0.isLetter || $0.isNumber || "/._-".contains($0) }) else { continue }
                    named += 1
                    #expect(TestDataSets.files[name] != nil, "\(file.lastPathComponent) needs test data set '\(name)', which the manifest does not list")
                }
            }
        }
        #expect(named >= 8, "found only \(named) sets named by suites")
    }

    /// What a test whose set is absent is skipped with: one line naming the set and the way to
    /// get it; nothing once every file of the set is there, or for a path in no set.
    @Test func aMissingSetIsNamedInOneLine() throws {
        try TestResources.withTemporaryDirectory { folder in
            let said = try #require(TestDataSets.missing(for: "barcode/ean_13__ean13-1_1.png", in: folder))
            #expect(said.hasPrefix("Test data set barcode is not in ") && said.contains("make test-data") && !said.contains("\n"), "\(said)")
            #expect(TestDataSets.missing(for: "ocr", in: folder)?.contains("ocr/scene-icdar15") == true, "a folder names the sets inside it")
            #expect(TestDataSets.missing(for: "no-such-folder/picture.png", in: folder) == nil)
            let walk = folder.appendingPathComponent("video/walk.mkv")
            try FileManager.default.createDirectory(at: walk.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: walk.path, contents: Data()))
            #expect(TestDataSets.missing(for: "video/walk.mkv", in: folder) == nil, "video/walk is one file, now there")
            #expect(TestDataSets.missing(for: "video/car-detection.mp4", in: folder) != nil)
        }
    }
}
