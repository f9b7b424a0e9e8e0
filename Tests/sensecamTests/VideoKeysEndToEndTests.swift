// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing

import Options
@testable import sensecam

/// The keys of a recording played from a terminal, end to end: the first sentence lists only
/// the keys that act in the run, a key that does not act says why not, and once the video has
/// ended the run stays open for the review keys until q. Inside `TerminalModeTests` because a
/// terminal in cbreak mode is process-wide (see LiveKeysEndToEndTests).
extension KeyboardTests.TerminalModeTests {
    @Suite struct VideoKeysEndToEndTests {
        /// 3 seconds at its own pace: a person, then the end of the video.
        static let clip = "video/walk.mkv"

        /// Never opened: the frames come from the file.
        static func unusedCamera() throws -> InjectedCamera {
            try InjectedCamera(recording: SharedTestData.path(clip), formats: [.mjpeg()], maxSourceFrames: 1)
        }

        static let notForVideo = "Not available for a video."

        /// Types `keys` as soon as the run has said its keys (the video is playing by then),
        /// and returns the keys sentence.
        static func keysSaid(_ live: InProcessLive) throws -> String {
            let said = live.wait { live.stderrLines.contains { $0.hasPrefix("Keys:") } }
            try #require(said, "no keys sentence: \(live.stderrLines)")
            return try #require(live.stderrLines.first { $0.hasPrefix("Keys:") })
        }

