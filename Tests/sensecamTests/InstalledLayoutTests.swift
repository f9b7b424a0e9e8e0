// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A binary found through `PATH` (a package's /usr/bin/sensecam, a Slurm task's `sensecam`)
/// gets only its name as `argv[0]`; it must still find the models installed beside it in
/// `../share/sensecam/models/`, wherever it is started from.
@Suite struct InstalledLayoutTests {
    @Test func binaryStartedByNameFindsTheModelBesideIt() throws {
        try SensecamProcess.requireModel()
        let image = try SharedTestData.path("detect/coco-val/images")
        let photo = try #require(try FileManager.default.contentsOfDirectory(atPath: image).filter { $0.hasSuffix(".jpg") }.sorted().first)
        try withTemporaryFolder { folder in
            let prefix = folder.appendingPathComponent("usr")
            let bin = prefix.appendingPathComponent("bin"), share = prefix.appendingPathComponent("share/sensecam/models")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
            // A hard link (a copy across file systems): a symbolic link would lead back to the
            // build folder, where the model is found anyway.
            let installed = bin.appendingPathComponent("sensecam")
            let built = try SensecamProcess.executable()
            do { try FileManager.default.linkItem(at: built, to: installed) } catch { try FileManager.default.copyItem(at: built, to: installed) }
            try FileManager.default.createSymbolicLink(atPath: share.appendingPathComponent("yolox_nano.onnx").path,
                                                       withDestinationPath: SensecamProcess.modelPath)
            let elsewhere = folder.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)

            let run = try SensecamProcess.run(["sensecam", "aware", image + "/" + photo],
                                              environment: ["SENSECAM_MODEL": nil, "PATH": bin.path + ":/usr/bin:/bin"],
                                              workingDirectory: elsewhere, program: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(run.status == 0, "\(run)")
            #expect(!run.stderr.contains("was not found"), "\(run)")
        }
    }
}
