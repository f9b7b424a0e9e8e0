// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A known run: 50 frames at 10 fps in 2 s of wall time; inference 30–34 ms and end to end
/// 35–39 ms, cycling; every awareness step timed, none of reading's.
private func sampleReport(frames: Int = 50, cpuModel: String = "Test CPU <fast> & cheap") -> BenchReport {
    var statistics = StreamStatistics()
    statistics.framesRead = frames
    statistics.framesProcessed = frames
    let timings = (0..<frames).map { index in
        var timings = StageTimings()
        timings.frame = index
        timings.streamSeconds = Double(index) / 10
        timings.decode = 0.002
        timings.preprocess = 0.001
        timings.inference = 0.030 + Double(index % 5) / 1000
        timings.postprocess = 0.0005
        timings.tracking = 0.00005
        timings.narration = 0.00002
        timings.endToEnd = 0.035 + Double(index % 5) / 1000
        return timings
    }
    return BenchReport(
        video: "/data/video/walk.mkv", mode: "aware", clock: .everyFrame, statistics: statistics, timings: timings,
        wallSeconds: 2, setupSeconds: 0.5, frameInterval: 0.1,
        firstNarration: .init(wallSeconds: 0.4, streamSeconds: 0.3, text: "Probably a person, at 12 o'clock."),
        usage: ProcessUsage(userSeconds: 3, systemSeconds: 0.5, peakResidentMiB: 120.25),
        machine: .init(cores: 2, cpuModel: cpuModel), version: "0.1.0", date: Date(timeIntervalSince1970: 0))
}

@Suite struct BenchReportTests {
    // MARK: Percentiles

    /// Nearest rank, as LatencyHistogram: 1…100 ms gives 50, 95 and 99 whatever the order.
    @Test func percentilesOfKnownData() throws {
        let latency = try #require(BenchReport.Latency(stage: "inference", seconds: (1...100).reversed().map { Double($0) / 1000 }))
        #expect(latency.p50 == 50)
        #expect(latency.p95 == 95)
        #expect(latency.p99 == 99)
        #expect(latency.mean == 50.5)
        #expect(latency.frames == 100)
        #expect(BenchReport.Latency(stage: "ocr", seconds: []) == nil, "a step that never ran has no percentiles")
        #expect(BenchReport.Latency.percentile([7], 0.99) == 7)
        #expect(BenchReport.Latency.percentile([1, 2, 3, 4], 0.5) == 2)
    }

    /// The same samples through the histogram give the same whole milliseconds.
    @Test func percentilesAgreeWithTheHistogram() throws {
        let samples = (0..<200).map { Double(($0 * 37) % 91 + 5) / 1000 }
        var histogram = LatencyHistogram()
        samples.forEach { histogram.record(seconds: $0) }
        let latency = try #require(BenchReport.Latency(stage: "end-to-end", seconds: samples))
        for (fraction, value) in [(0.5, latency.p50), (0.95, latency.p95), (0.99, latency.p99)] {
            #expect(Double(histogram.percentile(fraction) ?? -1) == value.rounded())
        }
    }

    // MARK: The report