        /// Awareness on a video has no mode to switch to and reads nothing: `r` and `m` are not
        /// offered, and each says so when pressed (before, both were listed and silent). `+`
        /// past the most detailed wording says so, and a key no command has says so once
        /// however often it comes (before, `+` said "Detailed descriptions." again and `x` nothing).
        @Test func awarenessVideoOffersOnlyKeysThatAct() throws {
            try SensecamProcess.requireModel()
            let live = try InProcessLive(["aware", "--video", try SharedTestData.path(Self.clip), "--output", "jsonl",
                                          "--model", SensecamProcess.modelPath], camera: try Self.unusedCamera())
            defer {
                live.type("q")
                _ = live.exitStatus()
            }
            let keys = try Self.keysSaid(live)
            #expect(keys == "Keys: space repeat, d describe, plus or minus verbosity, p pause, q quit, h more keys.")
            // Once something was said, so the repeat key has something to repeat.
            #expect(live.wait(seconds: 20) { live.events.contains { $0["kind"] as? String == "objects" } }, "\(live.stdoutLines)")
            live.type("rmh")
            #expect(live.wait(seconds: 10) { live.stderrLines.filter { $0 == Self.notForVideo }.count == 2 }, "\(live.stderrLines)")
            #expect(live.wait(seconds: 10) {
                live.stderrLines.contains("Keys: space repeat, d describe, plus or minus verbosity, p pause, q quit, h again for the review keys.")
            }, "\(live.stderrLines)")
            live.type("++")
            let verbosity = { live.events.compactMap { $0["text"] as? String }.filter { $0.hasSuffix("descriptions.") } }
            #expect(live.wait(seconds: 10) { verbosity().count == 2 }, "\(live.stdoutLines)")
            #expect(verbosity() == ["Detailed descriptions.", "Already the most detailed descriptions."])
            live.type("xxxxx")
            let unknown = "The x key does nothing here; h lists the keys."
            #expect(live.wait(seconds: 10) { live.stderrLines.contains(unknown) }, "\(live.stderrLines)")
            Thread.sleep(forTimeInterval: 1)
            #expect(live.stderrLines.filter { $0 == unknown }.count == 1, "\(live.stderrLines)")
        }

        /// Reading a video reads (`r`), but describes nothing, switches no mode and has no
        /// verbosity: `d`, `m`, `+` and `-` each say so (before, all four were silent).
        @Test func readingVideoKeysThatDoNotActSaySo() throws {
            let live = try InProcessLive(["read", "--video", try SharedTestData.path(Self.clip), "--output", "jsonl"],
                                         camera: try Self.unusedCamera())
            defer {
                live.type("q")
                _ = live.exitStatus()
            }
            let keys = try Self.keysSaid(live)
            live.type("dm+-")
            #expect(keys == "Keys: space repeat, r read, p pause, q quit, h more keys.")
            #expect(live.wait(seconds: 10) { live.stderrLines.filter { $0 == Self.notForVideo }.count == 4 }, "\(live.stderrLines)")
        }

        /// After "End of video." the run waits for q, with the review keys working: `1` says what
        /// was said before the newest, `3` the newest, the character keys step through it with
        /// the space by name, `s` spells its word in one answer and `a` reads on, every line
        /// marked as the review's. Each live key answers for itself: `d` describes the video's
        /// last picture (said as that, twice alike), space repeats, `+` says the video has
        /// ended, `r` that it never acted on a video; `h` lists what acts now, a second `h` the
        /// review keys. Before, the space, `d`, `r`, `m` and `+` all said the end sentence again,
        /// spelling printed a line a letter and reading on marked only its first line.
        @Test func aVideoStaysOpenForReviewUntilQ() throws {
            try SensecamProcess.requireModel()
            let live = try InProcessLive(["aware", "--video", try SharedTestData.path(Self.clip), "--output", "jsonl",
                                          "--model", SensecamProcess.modelPath], camera: try Self.unusedCamera())
            defer {
                live.type("q")
                _ = live.exitStatus()
            }
            try #require(live.wait(seconds: 60) { live.events.contains { $0["text"] as? String == "End of video." } },
                         "\(live.stderrLines) \(live.stdoutLines)")
            #expect(live.exitStatus(within: 1.5) == nil, "the run ended without waiting for q")
            let ended = "The video has ended; review keys work until you press q."
            #expect(live.wait(seconds: 10) { live.stderrLines.contains(ended) }, "\(live.stderrLines)")
            let said = live.events.filter { !["progress", "cue"].contains($0["kind"] as? String) }.compactMap { $0["text"] as? String }
            try #require(said.last == "End of video." && said.count >= 2, "\(said)")

            func answers(after keys: String, count: Int) -> [String] {
                let before = live.stderrLines.count
                live.type(keys)
                _ = live.wait(seconds: 10) { live.stderrLines.count >= before + count }
                return Array(live.stderrLines.dropFirst(before))
            }
            #expect(answers(after: "1", count: 1) == ["Review: \(said[said.count - 2])"])
            #expect(answers(after: "3", count: 1) == ["Review: End of video."])
            #expect(answers(after: "nnnv", count: 4) == ["Review: n", "Review: d", "Review: space", "Review: d"])
            #expect(answers(after: "s", count: 1) == ["Review: capital E, n, d"])
            #expect(answers(after: "1", count: 1) == ["Review: \(said[said.count - 2])"])
            #expect(answers(after: "a", count: 2) == ["Review: \(said[said.count - 2])", "Review: End of video."])
            #expect(answers(after: "+", count: 1) == ["No longer available; the video has ended."])
            #expect(answers(after: "r", count: 1) == [Self.notForVideo])
            #expect(answers(after: "h", count: 1) == ["Keys: space repeat, d describe, q quit, h again for the review keys."])
            let review = answers(after: "h", count: 1)
            #expect(review.count == 1 && review[0].hasPrefix("To go back over what was said: 1 and 3") && !review[0].contains("7 and 9"),
                    "\(review)")

            // Space says the last thing again, as narration; d looks at the last picture.
            let texts = { live.events.filter { !["progress", "cue"].contains($0["kind"] as? String) }.compactMap { $0["text"] as? String } }
            live.type(" ")
            #expect(live.wait(seconds: 10) { texts().filter { $0 == "End of video." }.count == 2 }, "\(texts())")
            let lastPicture = { texts().filter { $0.hasPrefix("Last picture of the video. ") } }
            live.type("d")
            #expect(live.wait(seconds: 20) { lastPicture().count == 1 }, "\(texts().suffix(3))")
            live.type("d")
            #expect(live.wait(seconds: 20) { lastPicture().count == 2 }, "\(texts().suffix(3))")
            let nothing = ObjectSentences(wording: .english).nothingConfident
            #expect(lastPicture().allSatisfy { $0.contains(". In view: ") || $0.hasSuffix(nothing) }, "\(lastPicture())")
            #expect(Set(lastPicture()).count == 1, "the same picture described differently: \(lastPicture())")
            #expect(live.stderrLines.filter { $0 == ended }.count == 1, "\(live.stderrLines)")
            live.type("q")
            #expect(live.exitStatus(within: 10) == 0, "\(live.stderrLines)")
        }
    }
}
