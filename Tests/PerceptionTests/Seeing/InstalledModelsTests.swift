// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import Perception
@testable import Words
@testable import Seeing
@testable import Stages
@testable import Rendering

// An installed binary (`PREFIX/bin/sensecam`) finds the models the package put in
// `PREFIX/share/sensecam/models`, whatever the working directory, and the build tree's
// Models/ keeps working beside it.

@Suite struct InstalledModelsTests {
    /// A scratch prefix holding `share/sensecam/models/yolox_nano.onnx` and `ppocr/`; the
    /// binary path under it need not exist, only its folder is used.
    private func installedPrefix() throws -> URL {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-prefix-\(UUID().uuidString)")
        let models = prefix.appendingPathComponent("share/sensecam/models")
        try FileManager.default.createDirectory(at: models.appendingPathComponent("ppocr"), withIntermediateDirectories: true)
        try Data("model".utf8).write(to: models.appendingPathComponent(ModelLocator.fileName))
        try Data("dictionary".utf8).write(to: models.appendingPathComponent("ppocr/\(SceneTextModel.small.dictionaryFile)"))
        return prefix
    }

    @Test func theDetectorIsFoundInShareBesideTheBinary() throws {
        let prefix = try installedPrefix()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let found = try ModelLocator.locate(environment: [:], executable: prefix.appendingPathComponent("bin/sensecam").path)
        #expect(found == prefix.appendingPathComponent("share/sensecam/models/\(ModelLocator.fileName)").path)
    }

    @Test func sceneTextFilesAreFoundInShareBesideTheBinary() throws {
        let prefix = try installedPrefix()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let file = SceneTextModel.small.dictionaryFile
        let found = try SceneTextFiles.locate(file, environment: [:], executable: prefix.appendingPathComponent("bin/sensecam").path)
        #expect(found == prefix.appendingPathComponent("share/sensecam/models/ppocr/\(file)").path)
    }

    @Test func theBuildTreesModelsComeBeforeAnInstalledCopy() throws {
        let candidates = ModelLocator.defaultCandidates(executable: "/src/sensecam/.build/x86_64-unknown-linux-gnu/release/sensecam")
        let tree = try #require(candidates.firstIndex(of: "/src/sensecam/Models/\(ModelLocator.fileName)"))
        let share = try #require(candidates.firstIndex(of: "/src/sensecam/.build/x86_64-unknown-linux-gnu/share/sensecam/models/\(ModelLocator.fileName)"))
        #expect(tree < share)
    }

    /// The process's own binary, not argv[0], which a shell running it from PATH leaves bare.
    @Test func theRunningExecutableIsThisProcesssBinary() throws {
        let executable = ModelLocator.runningExecutable
        #expect(executable.hasPrefix("/"))
        let ours = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(getpid())/exe")
        #expect(executable == ours)
    }
}
