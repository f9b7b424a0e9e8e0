// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `Models/fetch.sh`, the set-up step that installs the detector: it must never install a
/// file whose checksum is wrong, and every failure is one sentence and a non-zero exit.
@Suite(.serialized) struct ModelFetchTests {
    static let script = SensecamProcess.packageRoot.appendingPathComponent("Models/fetch.sh")
    static let modelName = "yolox_nano.onnx"

    /// The shared mirror CI uses (`../shared/models` beside the package).
    static func mirror() throws -> URL {
        let folder = SensecamProcess.packageRoot.appendingPathComponent("../shared/models").standardizedFileURL
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(modelName).path) else {
            throw EndToEndFailure(description: "The model mirror \(folder.path) is missing \(modelName).")
        }
        return folder
    }

    func fetch(into destination: URL, mirror: URL?, path: String? = nil) throws -> SensecamRun {
        var environment: [String: String?] = ["SENSECAM_MODELS_DIR": destination.path,
                                              "SENSECAM_MODEL_MIRROR": mirror?.path]
        if let path { environment["PATH"] = path }
        return try SensecamProcess.run([], environment: environment, program: Self.script)
    }

    func installed(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func copiesFromTheMirrorAndVerifies() throws {
        try withTemporaryFolder { tmp in
            let destination = tmp.appendingPathComponent("models")
            let first = try fetch(into: destination, mirror: try Self.mirror())
            #expect(first.status == 0, "\(first)")
            // Every file of the manifest, the prepared scene-text networks last (made here, checked alike).
            let manifest = try String(contentsOf: SensecamProcess.packageRoot.appendingPathComponent("Models/manifest.tsv"), encoding: .utf8)
            let names = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t")[0]) }
            #expect(names.first == Self.modelName && names.count >= 12)
            #expect(first.stdoutLines == names.map { "Fetched \($0) (Apache-2.0 licence)." }, "\(first)")
            #expect(try installed(destination) == ["ppocr", Self.modelName])
            #expect(try installed(destination.appendingPathComponent("ppocr")) == names.dropFirst().map { String($0.dropFirst("ppocr/".count)) }.sorted())
            let copied = try Data(contentsOf: destination.appendingPathComponent(Self.modelName))
            let original = try Data(contentsOf: try Self.mirror().appendingPathComponent(Self.modelName))
            #expect(copied == original)

            // A verified model is left alone: nothing is copied or said the second time.
            let second = try fetch(into: destination, mirror: try Self.mirror())
            #expect(second.status == 0 && second.stdout.isEmpty && second.stderr.isEmpty, "\(second)")
        }
    }

    @Test func refusesAFileWithTheWrongChecksum() throws {
        try withTemporaryFolder { tmp in
            let mirror = tmp.appendingPathComponent("mirror")
            try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
            var bytes = try Data(contentsOf: try Self.mirror().appendingPathComponent(Self.modelName))
            bytes[bytes.count / 2] ^= 0xFF  // one flipped byte
            try bytes.write(to: mirror.appendingPathComponent(Self.modelName))
            let destination = tmp.appendingPathComponent("models")

            let run = try fetch(into: destination, mirror: mirror)
            #expect(run.status == 1, "\(run)")
            #expect(run.stderrLines.count == 1, "\(run)")
            #expect(run.stderr.contains("does not match its SHA-256 checksum"), "\(run)")
            #expect(try installed(destination).isEmpty, "nothing, not even a partial file, may be left")
        }
    }

    @Test func namesAMirrorThatLacksTheModel() throws {
        try withTemporaryFolder { tmp in
            let run = try fetch(into: tmp.appendingPathComponent("models"), mirror: tmp)
            #expect(run.status == 1, "\(run)")
            #expect(run.stderrLines == ["Model \(Self.modelName) is not in the mirror folder \(tmp.path); check SENSECAM_MODEL_MIRROR."],
                    "\(run)")
        }
    }

    /// The download path, with the network replaced at its boundary: a `curl` that fails
    /// the way it does when the host cannot be reached.
    @Test func reportsAFailedDownloadInOneSentence() throws {
        try withTemporaryFolder { tmp in
            let bin = tmp.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let curl = bin.appendingPathComponent("curl")
            try Data("#!/bin/sh\necho 'curl: (6) Could not resolve host' >&2\nexit 6\n".utf8).write(to: curl)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: curl.path)
            let destination = tmp.appendingPathComponent("models")

            let run = try fetch(into: destination, mirror: nil, path: "\(bin.path):/usr/bin:/bin")
            #expect(run.status == 1, "\(run)")
            #expect(run.stderrLines.count == 1, "\(run)")
            #expect(run.stderr.hasPrefix("Downloading \(Self.modelName) from https://"), "\(run)")
            #expect(run.stderr.contains("set SENSECAM_MODEL_MIRROR"), "\(run)")
            #expect(try installed(destination).isEmpty)
        }
    }
}
