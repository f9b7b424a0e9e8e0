// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing

/// A speech-dispatcher that hangs (a headless machine's, which took connections after failing
/// to open its sound device and answered nothing) as a user meets it: the run still ends in a
/// few seconds, says once that it cannot speak, and prints the narration instead; and it ends
/// with 69, whether the server hung from the start or mid-run (one rule for a failed server). Each run is
/// killed after `patience`, so that a run that hangs fails the test instead of the suite.
@Suite(.serialized)
struct SpeechHangEndToEndTests {
    /// The acceptance: a never-answering server costs the run well under ten seconds.
    static let allowed = 10.0
    static let patience: TimeInterval = 40

    /// What each command prints with no speech at all: what the hanging runs must print.
    static func baseline(_ arguments: [String]) throws -> [String] {
        let run = try SensecamProcess.run(arguments, timeout: patience)
        #expect(run.status == 0, "\(run)")
        #expect(!run.stdoutLines.isEmpty, "\(run)")
        return run.stdoutLines
    }

    /// `sensecam ARGUMENTS` with speech-dispatcher at `address`, timed.
    static func timedRun(_ arguments: [String], address: String) throws -> (run: SensecamRun, seconds: Double) {
        let start = Date()
        let run = try SensecamProcess.run(arguments, environment: ["SPEECHD_ADDRESS": address], timeout: patience)
        return (run, Date().timeIntervalSince(start))
    }

    static func photo() throws -> String {
        try SharedTestData.path("detect/coco-val/images/000000000139.jpg")
    }

    @Test(.needsTestData("detect/coco-val"), arguments: [["--output", "speech"], ["--profile", "blind"]])
    func awareWithAServerThatNeverAnswersPrintsTheNarration(speech: [String]) throws {
        try SensecamProcess.requireModel()
        let path = try Self.photo()
        let expected = try Self.baseline(["aware", path])
        let server = try HangingSpeechServer(.silent)
        defer { server.stop() }
        let (run, seconds) = try Self.timedRun(["aware", path] + speech, address: server.address)
        #expect(seconds < Self.allowed, "the run took \(seconds) s: \(run)")
        #expect(run.status == 69, "\(run)")
        #expect(run.stdoutLines == expected, "\(run)")
        #expect(run.stderrLines == [
            "Cannot speak: speech-dispatcher is not answering and espeak-ng could not start (espeak-ng found no sound device); printing the narration instead.",
        ], "\(run)")
        #expect(server.connectionCount() >= 1, "the run never reached the server")
    }

    /// The reason espeak-ng could not start is the user's language too, not the library's English.
    @Test func theReasonSpeechFailedIsInTheLanguageAsked() throws {
        try withTemporaryFolder { tmp in
            let path = try LightAndColourEndToEndTests.litFromTheLeft(in: tmp)
            let server = try HangingSpeechServer(.silent)
            defer { server.stop() }
            let (run, _) = try Self.timedRun(["light", path, "--output", "speech", "--language", "de"], address: server.address)
            #expect(run.status == 69, "\(run)")
            #expect(run.stderrLines.count == 1 && run.stderrLines[0].contains("(espeak-ng hat kein Audiogerät gefunden)")
                    && !run.stderrLines[0].contains("found"), "\(run)")
        }
    }

    @Test func lightWithAServerThatNeverAnswersPrintsTheSentence() throws {
        try withTemporaryFolder { tmp in
            let path = try LightAndColourEndToEndTests.litFromTheLeft(in: tmp)
            let server = try HangingSpeechServer(.silent)
            defer { server.stop() }
            let (run, seconds) = try Self.timedRun(["light", path, "--output", "speech"], address: server.address)
            #expect(seconds < Self.allowed, "the run took \(seconds) s: \(run)")
            #expect(run.status == 69, "\(run)")
            #expect(run.stdoutLines == ["Bright light, mostly from the left."], "\(run)")
            #expect(run.stderrLines == [
                "Cannot speak: speech-dispatcher is not answering and espeak-ng could not start (espeak-ng found no sound device); printing the narration instead.",
            ], "\(run)")
        }
    }

    /// A server that answered at first (the handshake, the first sentence) and then hung: the
    /// switch is said once, and every sentence is printed, the first too (never reported said);
    /// the run ends with 69, as one that lost a channel on the way does.
    @Test func awareWithAServerThatStopsAnsweringMidRunPrintsTheRest() throws {
        try SensecamProcess.requireModel()
        let path = try Self.photo()
        let expected = try Self.baseline(["aware", path])
        let server = try HangingSpeechServer(.silentAfterFirstMessage)
        defer { server.stop() }
        let (run, seconds) = try Self.timedRun(["aware", path, "--output", "speech"], address: server.address)
        #expect(seconds < Self.allowed, "the run took \(seconds) s: \(run)")
        #expect(run.status == 69, "\(run)")
        #expect(server.queued().count == 1, "the server took \(server.queued())")
        #expect(run.stdoutLines == ["Speech-dispatcher stopped and espeak-ng could not start; printing the narration instead."] + expected,
                "\(run)")
        #expect(run.stderr == "", "\(run)")
    }
}
