// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `--captions` on a recording, read back by ffmpeg's own subtitle demuxers: every moment
/// narrated is one cue starting at that moment's stream time, and cues never overlap.
@Suite(.serialized) struct CaptionTrackEndToEndTests {
    static let ffprobe = URL(fileURLWithPath: "/usr/bin/ffprobe")

    @Test(.needsTestData("video/scenes-coco"), arguments: ["vtt", "srt"])
    func captionsParseBackWithTheEventTimes(format: String) throws {
        let video = try SharedTestData.path("video/scenes-coco.mp4")
        try withTemporaryFolder { folder in
            let captions = folder.appendingPathComponent("narration.\(format)").path
            let run = try SensecamProcess.run(["aware", "--video", video, "--every-frame", "--output", "jsonl",
                                               "--captions", captions], timeout: 300)
            #expect(run.status == 0, "\(run.stderr)")
            // The moments narrated, from the JSON events (all but progress are captions).
            var moments: [Double] = []
            for line in run.stdout.split(separator: "\n") {
                guard let data = line.data(using: .utf8),
                      let event = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let time = event["t"] as? Double, event["kind"] as? String != "progress" else { continue }
                if moments.last != time { moments.append(time) }
            }
            #expect(moments.count >= 3, "too few events to check: \(run.stdout)")

            let probe = try SensecamProcess.run(["-v", "error", "-show_entries", "packet=pts_time,duration_time",
                                                 "-of", "csv=p=0", captions], program: Self.ffprobe)
            #expect(probe.status == 0, "ffprobe could not read the \(format) track: \(probe.stderr)")
            let cues = probe.stdout.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }
            #expect(cues.count == moments.count, "\(cues.count) cues for \(moments.count) narrated moments")
            for (cue, moment) in zip(cues, moments) {
                #expect(abs(cue[0] - moment) < 0.0015, "cue at \(cue[0]) s for an event at \(moment) s")
                #expect(cue[1] > 0)
            }
            for (cue, next) in zip(cues, cues.dropFirst()) {
                #expect(cue[0] + cue[1] <= next[0] + 0.0015, "cues overlap: \(cue) and \(next)")
            }
        }
    }

    @Test func captionsNeedAVideoAndAKnownExtension() throws {
        let withoutVideo = try SensecamProcess.run(["aware", "--captions", "out.vtt"])
        #expect(withoutVideo.status == 64)
        #expect(withoutVideo.stderr.hasPrefix("Error: '--captions' applies only to --video."))
        let video = try SharedTestData.path("video/scenes-coco.mp4")
        let badName = try SensecamProcess.run(["aware", "--video", video, "--captions", "out.txt"])
        #expect(badName.status == 64)
        #expect(badName.stderr.hasPrefix("Error: '--captions' must be a file name ending in .vtt or .srt; got 'out.txt'."))
    }
}
