// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Synchronization
import Testing
@testable import Perception
@testable import Modes
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A live session end to end inside the process: the injected camera at 30 fps, the real
/// detector, the real-time engine; camera faults become status events in order, keys are
/// carried out between frames, and everything is released at the end.
@Suite(.serialized) struct LiveSessionTests {
    /// Events as emitted, readable while the engine runs.
    final class Heard: Sendable {
        private let events = Mutex<[NarrationEvent]>([])
        var all: [NarrationEvent] { events.withLock { $0 } }
        var texts: [String] { all.map(\.text) }
        func add(_ event: NarrationEvent) { events.withLock { $0.append(event) } }

        /// Waits (up to `seconds`) until an event satisfies `condition`.
        func wait(seconds: Double = 10, for condition: (NarrationEvent) -> Bool) -> NarrationEvent? {
            let deadline = MonotonicClock.now().adding(seconds: seconds)
            while MonotonicClock.now() < deadline {
                if let event = all.last(where: condition) { return event }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }
    }

    /// Runs the engine on a thread of its own; `finished` waits for its statistics.
    final class Running: Sendable {
        let engine: StreamEngine
        let heard = Heard()
        private let done = DispatchSemaphore(value: 0)
        private let outcome = Mutex<Result<StreamStatistics, any Error>?>(nil)

        init(_ engine: StreamEngine) {
            self.engine = engine
            Thread { [self] in
                let result = Result { try engine.run { self.heard.add($0) } }
                outcome.withLock { $0 = result }
                done.signal()
            }.start()
        }

        func finished(within seconds: Double = 15) throws -> StreamStatistics? {
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return try outcome.withLock { $0 }?.get()
        }

        func waitForFrames(_ count: Int, seconds: Double = 20) {
            let deadline = MonotonicClock.now().adding(seconds: seconds)
            while engine.statistics().framesRead < count, MonotonicClock.now() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    static func awareness() throws -> AwarenessStage {
        AwarenessStage(detector: try ObjectDetector(modelPath: TestResources.modelPath()), narrator: AwarenessNarrator(wording: .english),
                       minConfidence: 0.25)
    }

    static func device(faults: [InjectedCamera.Fault] = []) throws -> InjectedCamera {
        try InjectedCamera(recording: TestResources.file("video/scenes-coco.mp4").path, formats: [.mjpeg()],
                           maxSourceFrames: 60, paced: true, faults: faults)
    }

    /// A stage slower than the camera gets the newest frame, the rest are dropped, never
    /// queued; an unplug and its recovery are said in order, between narration of the newest
    /// frames. (The real detector alone now keeps up with 30 fps here, so it is slowed to
    /// 20 fps: the test is about what happens when it cannot keep up, as on a small board.)
    @Test func cameraFaultsBecomeStatusEventsAndFramesAreDroppedNotQueued() throws {
        let device = try Self.device(faults: [.unplug(afterFrames: 30, replugAfter: 1.0)])
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        let stage = SlowedStage(try Self.awareness(), atLeast: 0.05)
        let running = Running(StreamEngine(source: camera, stage: stage, clock: .realTime, wording: .english))
        running.waitForFrames(90)
        running.engine.stop()
        let statistics = try #require(try running.finished(), "the engine did not stop")
        camera.close()

        let texts = running.heard.texts
        let lost = try #require(texts.firstIndex(of: "Camera disconnected. Waiting for it."), "\(texts)")
        let back = try #require(texts.firstIndex(of: "Camera reconnected."), "\(texts)")
        #expect(lost < back)
        #expect(texts.filter { $0.hasPrefix("Camera") }.count == 2, "a fault was said more than once: \(texts)")
        #expect(statistics.framesRead >= 90)
        #expect(statistics.framesDropped > 0, "a stage slower than 30 fps must drop frames")
        #expect(statistics.framesProcessed + statistics.framesDropped <= statistics.framesRead)
        #expect(statistics.frameLatency.count == statistics.framesProcessed)
        #expect(!texts.contains("End of video."), "a camera has no end of video")
        #expect(device.openDescriptorCount == 0 && device.mappedBufferCount == 0)
    }

    /// A stage that fails ends the run with its error, and only after the capture thread has
    /// left the camera, so closing it cannot pull buffers from under a frame being read.
    @Test func aFailingStageEndsTheRunAndFreesTheCamera() throws {
        struct Broken: Error {}
        final class FailingStage: StreamStage {
            var seen = 0
            func observe(_ frame: Frame) throws -> [NarrationEvent] {
                seen += 1
                if seen == 5 { throw Broken() }
                return []
            }
            func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] { [] }
        }
        let device = try Self.device()
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        let engine = StreamEngine(source: camera, stage: FailingStage(), clock: .realTime, wording: .english)
        #expect(throws: Broken.self) { try engine.run { _ in } }
        let reads = device.callCount("VIDIOC_DQBUF")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(device.callCount("VIDIOC_DQBUF") == reads, "the capture thread still reads after run returned")
        camera.close()
        #expect(device.openDescriptorCount == 0 && device.mappedBufferCount == 0)
    }

