// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The seams the layout promises, checked in the sources so a shortcut around them fails here:
/// the command line only parses and starts sessions, the benches build what the product builds,
/// and an option's range is written once.
@Suite struct ArchitectureTests {
    /// The Swift files below `folder`, path and text.
    static func swiftFiles(_ folder: String) throws -> [(path: String, text: String)] {
        let root = TestResources.packageRoot.appendingPathComponent(folder)
        let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var files: [(String, String)] = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            files.append((file.path.replacingOccurrences(of: TestResources.packageRoot.path + "/", with: ""),
                          try String(contentsOf: file, encoding: .utf8)))
        }
        return files
    }

    /// Renderers and the router are assembled in Perception (`OutputAssembly`), for every session.
    @Test func theCommandLineAssemblesNoRendererOrRouter() throws {
        let assembly = ["OutputAssembly.router(", "OutputRouter(", "FailoverRenderer(", "LineRenderer(", "SpeechDispatcherRenderer(",
                        "EspeakRenderer(", "BrailleRenderer(", "SpokenSentences(", "SpeechWithCues(", "LiveReview("]
        for (path, text) in try Self.swiftFiles("Sources/sensecam") {
            for call in assembly {
                #expect(!text.contains(call), "\(path) assembles output itself: \(call)")
            }
        }
    }

    /// Every stage type a mode can run, read from the Stages target: a class or struct that
    /// conforms to a stage protocol where it is declared.
    static func stageTypes() throws -> [String] {
        let declaration = #/(?m)^(?:public )?(?:final )?(?:class|struct) (\w+)[^{\n]*\b(?:StreamStage|SteppedStage|ImageAnalyzer)\b/#
        return try swiftFiles("Sources/Stages").flatMap { file in file.text.matches(of: declaration).map { String($0.output.1) } }.sorted()
    }

    @Test func theStageTypesAreFound() throws {
        let stages = try Self.stageTypes()
        #expect(stages.count >= 7, "\(stages)")
        for known in ["AwarenessStage", "DocumentReader", "CodeScanner"] { #expect(stages.contains(known)) }
    }

    /// The benches take their stages from the modes, as the product does, so they time what it runs.
    @Test func theBenchesBuildNoStageByHand() throws {
        let stages = try Self.stageTypes()
        for (path, text) in try Self.swiftFiles("bench") {
            for stage in stages {
                #expect(!text.contains("\(stage)("), "\(path) builds \(stage) itself")
            }
        }
    }

    /// The field of view's range is the option's; nothing else repeats it.
    @Test func theFieldOfViewRangeIsWrittenOnce() throws {
        var places: [String] = []
        for folder in ["Sources", "bench", "fuzz"] {
            places += try Self.swiftFiles(folder).filter { $0.text.contains("10...170") }.map(\.path)
        }
        #expect(places == ["Sources/Options/Groups/DetectionOptions.swift"])
    }
}
