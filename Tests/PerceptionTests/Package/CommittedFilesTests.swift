// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The repository holds sources, never what is made from them: compiled Python, objects,
/// libraries, Swift modules, fetched models and data are rebuilt or fetched where they are needed
/// (10 .pyc files were once committed).
@Suite struct CommittedFilesTests {
    /// Endings and folders of files that are made, not written.
    static let madeEndings = [".pyc", ".pyo", ".o", ".so", ".a", ".dylib", ".swiftmodule", ".swiftdoc",
                              ".swiftsourceinfo", ".swiftdeps", ".gcda", ".profraw", ".onnx", ".part"]
    static let madeFolders = ["__pycache__/", ".build/", ".swiftpm/", ".venv/"]

    static func isMade(_ path: String) -> Bool {
        madeEndings.contains { path.hasSuffix($0) } || madeFolders.contains { path.hasPrefix($0) || path.contains("/" + $0) }
    }

    @Test func theRulesKnowMadeFiles() {
        #expect(Self.isMade("bench/__pycache__/scan_peer.cpython-311.pyc"))
        #expect(Self.isMade("Sources/CVision/dnn/FastLayers.o"))
        #expect(Self.isMade("Models/yolox_nano.onnx"))
        #expect(!Self.isMade("Models/prepare_model.py"))
        #expect(!Self.isMade("Sources/CVision/include/CVision.h"))
    }

    @Test func gitTracksNoMadeFile() throws {
        guard FileManager.default.fileExists(atPath: TestResources.packageRoot.appendingPathComponent(".git").path) else {
            try Test.cancel("The package is not a git checkout, so there is no index to look at.")
        }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", TestResources.packageRoot.path, "ls-files", "-z"]
        let output = Pipe()
        git.standardOutput = output
        try git.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        try #require(git.terminationStatus == 0, "git ls-files failed")
        let files = String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
        #expect(files.count > 100, "git ls-files listed only \(files.count) files")
        let made = files.filter(Self.isMade)
        #expect(made.isEmpty, "committed files that are made, not written: \(made.joined(separator: ", "))")
    }
}