    /// Keys, in order: pause (no frame processed while paused), resume, describe now,
    /// repeat, more detail, switch to reading and back, quit.
    @Test func commandsAreCarriedOutBetweenFrames() throws {
        let device = try Self.device()
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        let session = LiveSession(mode: .aware, modes: ModeList.all, makers: [
            .aware: { try Self.awareness() }, .read: { DocumentReader(recognizer: try TextRecognizer(), wording: .english) },
            .shortText: { ShortTextReader(reader: try SceneTextReader(), wording: .english) },
        ], wording: .english)
        try session.prepare()
        let running = Running(StreamEngine(source: camera, stage: session, clock: .realTime, wording: .english))
        let engine = running.engine
        let heard = running.heard
        running.waitForFrames(10)

        engine.send(.pauseResume)
        #expect(heard.wait { $0.text == "Paused." } != nil)
        let processedWhenPaused = engine.statistics().framesProcessed
        Thread.sleep(forTimeInterval: 0.6)
        #expect(engine.statistics().framesProcessed == processedWhenPaused, "frames were processed while paused")
        engine.send(.pauseResume)
        #expect(heard.wait { $0.text == "Resumed." } != nil)

        engine.send(.describeNow)
        // One summary in the narrator's words, opening with the place or the light, carrying the objects it names.
        let summary = try #require(heard.wait { $0.kind == .summary }, "describe gave nothing: \(heard.texts)")
        let nothing = ObjectSentences(wording: .english).nothingConfident
        #expect(summary.text.contains(". In view: ") || summary.text.hasSuffix(". " + nothing), "\(summary.text)")
        #expect(summary.objects.isEmpty == summary.text.hasSuffix(nothing), "\(summary)")
        #expect(heard.all.filter { $0.kind == .summary }.count == 1, "describe said more than one summary")
        let before = heard.all.count
        engine.send(.repeatLast)
        #expect(heard.wait { _ in heard.all.count > before }?.text == heard.all[before - 1].text)

        engine.send(.moreVerbose)
        #expect(heard.wait { $0.text == "Detailed descriptions." } != nil)
        engine.send(.switchMode)
        #expect(heard.wait { $0.text == "Reading mode." } != nil)
        #expect(session.mode == .read)
        engine.send(.switchMode)
        #expect(heard.wait { $0.text == "Awareness mode." } != nil)
        #expect(session.mode == .aware)

        engine.send(.quit)
        #expect(try running.finished() != nil, "quit did not end the session")
        camera.close()
        #expect(device.openDescriptorCount == 0)
    }
}

extension LiveSessionTests {
    /// Before the first frame, a switch of mode or verbosity is carried out (it needs no
    /// picture); describing and reading say there is no picture yet.
    @Test func keysBeforeTheFirstFrame() throws {
        let session = LiveSession(mode: .aware, modes: ModeList.all, makers: [
            .aware: { try Self.awareness() }, .read: { DocumentReader(recognizer: try TextRecognizer(), wording: .english) },
            .shortText: { ShortTextReader(reader: try SceneTextReader(), wording: .english) },
        ], wording: .english)
        try session.prepare()
        #expect(try session.perform(.describeNow, on: nil).map(\.text) == ["No picture yet."])
        #expect(try session.perform(.lessVerbose, on: nil).map(\.text) == ["Short descriptions."])
        #expect(try session.perform(.switchMode, on: nil).map(\.text) == ["Reading mode."])
        #expect(session.mode == .read)
        #expect(try session.perform(.readNow, on: nil).map(\.text) == ["No picture yet."])
    }
}

extension LiveSessionTests {
    /// `+` at the most detailed wording and `-` at the shortest say nothing changed (before,
    /// "Detailed descriptions." again, as if it had), in every language.
    @Test func verbosityAtEitherEndSaysSo() throws {
        let session = LiveSession(mode: .aware, modes: ModeList.all, makers: [.aware: { try Self.awareness() }], wording: .english)
        try session.prepare()
        func said(_ commands: [LiveCommand]) throws -> [String] {
            try commands.flatMap { try session.perform($0, on: nil).map(\.text) }
        }
        #expect(try said([.moreVerbose, .moreVerbose, .moreVerbose])
                == ["Detailed descriptions.", "Already the most detailed descriptions.", "Already the most detailed descriptions."])
        #expect(try said([.lessVerbose, .lessVerbose, .lessVerbose, .moreVerbose])
                == ["Normal descriptions.", "Short descriptions.", "Already the shortest descriptions.", "Normal descriptions."])
        for language in Language.allCases {
            let wording = language.wording
            #expect(wording(.awarenessAlreadyMostDetailed) != wording(.awarenessDetailedDescriptions))
            #expect(wording(.awarenessAlreadyShortest) != wording(.awarenessShortDescriptions))
        }
    }
}

