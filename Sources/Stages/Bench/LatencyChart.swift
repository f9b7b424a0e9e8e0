// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words
import Frames
import Narration

/// A benchmark report drawn as plain SVG, by hand (no library): (a) every processed frame's
/// end-to-end latency over the video's time, (b) each step's median as a bar with a whisker
/// to its 95th percentile. Every bar carries its name and values in text, not colour alone;
/// the text summary sits in the SVG's `<title>` and `<desc>`, and `text(for:wording:)` gives it
/// as a file of its own for screen-reader users. Every word is in the wording it is given.
public enum LatencyChart {
    static let width = 900.0
    /// Room left of the plots for the axis numbers and the rotated axis title.
    static let left = 90.0
    static let right = 40.0
    /// The latency plot's top and bottom edges.
    static let plotTop = 84.0
    static let plotBottom = 324.0
    static let barsTop = 432.0
    static let rowHeight = 30.0
    static let barHeight = 18.0
    /// Step names end here; bars start just right of it.
    static let labelRight = 200.0
    static let barLeft = 210.0
    /// Right of the bars: "median 38.2 ms, 95th 45.1 ms".
    static let valueWidth = 240.0

    /// "sensecam bench: car-detection.mp4, aware mode, every frame"
    public static func title(for report: BenchReport, wording: Wording) -> String {
        wording(.benchChartTitle, ["video": .text(URL(fileURLWithPath: report.video).lastPathComponent), "mode": .text(report.mode),
                                  "clock": .text(report.clock)])
    }

    /// The chart's content in sentences: the report's summary, each step's median and 95th
    /// percentile, and how latency moved over the video. One sentence a line.
    public static func text(for report: BenchReport, wording: Wording) -> String {
        var lines = [wording(.benchChartTitleSentence, ["title": .text(title(for: report, wording: wording))])]
            + report.summary(wording)
        lines.append(wording(.benchChartStepsIntroduction))
        for row in rows(report, wording: wording) {
            lines.append(wording(.benchChartStep, [
                "step": .text(row.name), "median": .text(BenchReport.milliseconds(row.latency.p50, wording)),
                "p95": .text(BenchReport.milliseconds(row.latency.p95, wording)), "frames": .integer(row.latency.frames),
            ]))
        }
        lines.append(timelineSentence(report.timeline, wording: wording))
        return lines.joined(separator: "\n") + "\n"
    }