    @Test func reportFiguresFollowFromTheRun() {
        let report = sampleReport()
        #expect(report.throughputFPS == 25)
        #expect(report.videoSeconds == 5, "4.9 s to the last frame's start, plus its 0.1 s")
        #expect(report.realTimeFactor == 2.5)
        #expect(report.cpuUse == 1.75)
        #expect(report.peakRSSMiB == 120.3)
        #expect(report.stages.map(\.stage) == ["decode", "preprocess", "inference", "postprocess", "tracking", "narration"],
                "only the steps that ran, in pipeline order")
        #expect(report.latency(of: .inference)?.p50 == 32)
        #expect(report.endToEnd?.p95 == 39)
        #expect(report.timeline.count == 50)
        #expect(report.timeline[4] == BenchReport.Point(frame: 4, t: 0.4, ms: 39))
        #expect(report.date == "1970-01-01T00:00:00Z")
    }

    /// Written with the documented snake-case keys, and read back unchanged (for --compare).
    @Test func jsonRoundTripsWithDocumentedKeys() throws {
        let report = sampleReport()
        let data = try report.json()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in ["sensecam_version", "date", "video", "mode", "clock", "frames_read", "frames_processed", "frames_dropped",
                    "video_seconds", "wall_seconds", "setup_seconds", "throughput_fps", "real_time_factor", "end_to_end",
                    "stages", "first_narration", "cpu_user_seconds", "cpu_system_seconds", "cpu_use", "peak_rss_mib",
                    "machine", "timeline"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let stage = try #require((object["stages"] as? [[String: Any]])?.first)
        #expect(Set(stage.keys) == ["stage", "p50_ms", "p95_ms", "p99_ms", "mean_ms", "frames"])
        #expect(try BenchReport.read(from: data) == report)
    }

    @Test func summaryIsPlainSentences() {
        #expect(sampleReport().summary(.english) == [
            "Benchmark of walk.mkv in aware mode, every frame: 50 frames read, 50 processed, 0 dropped.",
            "Throughput: 25.0 frames a second, 2.50 times real time, over 2.0 seconds after 0.5 seconds of setup.",
            "End-to-end latency: median 37.0 ms, 95th percentile 39.0 ms, 99th percentile 39.0 ms.",
            "Median time per step, over the frames where it ran: decode 2.0 ms, preprocess 1.0 ms, inference 32.0 ms, postprocess 0.5 ms, tracking 0.05 ms, narration 0.02 ms.",
            "First narration after 0.40 seconds, at 0.30 seconds of video.",
            "CPU use: 1.75 cores busy on average, of 2; peak memory 120.3 MiB.",
            "Machine: 2 cores, Test CPU <fast> & cheap; sensecam 0.1.0.",
        ])
    }

    /// Sub-millisecond steps keep two significant digits rather than reading "0.0 ms".
    @Test(arguments: [(38.24, "38.2 ms"), (1.0, "1.0 ms"), (0.35, "0.35 ms"), (0.004, "0.004 ms"), (0.0, "0 ms")])
    func millisecondsAreSaidWithTheirDigits(value: Double, words: String) {
        #expect(BenchReport.milliseconds(value, .english) == words)
    }

    // MARK: Comparison

    static func run(fps: Double, p50: Double, p95: Double, rss: Double, mode: String = "aware") -> BenchReport {
        var report = sampleReport()
        report.throughputFPS = fps
        report.endToEnd?.p50 = p50
        report.endToEnd?.p95 = p95
        report.peakRSSMiB = rss
        report.mode = mode
        return report
    }

    @Test func comparisonSaysRatiosAsSentences() {
        let comparison = BenchComparison(this: Self.run(fps: 23.4, p50: 41, p95: 60, rss: 120),
                                         other: Self.run(fps: 17.8, p50: 51.25, p95: 48, rss: 0))
        #expect(comparison.sentences(.english) == [
            "Throughput: 1.31 times the other run (23.4 vs 17.8 frames a second).",
            "End-to-end latency, median: 0.80 times the other run (41.0 vs 51.2 ms).",
            "End-to-end latency, 95th percentile: 1.25 times the other run (60.0 vs 48.0 ms).",
            "Peak memory: no ratio, the other run measured none (120.0 vs 0.0 MiB).",
        ])
        #expect(comparison.ratios.first?.ratio.map { ($0 * 100).rounded() } == 131)
    }

    @Test func comparingDifferentWorkSaysSoFirst() {
        let comparison = BenchComparison(this: Self.run(fps: 20, p50: 40, p95: 50, rss: 100),
                                         other: Self.run(fps: 2, p50: 400, p95: 900, rss: 200, mode: "read"))
        #expect(comparison.sentences(.english).first == "The other run used read mode, so the ratios compare different work.")
        #expect(comparison.sentences(.english).count == 5)
    }

    // MARK: The chart

    @Test func chartIsWellFormedSVGWithLabelsAndAPointPerFrame() throws {
        let report = sampleReport()
        let svg = try SVGContent(LatencyChart.svg(for: report, wording: .english))
        #expect(svg.root == "svg")
        #expect(svg.title == LatencyChart.title(for: report, wording: .english))
        #expect(svg.description.contains("over the frames where it ran: decode 2.0 ms"), "the summary is the chart's description")
        #expect(svg.description.contains("Test CPU <fast> & cheap"), "text is escaped, not lost")
        #expect(svg.polylinePoints == [report.timeline.count], "one line, one point per processed frame")
        for label in ["Time in the video (seconds)", "End-to-end latency (ms)", "Milliseconds per frame",
                      "decode", "preprocess", "inference", "postprocess", "tracking", "narration", "end to end",
                      "median 32.0 ms, 95th 34.0 ms"] {
            #expect(svg.texts.contains(label), "no text '\(label)' in the chart")
        }
        #expect(!svg.fontSizes.isEmpty && svg.fontSizes.allSatisfy { $0 >= 12 }, "all text at 12 px or more: \(svg.fontSizes)")
    }

    @Test func chartOfARunWithoutFramesSaysSo() throws {
        let svg = try SVGContent(LatencyChart.svg(for: sampleReport(frames: 0), wording: .english))
        #expect(svg.polylinePoints.isEmpty)
        #expect(svg.texts.contains("No frames were processed."))
    }

    @Test func textSummaryReadsTheChartAloud() {
        let lines = LatencyChart.text(for: sampleReport(), wording: .english).split(separator: "\n").map(String.init)
        #expect(lines.first == "sensecam bench: walk.mkv, aware mode, every frame.")
        #expect(lines.contains("inference: median 32.0 ms, 95th percentile 34.0 ms, on 50 frames."))
        #expect(lines.contains("end to end: median 37.0 ms, 95th percentile 39.0 ms, on 50 frames."))
        #expect(lines.last == "End-to-end latency over the video: lowest 35.0 ms at 0.0 seconds, highest 39.0 ms at 0.4 seconds; "
                + "median over the first tenth of the frames 37.0 ms, over the last tenth 37.0 ms.")
    }

    @Test(arguments: [(0.0, 1.0, 0.2), (39.0, 40.0, 5.0), (0.74, 0.8, 0.1), (312.0, 350.0, 50.0), (9.0, 10.0, 2.0), (30.08, 35.0, 5.0)])
    func axesEndOnRoundNumbers(maximum: Double, top: Double, step: Double) {
        let axis = LatencyChart.axis(maximum)
        #expect(abs(axis.top - top) < 1e-9 && abs(axis.step - step) < 1e-9, "\(maximum) → \(axis)")
    }
}

