// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Words
import Frames

// The sentences a benchmark ends with, one plain sentence a line, for a listener.

extension BenchReport {
    /// What a listener hears at the end of the run: one plain sentence a line.
    public func summary(_ wording: Wording) -> [String] {
        func number(_ value: Double, _ decimals: Int) -> MessageArgument { .text(Self.number(value, decimals, wording)) }
        func milliseconds(_ value: Double) -> MessageArgument { .text(Self.milliseconds(value, wording)) }
        var lines = [
            wording(.benchRun, [
                "video": .text(URL(fileURLWithPath: video).lastPathComponent), "mode": .text(mode), "clock": .text(clock),
                "read": .integer(framesRead), "processed": .integer(framesProcessed), "dropped": .integer(framesDropped),
            ]),
            wording(.benchThroughput, [
                "fps": number(throughputFPS, 1), "factor": number(realTimeFactor, 2), "wall": number(wallSeconds, 1),
                "setup": number(setupSeconds, 1),
            ]),
        ]
        if let endToEnd {
            lines.append(wording(.benchEndToEndLatency, [
                "median": milliseconds(endToEnd.p50), "p95": milliseconds(endToEnd.p95), "p99": milliseconds(endToEnd.p99),
            ]))
        }
        if !stages.isEmpty {
            let steps = stages.compactMap { latency in
                StageTimings.Step(rawValue: latency.stage).map {
                    wording(.benchStepTime, ["step": .message($0.name), "time": milliseconds(latency.p50)])
                }
            }
            // The steps in pipeline order, as a plain run of "step time" items.
            lines.append(wording(.benchStepMedians, ["steps": .text(steps.joined(separator: ", "))]))
        }
        if let first = firstNarration {
            lines.append(wording(.benchFirstNarration, ["wall": number(first.wallSeconds, 2), "stream": number(first.streamSeconds, 2)]))
        } else {
            lines.append(wording(.benchNothingNarrated))
        }
        lines.append(wording(.benchCPU, ["cpu": number(cpuUse, 2), "cores": .integer(machine.cores), "memory": number(peakRSSMiB, 1)]))
        lines.append(wording(.benchMachine, [
            "cores": .integer(machine.cores), "cpu": .text(machine.cpuModel), "version": .text(sensecamVersion),
        ]))
        return lines
    }

    /// "38.2 ms"; below one millisecond two significant digits ("0.35 ms", "0.004 ms"), so a
    /// step of microseconds does not read as "0.0 ms".
    static func milliseconds(_ value: Double, _ wording: Wording) -> String {
        let digits = value < 1 ? decimalMark(String(format: "%.2g", value), wording) : number(value, 1, wording)
        return wording(.benchMilliseconds, ["value": .text(digits)])
    }

    /// `value` with exactly `decimals` decimals ("2.50"), in the language's decimal mark: a
    /// benchmark's figures keep their trailing zeros, so columns of them line up.
    static func number(_ value: Double, _ decimals: Int, _ wording: Wording) -> String {
        decimalMark(String(format: "%.\(decimals)f", value), wording)
    }

    private static func decimalMark(_ digits: String, _ wording: Wording) -> String {
        digits.replacingOccurrences(of: ".", with: wording(.numberDecimalSeparator))
    }
}

extension ModelBenchReport {
    /// One sentence per size, then one for what ran where.
    public func summary(_ wording: Wording) -> [String] {
        func oneDecimal(_ milliseconds: Double) -> MessageArgument { .text(BenchReport.number(milliseconds, 1, wording)) }
        let picture = Message(.benchModelPicture, [
            "synthetic": .text(image.hasPrefix("synthetic") ? "yes" : "no"), "image": .text(URL(fileURLWithPath: image).lastPathComponent),
            "width": .integer(imageWidth), "height": .integer(imageHeight),
        ])
        return sizes.map {
            wording(.benchModelSize, [
                "size": .integer($0.inputSize), "median": oneDecimal($0.forwardMedian), "forwards": .integer($0.forwards),
                "p90": oneDecimal($0.forwardP90), "threads": .integer(threads), "fast": .text(layers == "fast" ? "yes" : "no"),
                "layers": .text(layers),
            ])
        } + [wording(.benchModelRun, [
            "model": .text(URL(fileURLWithPath: model).lastPathComponent), "picture": .message(picture),
            "warmUp": .integer(warmUpForwards), "cores": .integer(machine.cores), "cpu": .text(machine.cpuModel),
            "version": .text(sensecamVersion),
        ])]
    }
}