    public static func svg(for report: BenchReport, wording: Wording) -> String {
        let rows = rows(report, wording: wording)
        let title = escape(title(for: report, wording: wording))
        let barsBottom = barsTop + Double(rows.count) * rowHeight
        let height = barsBottom + 60
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" \
            role="img" aria-labelledby="chart-title chart-desc" font-family="sans-serif" font-size="14" fill="#111">
            <title id="chart-title">\(title)</title>
            <desc id="chart-desc">\(escape(text(for: report, wording: wording)))</desc>
            <rect width="100%" height="100%" fill="#fff"/>
            <text x="\(f(width / 2))" y="32" font-size="20" font-weight="bold" text-anchor="middle">\(title)</text>

            """
        svg += latencyPlot(report.timeline, wording: wording)
        svg += stepBars(rows, bottom: barsBottom, wording: wording)
        svg += "</svg>\n"
        return svg
    }

    // MARK: (a) latency over time

    static func latencyPlot(_ timeline: [BenchReport.Point], wording: Wording) -> String {
        let plotRight = width - right
        var svg = "<text x=\"\(f(left))\" y=\"64\" font-size=\"16\" font-weight=\"bold\">\(escape(wording(.benchChartLatencyHeading)))</text>\n"
        let (xTop, xStep) = axis(timeline.map(\.t).max() ?? 0)
        let (yTop, yStep) = axis(timeline.map(\.ms).max() ?? 0)
        func x(_ t: Double) -> Double { left + t / xTop * (plotRight - left) }
        func y(_ ms: Double) -> Double { plotBottom - ms / yTop * (plotBottom - plotTop) }
        for value in stride(from: 0, through: yTop + yStep / 2, by: yStep) {
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y(value)))\" x2=\"\(f(plotRight))\" y2=\"\(f(y(value)))\" stroke=\"#ddd\"/>"
            svg += "<text x=\"\(f(left - 8))\" y=\"\(f(y(value) + 4))\" font-size=\"12\" text-anchor=\"end\">\(tick(value))</text>\n"
        }
        for value in stride(from: 0, through: xTop + xStep / 2, by: xStep) {
            svg += "<line x1=\"\(f(x(value)))\" y1=\"\(f(plotBottom))\" x2=\"\(f(x(value)))\" y2=\"\(f(plotBottom + 5))\" stroke=\"#111\"/>"
            svg += "<text x=\"\(f(x(value)))\" y=\"\(f(plotBottom + 20))\" font-size=\"12\" text-anchor=\"middle\">\(tick(value))</text>\n"
        }
        svg += "<line x1=\"\(f(left))\" y1=\"\(f(plotTop))\" x2=\"\(f(left))\" y2=\"\(f(plotBottom))\" stroke=\"#111\"/>"
        svg += "<line x1=\"\(f(left))\" y1=\"\(f(plotBottom))\" x2=\"\(f(plotRight))\" y2=\"\(f(plotBottom))\" stroke=\"#111\"/>\n"
        svg += "<text x=\"\(f((left + plotRight) / 2))\" y=\"\(f(plotBottom + 44))\" text-anchor=\"middle\">\(escape(wording(.benchChartTimeAxis)))</text>\n"
        svg += "<text transform=\"translate(24 \(f((plotTop + plotBottom) / 2))) rotate(-90)\" text-anchor=\"middle\">\(escape(wording(.benchChartLatencyAxis)))</text>\n"
        if timeline.isEmpty {
            svg += "<text x=\"\(f((left + plotRight) / 2))\" y=\"\(f((plotTop + plotBottom) / 2))\" text-anchor=\"middle\">\(escape(wording(.benchChartNoFrames)))</text>\n"
        } else {
            let points = timeline.map { "\(f(x($0.t))),\(f(y($0.ms)))" }.joined(separator: " ")
            svg += "<polyline id=\"end-to-end-latency\" fill=\"none\" stroke=\"#1f4e79\" stroke-width=\"1.5\" points=\"\(points)\">"
            svg += "<title>\(escape(timelineSentence(timeline, wording: wording)))</title></polyline>\n"
        }
        return svg
    }

    /// Lowest and highest, and the start against the end (warm-up, drift).
    static func timelineSentence(_ timeline: [BenchReport.Point], wording: Wording) -> String {
        guard let low = timeline.min(by: { $0.ms < $1.ms }), let high = timeline.max(by: { $0.ms < $1.ms }) else {
            return wording(.benchChartNoTimeline)
        }
        let tenth = max(1, timeline.count / 10)
        func median(_ points: ArraySlice<BenchReport.Point>) -> Double {
            BenchReport.Latency.percentile(points.map(\.ms).sorted(), 0.5) ?? 0
        }
        func milliseconds(_ value: Double) -> MessageArgument { .text(BenchReport.milliseconds(value, wording)) }
        return wording(.benchChartTimeline, [
            "low": milliseconds(low.ms), "lowAt": .text(BenchReport.number(low.t, 1, wording)),
            "high": milliseconds(high.ms), "highAt": .text(BenchReport.number(high.t, 1, wording)),
            "first": milliseconds(median(timeline.prefix(tenth))), "last": milliseconds(median(timeline.suffix(tenth))),
        ])
    }

    // MARK: (b) steps

    struct Row {
        var name: String
        var latency: BenchReport.Latency
        var isEndToEnd = false
    }

    /// The steps in pipeline order, then end to end for scale.
    static func rows(_ report: BenchReport, wording: Wording) -> [Row] {
        var rows = report.stages.map { latency in
            Row(name: StageTimings.Step(rawValue: latency.stage).map { wording($0.name) } ?? latency.stage, latency: latency)
        }
        if let endToEnd = report.endToEnd { rows.append(Row(name: wording(.benchEndToEnd), latency: endToEnd, isEndToEnd: true)) }
        return rows
    }

    static func stepBars(_ rows: [Row], bottom: Double, wording: Wording) -> String {
        let barRight = width - valueWidth
        var svg = "<text x=\"\(f(left))\" y=\"\(f(barsTop - 20))\" font-size=\"16\" font-weight=\"bold\">"
            + "\(escape(wording(.benchChartStepsHeading)))</text>\n"
        let (top, step) = axis(rows.map(\.latency.p95).max() ?? 0)
        func x(_ ms: Double) -> Double { barLeft + ms / top * (barRight - barLeft) }
        for (index, row) in rows.enumerated() {
            let y = barsTop + Double(index) * rowHeight
            let middle = y + barHeight / 2
            let values: [String: MessageArgument] = [
                "step": .text(row.name), "median": .text(BenchReport.milliseconds(row.latency.p50, wording)),
                "p95": .text(BenchReport.milliseconds(row.latency.p95, wording)),
            ]
            svg += "<g><title>\(escape(wording(.benchChartBarTitle, values)))</title>"
            svg += "<text x=\"\(f(labelRight))\" y=\"\(f(middle + 5))\" text-anchor=\"end\">\(escape(row.name))</text>"
            svg += "<rect x=\"\(f(barLeft))\" y=\"\(f(y))\" width=\"\(f(max(1, x(row.latency.p50) - barLeft)))\" height=\"\(f(barHeight))\" "
                + "fill=\"\(row.isEndToEnd ? "#a5523b" : "#3b6ea5")\"/>"
            svg += "<line x1=\"\(f(x(row.latency.p50)))\" y1=\"\(f(middle))\" x2=\"\(f(x(row.latency.p95)))\" y2=\"\(f(middle))\" stroke=\"#111\"/>"
            svg += "<line x1=\"\(f(x(row.latency.p95)))\" y1=\"\(f(y + 3))\" x2=\"\(f(x(row.latency.p95)))\" y2=\"\(f(y + barHeight - 3))\" stroke=\"#111\"/>"
            svg += "<text x=\"\(f(barRight + 10))\" y=\"\(f(middle + 5))\" font-size=\"13\">\(escape(wording(.benchChartBarValues, values)))</text></g>\n"
        }
        svg += "<line x1=\"\(f(barLeft))\" y1=\"\(f(bottom))\" x2=\"\(f(barRight))\" y2=\"\(f(bottom))\" stroke=\"#111\"/>\n"
        for value in stride(from: 0, through: top + step / 2, by: step) {
            svg += "<line x1=\"\(f(x(value)))\" y1=\"\(f(bottom))\" x2=\"\(f(x(value)))\" y2=\"\(f(bottom + 5))\" stroke=\"#111\"/>"
            svg += "<text x=\"\(f(x(value)))\" y=\"\(f(bottom + 20))\" font-size=\"12\" text-anchor=\"middle\">\(tick(value))</text>\n"
        }
        svg += "<text x=\"\(f((barLeft + barRight) / 2))\" y=\"\(f(bottom + 44))\" text-anchor=\"middle\">\(escape(wording(.benchChartMillisecondsAxis)))</text>\n"
        return svg
    }

    // MARK: Helpers

    /// An axis from 0 to a round number above `maximum`, in at most eight steps of 1, 2, 2.5
    /// or 5 × 10ⁿ: close enough to the data that the line uses most of the plot.
    static func axis(_ maximum: Double) -> (top: Double, step: Double) {
        guard maximum > 0, maximum.isFinite else { return (1, 0.2) }
        let rough = maximum / 8
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let step = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        return ((maximum / step).rounded(.up) * step, step)
    }

    /// A tick label without float noise or trailing zeros: "0.25", "40".
    static func tick(_ value: Double) -> String { JSONValue.format(value, decimals: 3) }

    /// A coordinate to one decimal: enough for a screen, and a small file.
    static func f(_ value: Double) -> String { JSONValue.format(value, decimals: 1) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
