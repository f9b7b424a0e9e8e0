// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Stages
@testable import Rendering

private func expectOneSentence(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(text.hasSuffix("."), "\(text)", sourceLocation: sourceLocation)
    #expect(!text.contains("\n"), "\(text)", sourceLocation: sourceLocation)
}

// MARK: - Detector model

@Suite struct ModelErrorTests {
    @Test func explicitMissingFileIsMissing() throws {
        try TestResources.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("yolox_nano.onnx").path
            #expect(throws: ModelError.missing(searched: [path])) {
                try ModelLocator.locate(explicit: path, environment: [:])
            }
            let text = ModelError.missing(searched: [path]).description
            #expect(text.contains(path))
            #expect(text.contains("make setup"))
            expectOneSentence(text)
        }
    }

    @Test func explicitPathWinsOverTheEnvironment() throws {
        try TestResources.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("mine.onnx").path
            try Data([1]).write(to: URL(fileURLWithPath: path))
            let elsewhere = directory.appendingPathComponent("elsewhere.onnx").path
            #expect(try ModelLocator.locate(explicit: path, environment: ["SENSECAM_MODEL": elsewhere]) == path)
        }
    }

    @Test func environmentPathMissingIsMissing() throws {
        try TestResources.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("from-env.onnx").path
            #expect(throws: ModelError.missing(searched: [path])) {
                try ModelLocator.locate(environment: ["SENSECAM_MODEL": path])
            }
        }
    }

    @Test func garbageModelIsUnreadable() throws {
        try TestResources.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("x.onnx").path
            var generator = SystemRandomNumberGenerator()
            let garbage = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(garbage).write(to: URL(fileURLWithPath: path))
            do throws(ModelError) {
                _ = try ObjectDetector(modelPath: path)
                Issue.record("a file of random bytes loaded as a detector")
            } catch {
                guard case .unreadable(let reported, _) = error else {
                    Issue.record("expected .unreadable, got \(error)")
                    return
                }
                #expect(reported == path)
                #expect(error.description.contains("damaged"))
                #expect(error.description.contains("make setup"))
                #expect(error.description.contains(path))
                expectOneSentence(error.description)
            }
        }
    }

    /// The control for the garbage case: the real weights do load, and the decoder matches
    /// the model card's input size.
    @Test func realModelLoads() throws {
        let detector = try ObjectDetector(modelPath: try TestResources.modelPath())
        #expect(detector.decoder.inputSize == 416)
        #expect(detector.decoder.expectedRows == 3549)
    }
}

// MARK: - Tesseract language data

@Suite struct OCRErrorTests {
    @Test func emptyTessdataFolderIsMissingEnglish() throws {
        try TestResources.withTemporaryDirectory { directory in
            do throws(OCRError) {
                _ = try TextRecognizer(language: "eng", tessdataDirectory: directory.path)
                Issue.record("a recognizer started with no language data")
            } catch {
                #expect(error == .missingLanguage(language: "eng", directory: directory.path))
                #expect(error.description.contains("tesseract-ocr-eng"))
                #expect(error.description.contains(directory.path))
                expectOneSentence(error.description)
            }
        }
    }

    @Test func debianFolderLacksAnUnknownLanguage() throws {
        // The control: English is installed there, so only xyz can be the one reported.
        try Tessdata.check(language: "eng", directory: Tessdata.debianDirectory)
        #expect(throws: OCRError.missingLanguage(language: "xyz", directory: Tessdata.debianDirectory)) {
            try Tessdata.check(language: "eng+xyz", directory: Tessdata.debianDirectory)
        }
        let text = OCRError.missingLanguage(language: "xyz", directory: Tessdata.debianDirectory).description
        #expect(text.contains("tesseract-ocr-xyz"))
        expectOneSentence(text)
    }

    @Test func firstMissingLanguageIsReported() throws {
        try TestResources.withTemporaryDirectory { directory in
            try Data([0]).write(to: directory.appendingPathComponent("deu.traineddata"))
            #expect(throws: OCRError.missingLanguage(language: "fra", directory: directory.path)) {
                try Tessdata.check(language: "deu+fra+ita", directory: directory.path)
            }
        }
    }

    @Test(arguments: [([String: String](), Tessdata.debianDirectory),
                      (["TESSDATA_PREFIX": ""], Tessdata.debianDirectory),
                      (["TESSDATA_PREFIX": "/opt/tessdata"], "/opt/tessdata")])
    func directoryPrefersTessdataPrefix(environment: [String: String], expected: String) {
        #expect(Tessdata.directory(environment: environment) == expected)
    }
}
