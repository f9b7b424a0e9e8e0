// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Glibc
import Perception
import Testing

/// A speech-dispatcher that answers what is not SSIP, as a user meets it: the run keeps going,
/// says once that it cannot speak, prints the narration and ends with 69, the status of a server
/// that failed whenever it failed (before, libspeechd printed "Fatal error (libspeechd)
/// [libspeechd.c:1977]:Internal error during communication." and exited 1 with no narration).
/// A speech-dispatcher that is not running at all is no failure: 0.
@Suite(.serialized)
struct SpeechMisbehaviourEndToEndTests {
    static let patience: TimeInterval = 40
    static let sentence = "Bright light, mostly from the left."
    static let cannotSpeakAtStart =
        "Cannot speak: speech-dispatcher is not answering and espeak-ng could not start (espeak-ng found no sound device); printing the narration instead."
    static let stoppedMidRun = "Speech-dispatcher stopped and espeak-ng could not start; printing the narration instead."

    static func light(in folder: URL, environment: [String: String?]) throws -> SensecamRun {
        let path = try LightAndColourEndToEndTests.litFromTheLeft(in: folder)
        return try SensecamProcess.run(["light", path, "--output", "speech"], environment: environment, timeout: patience)
    }

    /// A bad reply to a setting (the first SET, the client's name): speech never starts.
    @Test(arguments: [MisbehavingSpeechServer.Misbehaviour.code050, .garbage, .close, .truncated, .hugeLine])
    func aBadReplyToASettingPrintsTheNarrationAndEnds69(misbehaviour: MisbehavingSpeechServer.Misbehaviour) throws {
        try withTemporaryFolder { tmp in
            let server = try MisbehavingSpeechServer(misbehaviour, at: "SET")
            defer { server.stop() }
            let run = try Self.light(in: tmp, environment: ["SPEECHD_ADDRESS": server.address])
            #expect(server.triggered(), "the run never reached the server")
            #expect(run.status == 69, "\(run)")
            #expect(run.stdoutLines == [Self.sentence], "\(run)")
            #expect(run.stderrLines == [Self.cannotSpeakAtStart], "\(run)")
        }
    }

    /// A bad reply to SPEAK: the switch is said once, the sentence is printed, and the status
    /// is the same 69 as for a failure at the start.
    @Test(arguments: [MisbehavingSpeechServer.Misbehaviour.code050, .garbage, .close, .truncated, .hugeLine])
    func aBadReplyToSpeakPrintsTheNarrationAndEnds69(misbehaviour: MisbehavingSpeechServer.Misbehaviour) throws {
        try withTemporaryFolder { tmp in
            let server = try MisbehavingSpeechServer(misbehaviour, at: "SPEAK")
            defer { server.stop() }
            let run = try Self.light(in: tmp, environment: ["SPEECHD_ADDRESS": server.address])
            #expect(server.triggered(), "the run never sent a text")
            #expect(run.status == 69, "\(run)")
            #expect(run.stdoutLines == [Self.stoppedMidRun, Self.sentence], "\(run)")
            #expect(run.stderr == "", "\(run)")
        }
    }

    /// The picture the issue found it with: `aware` on a photo, "050" to SPEAK.
    @Test func awareWithA050ReplyPrintsTheNarration() throws {
        try SensecamProcess.requireModel()
        let path = try SharedTestData.path("detect/coco-val/images/000000000139.jpg")
        let expected = try SensecamProcess.run(["aware", path], timeout: Self.patience).stdoutLines
        let server = try MisbehavingSpeechServer(.code050, at: "SPEAK")
        defer { server.stop() }
        let run = try SensecamProcess.run(["aware", path, "--output", "speech"], environment: ["SPEECHD_ADDRESS": server.address],
                                          timeout: Self.patience)
        #expect(run.status == 69, "\(run)")
        #expect(run.stdoutLines == [Self.stoppedMidRun] + expected, "\(run)")
        #expect(!run.stdout.contains("Fatal error"), "\(run)")
    }

    /// No server, and none can be started ($SPEECHD_CMD is a program that fails): not a failure.
    @Test func noServerAtAllIsNoFailure() throws {
        try withTemporaryFolder { tmp in
            let run = try Self.light(in: tmp, environment: ["SPEECHD_ADDRESS": "unix_socket:" + tmp.path + "/none.sock",
                                                           "SPEECHD_CMD": "/bin/false"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdoutLines == [Self.sentence], "\(run)")
            #expect(run.stderrLines == [
                "Cannot speak: speech-dispatcher is not running and espeak-ng could not start (espeak-ng found no sound device); printing the narration instead.",
            ], "\(run)")
        }
    }
}
