// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Glibc
import Perception
import Testing

/// Ctrl-C (SIGINT) as a person at the terminal means it: stop now. Whatever was being said is
/// cut at once, "Stopped." is said, and the run ends with status 130 (128 + SIGINT, as a shell
/// reports a program the signal ended), in a picture read aloud, a video narrated and a batch,
/// whose records stay whole so that `--resume` goes on from them.
@Suite(.serialized)
struct InterruptEndToEndTests {
    static let page = "ocr/documents/deposition_01.png"

    /// Waits (at most `timeout` seconds) until `condition` holds.
    static func wait(timeout: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }

    /// A page read aloud through a real speech-dispatcher, each sentence taking a second to say:
    /// Ctrl-C while the first is said cuts it and drops the rest, then "Stopped." is said.
    @Test func ctrlCWhileAPageIsReadAloudSilencesItAndSaysStopped() throws {
        let server = try SpeechDispatcherServer(secondsPerMessage: 1)
        defer { server.stop() }
        let running = try SensecamProcess.start(["read", try SharedTestData.path(Self.page), "--engine", "page", "--profile", "blind"],
                                                environment: ["SPEECHD_ADDRESS": server.address])
        let speaking = Self.wait(timeout: 90) { server.messages().contains { $0.state == .speaking } }
        #expect(speaking, "no sentence of the page was being said")
        kill(running.pid, SIGINT)
        let run = try running.wait(timeout: 30)
        #expect(run.status == Interruption.exitStatus, "\(run)")
        // "Stopped." is the last thing said, and of the page's many sentences only the one being
        // said (and at most one that had just begun) was begun at all.
        let stopped = Self.wait(timeout: 5) { server.spoken().last == "Stopped." }
        let spoken = server.spoken()
        #expect(stopped, "\(spoken)")
        #expect(spoken.filter { $0 != "Stopped." }.count <= 2, "\(spoken)")
        #expect(server.messages().contains { $0.state == .cancelled }, "the sentence being said was not cut: \(server.messages())")
    }

    /// A video narrated as it plays: Ctrl-C ends it at once with status 130 after "Stopped.",
    /// not with 0 as if it had played to its end.
    @Test(.needsTestData("video/scenes-coco"), arguments: [("en", "Stopped."), ("de", "Abgebrochen."), ("fr", "Arrêté."), ("es", "Detenido.")])
    func ctrlCEndsAVideoWithStatus130(language: String, stopped: String) throws {
        try SensecamProcess.requireModel()
        let video = try SharedTestData.path("video/scenes-coco.mp4")
        try withTemporaryFolder { folder in
            let captions = folder.appendingPathComponent("said.vtt").path
            let running = try SensecamProcess.start(["aware", "--video", video, "--captions", captions, "--language", language])
            // Once the first sentence is said, the run is well under way.
            let said = Self.wait(timeout: 60) { ((try? String(contentsOfFile: captions, encoding: .utf8)) ?? "").contains("-->") }
            #expect(said, "nothing was said")
            let started = Date()
            kill(running.pid, SIGINT)
            let run = try running.wait(timeout: 30)
            #expect(run.status == Interruption.exitStatus, "\(run)")
            #expect(run.stderrLines.last == stopped, "\(run)")
            #expect(Date().timeIntervalSince(started) < 5, "it took \(Date().timeIntervalSince(started)) s to stop")
            #expect(!run.stdoutLines.isEmpty, "what was said before Ctrl-C stays: \(run)")
        }
    }

    /// A batch stopped by Ctrl-C: one sentence saying how to go on, status 130, every line of its
    /// records file a whole record; `--resume` then does the rest, every image once.
    @Test func ctrlCStopsABatchThatResumeFinishes() throws {
        try SensecamProcess.requireModel()
        let images = try SharedTestData.path("detect/coco-val/images")
        let names = try FileManager.default.contentsOfDirectory(atPath: images).filter { $0.hasSuffix(".jpg") }.sorted().prefix(60)
        try withTemporaryFolder { folder in
            let inputs = folder.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
            for name in names {
                try FileManager.default.createSymbolicLink(atPath: inputs.appendingPathComponent(name).path,
                                                           withDestinationPath: images + "/" + name)
            }
            let out = folder.appendingPathComponent("records.jsonl").path
            let arguments = ["batch", "--mode", "aware", "--jobs", "2", "--out", out, inputs.path]
            let running = try SensecamProcess.start(arguments)
            let begun = Self.wait(timeout: 60) { ((try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data()).contains(UInt8(ascii: "\n")) }
            #expect(begun, "no record was written")
            kill(running.pid, SIGINT)
            let run = try running.wait(timeout: 30)
            #expect(run.status == Interruption.exitStatus, "\(run)")
            #expect(run.stderrLines.last == "Stopped; to go on from here, run the same command with --resume.", "\(run)")
            let kept = try String(contentsOfFile: out, encoding: .utf8)
            #expect(kept.hasSuffix("\n"), "the last record is whole")
            let lines = kept.split(separator: "\n")
            #expect(lines.count < names.count, "the batch was stopped before its end: \(lines.count) records")
            #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any] }, "\(kept)")

            let resumed = try SensecamProcess.run(arguments + ["--resume"], timeout: 300)
            #expect(resumed.status == 0, "\(resumed)")
            let records = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
            let sources = records.compactMap { $0["source"] as? String }
            #expect(sources.count == names.count && Set(sources).count == names.count, "\(sources.count) records, \(Set(sources).count) inputs")
        }
    }

    /// Pages being read when Ctrl-C comes are let go before the batch ends; a second Ctrl-C
    /// does not wait for them, and the records are still whole.
    @Test func aSecondCtrlCEndsABatchAtOnce() throws {
        let pages = try SharedTestData.path("ocr/documents")
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("pages.jsonl").path
            let running = try SensecamProcess.start(["batch", "--mode", "read", "--jobs", "2", "--out", out, pages])
            let begun = Self.wait(timeout: 120) { ((try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data()).contains(UInt8(ascii: "\n")) }
            #expect(begun, "no record was written")
            kill(running.pid, SIGINT)
            Thread.sleep(forTimeInterval: 0.2)
            let second = Date()
            kill(running.pid, SIGINT)
            let run = try running.wait(timeout: 30)
            #expect(run.status == Interruption.exitStatus, "\(run)")
            #expect(Date().timeIntervalSince(second) < 2, "the second Ctrl-C took \(Date().timeIntervalSince(second)) s")
            #expect(run.stderrLines == ["Stopped; to go on from here, run the same command with --resume."], "\(run)")
            let kept = try String(contentsOfFile: out, encoding: .utf8)
            #expect(kept.hasSuffix("\n") && kept.split(separator: "\n").allSatisfy {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any]
            }, "\(kept)")
        }
    }
}
