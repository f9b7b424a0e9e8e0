// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `sensecam bench`: the built binary on real recordings, checked through the files it
/// writes (report, chart, the chart's text) and the sentences it says.
@Suite(.serialized)
struct BenchCommandTests {
    static let walk = "video/walk.mkv"  // 3 s, a person in front of a webcam
    static let document = "video/document-phototest.mp4"  // a hand-held camera films a page

    /// Runs bench, checks it succeeded quietly on stdout, and returns the report as JSON.
    static func bench(_ arguments: [String], in folder: URL) throws -> (run: SensecamRun, report: [String: Any]) {
        let run = try SensecamProcess.run(["bench"] + arguments + ["--report", folder.appendingPathComponent("report.json").path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.isEmpty, "narration is not printed: \(run)")
        let data = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent("report.json").path), "\(run)")
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (run, report)
    }

    static func stages(_ report: [String: Any]) -> [String: [String: Double]] {
        var stages: [String: [String: Double]] = [:]
        for stage in report["stages"] as? [[String: Any]] ?? [] {
            stages[stage["stage"] as? String ?? ""] = stage.compactMapValues { ($0 as? NSNumber)?.doubleValue }
        }
        return stages
    }

    @Test func awareOnAShortVideoWritesReportChartAndText() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { folder in
            let chart = folder.appendingPathComponent("report.svg").path
            let (run, report) = try Self.bench(["--video", try SharedTestData.path(Self.walk), "--mode", "aware", "--chart", chart],
                                                in: folder)
            // The figures the issue asks for, consistent with each other.
            let processed = try #require(report["frames_processed"] as? Int)
            #expect(processed >= 80 && report["frames_read"] as? Int == processed && report["frames_dropped"] as? Int == 0)
            #expect(report["clock"] as? String == "every-frame", "every frame is the default for bench")
            #expect(report["mode"] as? String == "aware")
            #expect((report["throughput_fps"] as? Double ?? 0) > 0 && (report["real_time_factor"] as? Double ?? 0) > 0)
            #expect((report["cpu_use"] as? Double ?? 0) > 0 && (report["peak_rss_mib"] as? Double ?? 0) > 20)
            let machine = try #require(report["machine"] as? [String: Any])
            #expect((machine["cores"] as? Int ?? 0) >= 1 && !(machine["cpu_model"] as? String ?? "").isEmpty)
            #expect(report["sensecam_version"] as? String == "0.1.0")
            let first = try #require(report["first_narration"] as? [String: Any], "the person is announced")
            #expect((first["text"] as? String)?.hasPrefix("Probably a person") == true)

            let stages = Self.stages(report)
            #expect(Set(stages.keys) == ["decode", "preprocess", "inference", "postprocess", "tracking", "narration"])
            for (name, stage) in stages {
                #expect(stage["p50_ms"]! <= stage["p95_ms"]! && stage["p95_ms"]! <= stage["p99_ms"]!, "\(name)")
                #expect(stage["frames"] == Double(processed), "\(name) runs on every frame")
            }
            let endToEnd = try #require(report["end_to_end"] as? [String: Any])
            #expect((endToEnd["p50_ms"] as? Double ?? 0) >= stages["inference"]!["p50_ms"]!, "end to end includes the forward pass")
            #expect((report["timeline"] as? [Any])?.count == processed)

            // The summary, one sentence a line, as the chart's text file opens with.
            #expect(run.stderrLines.count == 7, "\(run)")
            #expect(run.stderrLines.first?.hasPrefix("Benchmark of walk.mkv in aware mode, every frame: \(processed) frames read") == true)
            #expect(run.stderrLines.allSatisfy { $0.hasSuffix(".") })
            let text = try String(contentsOfFile: chart + ".txt", encoding: .utf8)
            #expect(text.hasPrefix("sensecam bench: walk.mkv, aware mode, every frame.\n" + run.stderr))

            // The chart parses as XML and draws one point per processed frame.
            let svg = try String(contentsOfFile: chart, encoding: .utf8)
            #expect(WellFormedXML.check(svg), "the chart is well-formed XML")
            let points = svg.components(separatedBy: "points=\"").dropFirst().first?.prefix { $0 != "\"" }
            #expect(points?.split(separator: " ").count == processed)
            #expect(svg.contains("<title id=\"chart-title\">sensecam bench: walk.mkv, aware mode, every frame</title>"))
        }
    }

    @Test func readWithAFrameLimitTimesPageFinding() throws {
        try withTemporaryFolder { folder in
            let (_, report) = try Self.bench(["--video", try SharedTestData.path(Self.document), "--mode", "read", "--frames", "30"],
                                             in: folder)
            #expect(report["frames_read"] as? Int == 30 && report["frames_processed"] as? Int == 30)
            let stages = Self.stages(report)
            #expect(stages["page-finding"]?["frames"] == 30 && stages["narration"]?["frames"] == 30 && stages["decode"] != nil)
            #expect(stages["inference"] == nil && stages["tracking"] == nil, "read mode runs no detector")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.svg.txt").path),
                    "no chart was asked for")
        }
    }

    /// A second run compared with the first: the ratios as sentences, after the summary; a
    /// different clock is said first.
    @Test func compareSaysTheRatios() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { folder in
            let video = try SharedTestData.path(Self.walk)
            let earlier = folder.appendingPathComponent("earlier.json").path
            _ = try Self.bench(["--video", video, "--mode", "aware", "--frames", "10"], in: folder)
            try FileManager.default.moveItem(atPath: folder.appendingPathComponent("report.json").path, toPath: earlier)
            let (run, report) = try Self.bench(["--video", video, "--mode", "aware", "--frames", "10", "--realtime",
                                                "--compare", earlier], in: folder)
            #expect(report["clock"] as? String == "realtime")
            let comparison = Array(run.stderrLines.dropFirst(7))
            #expect(comparison.first == "The other run used the every-frame clock, so the ratios compare different work.", "\(run)")
            #expect(comparison.dropFirst().map { $0.prefix { $0 != ":" } }
                    == ["Throughput", "End-to-end latency, median", "End-to-end latency, 95th percentile", "Peak memory"], "\(run)")
            #expect(comparison.dropFirst().allSatisfy { $0.contains(" times the other run (") && $0.hasSuffix(").") }, "\(run)")
        }
    }

    @Test(.needsTestData("video/walk"), arguments: [
        (["--every-frame", "--realtime"], "Error: Choose one of '--every-frame' and '--realtime', not both."),
        (["--frames", "0"], "Error: '--frames' must be a whole number of at least 1; got '0'."),
    ])
    func usageMistakesExit64(extra: [String], message: String) throws {
        let run = try SensecamProcess.run(["bench", "--video", try SharedTestData.path(Self.walk), "--mode", "aware",
                                           "--report", "/tmp/unused.json"] + extra)
        #expect(run.status == 64, "\(run)")
        #expect(run.stderrLines == [message + " See 'sensecam bench --help'."], "\(run)")
    }

    @Test func aFileThatIsNotAReportIsSaidBeforeTheRun() throws {
        try withTemporaryFolder { folder in
            let other = folder.appendingPathComponent("other.json")
            try Data("{\"frames\": 3}".utf8).write(to: other)
            let run = try SensecamProcess.run(["bench", "--video", try SharedTestData.path(Self.walk), "--mode", "aware",
                                               "--report", folder.appendingPathComponent("r.json").path, "--compare", other.path])
            #expect(run.status == 1, "\(run)")
            #expect(run.stderrLines == ["\(other.path) is not a report from 'sensecam bench'; give a file its --report option wrote."])
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.json").path))
        }
    }

    /// `--model-only`: the forward pass alone at each size asked (repeated and comma forms),
    /// one sentence a size with a positive median, and the same figures as JSON.
    @Test func modelOnlyTimesTheForwardPassAtEachSize() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { folder in
            let reportPath = folder.appendingPathComponent("model.json").path
            let run = try SensecamProcess.run(["bench", "--model-only", "--input-size", "320", "--input-size", "512",
                                               "--forwards", "3", "--report", reportPath])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.isEmpty, "the summary goes to standard error, as for a video: \(run)")
            #expect(run.stderrLines.count == 3, "one sentence a size, then one for the model and machine: \(run)")
            for (line, size) in zip(run.stderrLines, [320, 512]) {
                let prefix = "Input \(size): ", middle = " ms a forward (median of 3; p90 "
                #expect(line.hasPrefix(prefix) && line.contains(middle) && (line.hasSuffix(" threads.") || line.hasSuffix(" thread.")),
                        "\(line)")
                let median = Double(line.dropFirst(prefix.count).prefix { $0 != " " })
                #expect((median ?? 0) > 0, "a positive median: \(line)")
            }
            #expect(run.stderrLines.last?.hasPrefix("Model yolox_nano.onnx on a synthetic 1280x720 picture, after 5 warm-up passes") == true,
                    "\(run)")

            let data = try #require(FileManager.default.contents(atPath: reportPath), "\(run)")
            let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "valid JSON")
            #expect(report["kind"] as? String == "model-only" && report["image"] as? String == "synthetic 1280x720")
            #expect(report["forwards"] as? Int == 3 && report["warm_up_forwards"] as? Int == 5)
            #expect((report["threads"] as? Int ?? 0) >= 1)
            #expect(report["layers"] as? String == "fast" && (report["fast_layers"] as? Int ?? 0) > 300, "\(report)")
            let sizes = try #require(report["sizes"] as? [[String: Any]])
            #expect(sizes.map { $0["input_size"] as? Int } == [320, 512])
            var fastest: [Double] = []
            for size in sizes {
                let figures = size.compactMapValues { ($0 as? NSNumber)?.doubleValue }
                let median = figures["forward_median_ms"] ?? 0, fastestPass = figures["forward_min_ms"] ?? 0
                #expect(fastestPass > 0 && fastestPass <= median && median <= figures["forward_p90_ms"] ?? 0, "\(size)")
                #expect(figures["forwards"] == 3 && (figures["forward_mean_ms"] ?? 0) > 0, "\(size)")
                fastest.append(fastestPass)
            }
            // 2.56 times the pixels; the fastest of interleaved passes is what noise disturbs least.
            #expect(fastest[1] > fastest[0], "the 512 input takes longer than the 320 one: \(fastest)")
        }
    }

    /// The video benchmark takes one --input-size, as `aware` does.
    @Test func awareOnAVideoAtAnotherInputSize() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { folder in
            let (_, report) = try Self.bench(["--video", try SharedTestData.path(Self.walk), "--mode", "aware", "--frames", "10",
                                              "--input-size", "320"], in: folder)
            #expect(report["frames_processed"] as? Int == 10)
            #expect(Self.stages(report)["inference"]?["frames"] == 10)
        }
    }

    /// A photograph instead of the synthetic picture; no --report, so only the sentences.
    @Test func modelOnlyOnAnImageWithoutAReport() throws {
        try SensecamProcess.requireModel()
        let image = try SharedTestData.path("detect/coco-val/images/000000000139.jpg")
        let run = try SensecamProcess.run(["bench", "--model-only", "--input-size", "320", "--forwards", "2", "--image", image])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderrLines.first?.hasPrefix("Input 320: ") == true && run.stderrLines.count == 2, "\(run)")
        #expect(run.stderrLines.last?.hasPrefix("Model yolox_nano.onnx on 000000000139.jpg (640x426)") == true, "\(run)")
    }

    /// `--layers stock` times OpenCV 4.6's own layers, so a run can compare them with the shim's;
    /// the report and the sentence say which ran.
    @Test func modelOnlyWithStockLayersSaysSo() throws {
        try SensecamProcess.requireModel()
        try withTemporaryFolder { tmp in
            let report = tmp.appendingPathComponent("stock.json")
            let run = try SensecamProcess.run(["bench", "--model-only", "--input-size", "320", "--forwards", "2",
                                               "--layers", "stock", "--report", report.path])
            #expect(run.status == 0, "\(run)")
            #expect(run.stderrLines.first?.hasSuffix(", stock layers.") == true, "\(run)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
            #expect(json["layers"] as? String == "stock", "\(json)")
            #expect(json["fast_layers"] as? Int == 0, "OpenCV's own layers ran no fast ones: \(json)")
        }
    }

    /// Options of one kind of benchmark given to the other, a missing requirement of the video
    /// benchmark, or a size the network cannot take: one sentence, the usage, exit 64.
    /// `VIDEO` stands for a real recording.
    @Test(.needsTestData("video/walk"), arguments: [
        (["--model-only", "--video", "VIDEO"],
         "Error: '--video' does not go with '--model-only', which times the network alone on one image."),
        (["--model-only", "--mode", "aware", "--report", "/tmp/unused.json"],
         "Error: '--mode' does not go with '--model-only', which times the network alone on one image."),
        (["--model-only", "--every-frame"],
         "Error: '--every-frame' does not go with '--model-only', which times the network alone on one image."),
        (["--model-only", "--input-size", "300"],
         "Error: '--input-size' must be a multiple of 32 from 128 to 1280, such as 320 or 416; got '300'."),
        (["--model-only", "--input-size", "320,abc"],
         "Error: '--input-size' must be a multiple of 32 from 128 to 1280, such as 320 or 416; got 'abc'."),
        (["--model-only", "--forwards", "0"], "Error: '--forwards' must be a whole number from 1 to 100000; got '0'."),
        (["--video", "VIDEO", "--mode", "aware", "--report", "/tmp/unused.json", "--forwards", "5"],
         "Error: '--forwards' applies only to --model-only."),
        (["--video", "VIDEO", "--mode", "aware", "--report", "/tmp/unused.json", "--layers", "stock"],
         "Error: '--layers' applies only to --model-only."),
        (["--video", "VIDEO", "--mode", "read", "--report", "/tmp/unused.json", "--input-size", "320"],
         "Error: '--input-size' applies only to --mode aware and to --model-only."),
        (["--video", "VIDEO", "--mode", "aware", "--report", "/tmp/unused.json", "--input-size", "320,416"],
         "Error: Give one '--input-size' for a video; several are for --model-only."),
        (["--video", "VIDEO", "--mode", "aware", "--report", "/tmp/unused.json", "--input-size", "96"],
         "Error: '--input-size' must be a multiple of 32 from 128 to 1280, such as 320 or 416; got '96'."),
        (["--video", "VIDEO", "--mode", "aware"], "Error: Missing expected argument '--report <file>'."),
        (["--mode", "aware", "--report", "/tmp/unused.json"], "Error: Missing expected argument '--video <file>'."),
        ([], "Error: Missing expected argument '--video <file>'."),
    ])
    func modelOnlyAndVideoMixedWronglyExit64(arguments: [String], message: String) throws {
        let video = try SharedTestData.path(Self.walk)
        let run = try SensecamProcess.run(["bench"] + arguments.map { $0 == "VIDEO" ? video : $0 })
        #expect(run.status == 64, "\(run)")
        #expect(run.stderrLines == [message + " See 'sensecam bench --help'."], "a usage error is one line: \(run)")
    }

    @Test func helpSnapshot() throws {
        let run = try SensecamProcess.run(["bench", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout == Self.help + "\n", "\(run.stdout)")
    }

    static let help = """
        OVERVIEW: Time the pipeline on a video: speed, latency of each step, CPU and
        memory.

        Narration is worked out as in aware or read but not spoken or printed, so the
        report measures seeing and wording, not speech. Every frame is processed unless
        --realtime is given, which keeps to the video's own pace and drops the frames
        the pipeline has no time for. The summary is printed to standard error, one
        sentence a line. With --chart, an SVG shows latency over time and per step, and
        the same summary is written beside it in a text file named after the chart with
        .txt added. With --model-only, no video: the detector's forward pass alone is
        timed at each --input-size on one letterboxed image, and one sentence a size
        gives its median; --report is then optional.

        USAGE: sensecam bench [--video <file>] [--mode <mode>] [--report <file>]
                 [--every-frame] [--realtime] [--frames <n>] [--chart <file>]
                 [--compare <file>] [--model-only] [--input-size <pixels>]
                 [--forwards <n>] [--image <file>] [--layers <kind>]
                 [--min-confidence <value>] [--model <file>] [--language <code>]

        OPTIONS:
          --video <file>          The video to run through the pipeline. (required
                                  without --model-only)
          --mode <mode>           Which pipeline to time: aware (objects), read (a page)
                                  or scan (codes). (required without --model-only)
                                  (values: aware, read, scan)
          --report <file>         Write the measurements to this JSON file. (required
                                  without --model-only)
          --every-frame           Process every frame, however long it takes, as bench
                                  does unless --realtime is given.
          --realtime              Keep to the video's own pace, dropping frames the
                                  pipeline is too slow for.
          --frames <n>            Stop after this many frames of the video. (default:
                                  all)
          --chart <file>          Also draw the latencies as an SVG chart, with a text
                                  summary beside it.
          --compare <file>        Say how this run compares with an earlier report.
          --model-only            Time the detector's forward pass alone on one image,
                                  at each --input-size, instead of a video.
          --input-size <pixels>   The detector's input size, a multiple of 32: 320 is
                                  faster, 416 finds more small and distant objects. With
                                  --model-only, repeat it or separate sizes with commas
                                  to time several. (default: 416; with --model-only,
                                  320,416,512)
          --forwards <n>          With --model-only, how many forward passes to time at
                                  each size, after 5 warm-up passes. (default: 50)
          --image <file>          With --model-only, the image to letterbox. (default: a
                                  synthetic 1280x720 picture, the same every run)
          --layers <kind>         With --model-only, whose layers run the network: fast
                                  (the shim's), stock (OpenCV 4.6's own, to compare) or
                                  portable (the shim's without AVX). (values: fast,
                                  stock, portable) (default: fast)
          --min-confidence <value>
                                  Keep detections at or above this confidence, from 0 to
                                  1. Spoken captions use stricter bands. (default: 0.25)
          --model <file>          The YOLOX-Nano ONNX model. (default: $SENSECAM_MODEL,
                                  else the one 'make setup' fetched into Models/, else
                                  the installed
                                  /usr/share/sensecam/models/yolox_nano.onnx)
          --language <code>       The language sensecam speaks, reads and writes braille
                                  in, its messages too; when not given, the locale's,
                                  else English. (values: en, de, fr, es)
          -h, --help              Show help information.
        """
}

/// Whether a document is well-formed XML. On Linux `XMLParser.parse()` can return true for a
/// malformed document (libxml2 recovers), so a reported error or an unclosed root counts too.
final class WellFormedXML: NSObject, XMLParserDelegate {
    private var depth = 0
    private var rootClosed = false

    static func check(_ text: String) -> Bool {
        let checker = WellFormedXML()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = checker
        return parser.parse() && parser.parserError == nil && checker.rootClosed
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        depth += 1
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        if depth == 0 { rootClosed = true }
    }
}
