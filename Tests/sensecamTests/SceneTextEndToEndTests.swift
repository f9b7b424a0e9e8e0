// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `read` and `batch --mode read` with the scene engine, through the built binary: the engine
/// choice and its record, the usage mistakes, and what happens without the scene models.
@Suite struct SceneTextEndToEndTests {
    static let sign = "ocr/scene-icdar15/ic15_test_img_101.jpg"  // a shop's "SALE"
    static let page = "ocr/tesseract/phototest.tif"

    @Test func autoReadsASignWithTheSceneEngine() throws {
        try SensecamProcess.requireModel()
        let run = try SensecamProcess.run(["read", try SharedTestData.path(Self.sign), "--json"])
        #expect(run.status == 0, "\(run)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
        #expect(record["engine"] as? String == "scene", "\(run)")
        let lines = try #require(record["lines"] as? [[String: Any]], "\(run)")
        let sale = try #require(lines.first { ($0["text"] as? String) == "SALE" }, "\(run)")
        #expect((sale["quad"] as? [Double])?.count == 8, "\(run)")
        #expect(sale["spoken"] as? String == "SALE")
        let spoken = try SensecamProcess.run(["read", try SharedTestData.path(Self.sign)])
        #expect(spoken.stdoutLines.first == "SALE" && spoken.stdoutLines.last?.hasPrefix("End of text:") == true, "\(spoken)")
    }

    @Test func usageMistakesAreOneSentenceAndExit64() throws {
        let short = try SensecamProcess.run(["read", try SharedTestData.path(Self.sign), "--short"])
        #expect(short.status == 64, "\(short)")
        #expect(short.stderr.contains("'--short' applies to the camera and --video"), "\(short)")
        let engine = try SensecamProcess.run(["read", "--video", "x.mp4", "--engine", "scene"])
        #expect(engine.status == 64 && engine.stderr.contains("'--engine' applies only to a picture"), "\(engine)")
        let model = try SensecamProcess.run(["read", try SharedTestData.path(Self.sign), "--ocr-model", "huge"])
        #expect(model.status == 64 && model.stderr.contains("small, tiny"), "\(model)")
    }

    /// Without the scene models, `--engine scene` is one sentence naming the file and `make
    /// setup` (exit 1); `auto` still reads pages, and says once why it reads everything as one.
    @Test func withoutTheSceneModelsPagesAreStillRead() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { empty in
            let environment = ["SENSECAM_SCENE_MODELS": empty.path]
            let scene = try SensecamProcess.run(["read", try SharedTestData.path(Self.sign), "--engine", "scene"], environment: environment)
            #expect(scene.status == 1, "\(scene)")
            #expect(scene.stderrLines.count == 1 && scene.stderr.contains("was not found; run 'make setup'"), "\(scene)")
            let page = try SensecamProcess.run(["read", try SharedTestData.path(Self.page)], environment: environment)
            #expect(page.status == 0, "\(page)")
            #expect(page.stdout.contains("quick brown dog"), "\(page)")
            #expect(page.stderrLines.count == 1 && page.stderr.contains("so pictures are read as pages"), "\(page)")

            // A damaged model file: the same one sentence, naming it.
            for file in ["ppocrv6_small_det.opencv.onnx", "ppocrv6_small_rec.opencv.onnx", "ppocr_textline_cls.opencv.onnx"] {
                try Data("not a network".utf8).write(to: empty.appendingPathComponent(file))
            }
            try FileManager.default.copyItem(atPath: SensecamProcess.packageRoot.appendingPathComponent("Models/ppocr/ppocrv6_dict.txt").path,
                                             toPath: empty.appendingPathComponent("ppocrv6_dict.txt").path)
            let damaged = try SensecamProcess.run(["read", try SharedTestData.path(Self.sign), "--engine", "scene"], environment: environment)
            #expect(damaged.status == 1, "\(damaged)")
            #expect(damaged.stderr.contains("ppocrv6_small_det.opencv.onnx is damaged") && damaged.stderr.contains("make setup"), "\(damaged)")
        }
    }
}