/// What the tests look for in an SVG, read with Foundation's XML parser: a document that
/// does not parse fails the test. On Linux `parse()` can return true for a malformed
/// document (libxml2 recovers), so any reported error, or a root never closed, fails too.
struct SVGContent {
    var root = ""
    var title = ""
    var description = ""
    var texts: [String] = []
    var fontSizes: [Double] = []
    /// Points in each polyline.
    var polylinePoints: [Int] = []

    init(_ svg: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        guard parser.parse(), parser.parserError == nil, reader.rootClosed else {
            throw Failure(description: "The SVG is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "its root is not closed").")
        }
        self = reader.content
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    private final class Reader: NSObject, XMLParserDelegate {
        var content = SVGContent(empty: ())
        var path: [String] = []
        var text = ""
        var rootClosed = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if path.isEmpty { content.root = name }
            path.append(name)
            text = ""
            if let size = attributes["font-size"].flatMap(Double.init) { content.fontSizes.append(size) }
            if name == "polyline" {
                content.polylinePoints.append((attributes["points"] ?? "").split(separator: " ").count)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let parent = path.dropLast().last
            switch (name, parent) {
            case ("title", "svg"): content.title = text
            case ("desc", "svg"): content.description = text
            case ("text", _): content.texts.append(text)
            default: break
            }
            path.removeLast()
            if path.isEmpty { rootClosed = true }
            text = ""
        }
    }

    private init(empty: Void) {}
}

/// The instrumentation itself: every processed frame gets one record, with the steps its
/// stage ran timed and the others nil, on both clocks; nothing is kept unless asked for.
@Suite(.serialized) struct StageTimingsTests {
    static func awarenessEngine(_ clock: StreamClock) throws -> StreamEngine {
        let detector = try ObjectDetector(modelPath: try TestResources.modelPath())
        let stage = AwarenessStage(detector: detector, narrator: AwarenessNarrator(wording: .english), minConfidence: 0.25)
        return StreamEngine(source: try VideoFile(path: try TestResources.file("video/walk.mkv").path), stage: stage, clock: clock, wording: .english)
    }