/// Takes at least `seconds` for every frame: a stand-in for a detector on a slower machine.
private final class SlowedStage: StreamStage {
    let stage: any StreamStage
    let seconds: Double

    init(_ stage: any StreamStage, atLeast seconds: Double) {
        self.stage = stage
        self.seconds = seconds
    }

    func observe(_ frame: Frame) throws -> [NarrationEvent] {
        let started = MonotonicClock.now()
        let events = try stage.observe(frame)
        let left = seconds - MonotonicClock.now().seconds(since: started)
        if left > 0 { Thread.sleep(forTimeInterval: left) }
        return events
    }

    func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] { stage.finish(at: time, frame: frame) }
}

/// `m` goes through every mode the session can build, starting mode first, and back.
@Suite struct LiveModeCycleTests {
    final class Quiet: StreamStage {
        func observe(_ frame: Frame) throws -> [NarrationEvent] { [] }
        func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] { [] }
    }

    @Test func mReachesScanningLightAndColourAndComesBack() throws {
        let session = LiveSession(mode: .aware, modes: ModeList.all, makers: [
            .aware: { Quiet() }, .read: { Quiet() }, .shortText: { Quiet() }, .scan: { CodeScanner(wording: .english) },
            .light: { LightStage(wording: .english) }, .colour: { ColourStage(wording: .english) },
        ], wording: .english)
        try session.prepare()
        var said: [String] = []
        for _ in 0..<5 { said += try session.perform(.switchMode, on: nil).map(\.text) }
        #expect(said == ["Reading mode.", "Scanning mode.", "Light mode.", "Colour mode.", "Awareness mode."])
        let fromRead = LiveSession(mode: .read, modes: ModeList.all, makers: [.aware: { Quiet() }, .read: { Quiet() }, .scan: { CodeScanner(wording: .english) }],
                                   wording: .english)
        #expect(fromRead.cycle == [.read, .aware, .scan])
        let fromScan = LiveSession(mode: .scan, modes: ModeList.all, makers: [.aware: { Quiet() }, .read: { Quiet() }, .scan: { CodeScanner(wording: .english) }],
                                   wording: .english)
        #expect(fromScan.cycle == [.scan, .aware, .read])
        let fromScanWithAll = LiveSession(mode: .scan, modes: ModeList.all, makers: [
            .aware: { Quiet() }, .read: { Quiet() }, .scan: { CodeScanner(wording: .english) }, .light: { LightStage(wording: .english) }, .colour: { ColourStage(wording: .english) },
        ], wording: .english)
        #expect(fromScanWithAll.cycle == [.scan, .light, .colour, .aware, .read])
    }
}
