// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import FuzzTargets
import Testing

/// What `make fuzz` found stays found: every input kept under Fixtures/fuzz-regressions/<target>/
/// (a crash, once fixed) runs through the same entry point in the normal build, and every seed
/// the fuzzers start from is accepted or refused as it should be, which shows each harness really
/// reaches its parser.
@Suite struct FuzzRegressionTests {
    static let regressions = TestResources.packageRoot.appendingPathComponent("Tests/PerceptionTests/Fixtures/fuzz-regressions")

    static func kept(_ target: FuzzTarget) throws -> [URL] {
        let folder = regressions.appendingPathComponent(target.rawValue)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// A kept input that crashed once must now come back, accepted or refused; a crash here
    /// takes the test run down with it, which is the failure.
    @Test(arguments: FuzzTarget.allCases)
    func keptInputsRunThrough(target: FuzzTarget) throws {
        for file in try Self.kept(target) {
            let bytes = try Data(contentsOf: file)
            _ = bytes.withUnsafeBytes { target.run($0) }
        }
    }

    /// Every folder under fuzz-regressions is a target's, so no kept input goes unreplayed.
    @Test func everyRegressionFolderIsATargets() throws {
        guard FileManager.default.fileExists(atPath: Self.regressions.path) else { return }
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.regressions.path).filter { !$0.hasSuffix(".md") }
        #expect(folders.filter { FuzzTarget(rawValue: $0) == nil } == [])
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedsAreAcceptedOrRefusedAsMade(target: FuzzTarget) throws {
        let seeds = try target.seeds()
        #expect(seeds.count >= 2)
        for seed in seeds {
            let accepted = seed.bytes.withUnsafeBytes { target.run($0) }
            #expect(accepted == seed.isAccepted, "\(target.rawValue) seed \(seed.name)")
        }
    }

    /// A JPEG cut short anywhere is refused, from a file or from the camera, never half decoded:
    /// the property the fuzzers' JPEG seeds start next to.
    @Test(arguments: [(FuzzTarget.image, "tiny.jpg"), (.mjpeg, "frame.jpg")])
    func aCutShortJPEGIsRefused(target: FuzzTarget, seedName: String) throws {
        let jpeg = try #require(try target.seeds().first { $0.name == seedName }).bytes
        for length in stride(from: 0, to: jpeg.count, by: max(1, jpeg.count / 40)) {
            let accepted = jpeg.prefix(length).withUnsafeBytes { target.run(UnsafeRawBufferPointer($0)) }
            #expect(!accepted, "\(seedName) cut to \(length) of \(jpeg.count) bytes")
        }
    }
}
