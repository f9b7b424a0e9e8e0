// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The truth of a rendered video, frame by frame, from its `.frames.jsonl`: one JSON object a
/// line, in the schema of the shared `video/scenes-coco.frames.jsonl` and of what
/// `bench/busy_scenes_video.py` writes.
struct VideoTruth: Decodable {
    struct Object: Decodable, Equatable {
        /// The COCO name, as `detect/coco-val/classes.yaml` spells it ("person", "dining table").
        var label: String
        /// [x, y, width, height] in frame pixels, clipped to the frame.
        var box: [Double]
    }

    struct Frame: Decodable {
        /// 0 for the video's first frame.
        var frame: Int
        /// Presentation time, seconds (rounded to the millisecond).
        var t: Double
        /// 0 for the first scene; scenes follow each other by hard cuts.
        var scene: Int
        /// The still the scene is rendered from ("000000005586.jpg").
        var image: String
        /// What is in view, at least 2 px of it; objects pushed out of the frame are left out.
        var objects: [Object]
    }

    var frames: [Frame]

    init(frames: [Frame]) {
        self.frames = frames
    }

    /// Reads a `.frames.jsonl`; a line that does not decode fails naming the file and the line.
    init(contentsOf url: URL) throws {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
        let decoder = JSONDecoder()
        frames = try lines.enumerated().map { number, line in
            do { return try decoder.decode(Frame.self, from: Data(line.utf8)) } catch {
                throw TestResources.Missing(description: "Line \(number + 1) of \(url.path) is not a truth frame: \(error).")
            }
        }
    }

    /// The frames of each scene, in scene order.
    var scenes: [(scene: Int, frames: [Frame])] {
        Dictionary(grouping: frames, by: \.scene).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `$SENSECAM_BUSY_VIDEO` (relative paths from the package root), else what `make busy-video`
    /// renders; the truth is the `.frames.jsonl` beside the video.
    static var busyVideoLocation: URL {
        let path = ProcessInfo.processInfo.environment["SENSECAM_BUSY_VIDEO"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ".build/busy-scenes/busy-coco.mp4"
        return URL(fileURLWithPath: path, relativeTo: TestResources.packageRoot).standardizedFileURL
    }

    /// The busy-scene video (crowds and rows: the COCO stills with at least 5 instances of one
    /// kind) and its truth. Its absence is a failure that says how to make it.
    static func busyScenes() throws -> (video: URL, truth: VideoTruth) {
        try TestResources.requireSets("detect/coco-val")  // what it is rendered from
        let video = busyVideoLocation
        let truth = video.deletingPathExtension().appendingPathExtension("frames.jsonl")
        for url in [video, truth] where !FileManager.default.fileExists(atPath: url.path) {
            throw TestResources.Missing(description: "Render the busy-scene video first with 'make busy-video' (\(url.path) is missing).")
        }
        return (video, try VideoTruth(contentsOf: truth))
    }
}
