// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The busy-scene video `make busy-video` renders (bench/busy_scenes_video.py) against its own
/// truth: the narration's crowd and row figures are only as good as this set. Serialized: while
/// a video decodes, the C shim points stderr at /dev/null, and a neighbour's report would be lost.
@Suite("Busy-scene video and its truth", .serialized) struct BusySceneVideoTests {
    /// The coco-val stills with at least `minimumOfOneKind` instances of one class.
    static let sceneCount = 21
    static let minimumOfOneKind = 5
    /// The push-in the script renders, as scenes-coco.mp4 has it: 5 % a second at 15 fps.
    static let zoomPerSecond = 0.05
    static let framesPerSecond = 15.0

    @Test func videoHasAFrameForEveryTruthLineAtItsTime() throws {
        let (video, truth) = try VideoTruth.busyScenes()
        let source = try VideoFile(path: video.path)
        #expect(source.frameCount == truth.frames.count, "the container states one frame per truth line")
        var decoded = 0
        while let frame = try source.nextFrame() {
            if decoded < truth.frames.count {
                #expect(abs(frame.timestamp.seconds - truth.frames[decoded].t) < 0.002, "frame \(decoded) is at its truth time")
            }
            #expect(frame.image.width == 1280 && frame.image.height == 720)
            decoded += 1
        }
        #expect(decoded == truth.frames.count)
        #expect(truth.frames.map(\.frame) == Array(0..<truth.frames.count), "truth lines are the frames in order")
    }

    @Test func everySceneIsACrowdOrARowPushedInInsideTheFrame() throws {
        let truth = try VideoTruth.busyScenes().truth
        let scenes = truth.scenes
        #expect(scenes.map(\.scene) == Array(0..<Self.sceneCount))
        #expect(Set(scenes.map { $0.frames[0].image }).count == Self.sceneCount, "one still a scene")
        for frame in truth.frames {
            for object in frame.objects {
                let box = object.box
                #expect(box.count == 4 && box[0] >= 0 && box[1] >= 0 && box[2] > 0 && box[3] > 0
                        && box[0] + box[2] <= 1280.05 && box[1] + box[3] <= 720.05,
                        "frame \(frame.frame): \(object.label) \(box) lies inside the frame")
            }
        }
        for (scene, frames) in scenes {
            let first = frames[0], last = frames[frames.count - 1]
            #expect(Set(frames.map(\.image)) == [first.image], "scene \(scene) is one still")
            let counts = Dictionary(grouping: first.objects, by: \.label).mapValues(\.count)
            #expect((counts.values.max() ?? 0) >= Self.minimumOfOneKind, "scene \(scene) (\(first.image)) starts with \(counts)")

            // Push-in on the centre: a box wholly inside the last frame was wholly inside the
            // first one too, and is that box scaled about the frame centre by the zoom.
            let zoom = 1 + Self.zoomPerSecond * Double(last.frame - first.frame) / Self.framesPerSecond
            let inside = last.objects.filter { inFrame($0.box) }
            #expect(!inside.isEmpty, "scene \(scene) keeps something wholly in view to the end")
            for object in inside {
                let candidates = first.objects.filter { $0.label == object.label && inFrame($0.box) }
                let error = { (box: [Double]) in zip(scaled(box, by: zoom), object.box).map { abs($0 - $1) }.max() ?? .infinity }
                let origin = candidates.min { error($0.box) < error($1.box) }
                #expect(origin.map { error($0.box) } ?? .infinity < 0.5,
                        "scene \(scene): \(object.label) \(object.box) on the last frame is a first-frame box grown by \(zoom)")
                if let origin {
                    #expect(origin.box[2] * origin.box[3] < object.box[2] * object.box[3], "scene \(scene): \(object.label) grew")
                }
            }
        }
    }

    /// The truth is a function of the script and the shared images alone: rendered again
    /// (`--truth-only`, which skips the video) it is byte for byte the truth beside the video.
    @Test func truthIsWhatTheScriptMakesAgain() throws {
        let (video, _) = try VideoTruth.busyScenes()
        let rendered = try Data(contentsOf: video.deletingPathExtension().appendingPathExtension("frames.jsonl"))
        try TestResources.withTemporaryDirectory { directory in
            let again = directory.appendingPathComponent("again.mp4")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", TestResources.packageRoot.appendingPathComponent("bench/busy_scenes_video.py").path,
                                 "--truth-only", again.path]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            do { try process.run() } catch {
                throw TestResources.Missing(description: "python3 could not be run (\(error)); install it with 'make setup'.")
            }
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "busy_scenes_video.py --truth-only: \(message)")
            let made = try Data(contentsOf: directory.appendingPathComponent("again.frames.jsonl"))
            #expect(made == rendered, "the rendered truth is stale or not deterministic; run 'make busy-video' again")
        }
    }

    private func inFrame(_ box: [Double]) -> Bool {
        box[0] > 0 && box[1] > 0 && box[0] + box[2] < 1280 && box[1] + box[3] < 720
    }

    /// `box` scaled by `zoom` about the centre of a 1280x720 frame.
    private func scaled(_ box: [Double], by zoom: Double) -> [Double] {
        [640 + (box[0] - 640) * zoom, 360 + (box[1] - 360) * zoom, box[2] * zoom, box[3] * zoom]
    }
}