    @Test(arguments: [StreamClock.everyFrame, .realTime])
    func everyProcessedFrameIsTimedStepByStep(clock: StreamClock) throws {
        let engine = try Self.awarenessEngine(clock)
        engine.recordStageTimings(expectedFrames: 100)
        let statistics = try engine.run { _ in }
        let timings = engine.stageTimings()
        #expect(timings.count == statistics.framesProcessed && !timings.isEmpty)
        #expect(timings.map(\.frame) == timings.map(\.frame).sorted() && Set(timings.map(\.frame)).count == timings.count)
        for record in timings {
            for step in [StageTimings.Step.decode, .preprocess, .inference, .postprocess, .tracking, .narration] {
                #expect((record[step] ?? -1) >= 0, "frame \(record.frame) has no \(step.name) time")
            }
            #expect(record.pageFinding == nil && record.ocr == nil, "reading's steps do not run in awareness")
            let inStage = [record.preprocess, record.inference, record.postprocess, record.tracking, record.narration]
                .compactMap { $0 }.reduce(0, +)
            #expect(record.endToEnd >= inStage - 0.001, "end to end covers the steps after decoding")
        }
        #expect(timings.last?.streamSeconds == statistics.streamSeconds)
    }

    @Test func nothingIsKeptUnlessAskedFor() throws {
        let engine = try Self.awarenessEngine(.everyFrame)
        _ = try engine.run { _ in }
        #expect(engine.stageTimings().isEmpty)
    }

    /// The detector's split comes from the shim (letterbox and blob, then forward) and from
    /// Swift (decoding); a real forward takes milliseconds, not nothing.
    @Test func detectorTimesItsThreeSteps() throws {
        let detector = try ObjectDetector(modelPath: try TestResources.modelPath())
        let frame = try #require(try VideoFile(path: try TestResources.file("video/walk.mkv").path).nextFrame())
        _ = try detector.detect(in: frame.image, minConfidence: 0.25)
        let timings = detector.lastTimings
        #expect((timings.inference ?? 0) > 0.001)
        #expect((timings.preprocess ?? 0) > 0 && (timings.postprocess ?? 0) > 0)
        #expect(timings.decode == nil && timings.tracking == nil && timings.narration == nil)
    }

    /// Read mode: page finding and narration on every frame, OCR only on the frames it read.
    @Test func documentReaderTimesPageFindingAndOCR() throws {
        let reader = DocumentReader(recognizer: try TextRecognizer(), wording: .english)
        let video = try VideoFile(path: try TestResources.file("video/document-phototest.mp4").path)
        var ocrFrames = 0
        while let frame = try video.nextFrame(), frame.index < 120 {
            _ = try reader.observe(frame)
            let timings = reader.lastTimings
            #expect(timings.pageFinding != nil && timings.narration != nil)
            #expect(timings.inference == nil && timings.tracking == nil)
            if timings.ocr != nil { ocrFrames += 1 }
        }
        #expect(ocrFrames >= 1 && ocrFrames < 120, "OCR runs on some frames, not all: \(ocrFrames)")
    }
}
