// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Modes

/// One network per session: a live session's modes share the detector and its tracker, which
/// loads when the first mode that detects starts, and never again however often `m` is pressed.
/// Loads are counted at the seam that makes the network (`SharedDetection`'s loader).
@Suite(.serialized) struct SharedDetectionTests {
    /// Counts the networks a session's shared detection loads.
    final class CountedLoads: Sendable {
        private let count = Mutex(0)
        var loads: Int { count.withLock { $0 } }

        func detection(_ settings: DetectionSettings) -> SharedDetection {
            SharedDetection {
                self.count.withLock { $0 += 1 }
                return try settings.makeStep()
            }
        }
    }

    /// Settings with the test model.
    static func settings() throws -> SessionSettings {
        SessionSettings(detection: DetectionSettings(modelPath: try TestResources.modelPath()))
    }

    /// Find as `find cup` starts it.
    static let findCup = Mode.finding(FindTarget.resolve(name: "cup", language: .english))

    /// Every mode, find looking for a cup as in a session `find cup` started.
    static let modes = ModeList.all.map { $0 == findCup ? findCup : $0 }

    /// The resident set and its peak, in kB, from /proc/self/status.
    static func residentKilobytes() -> (now: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    /// Every mode of the `m` cycle, twice round from a mode that detects nothing: nothing loads
    /// until awareness starts, then nothing again, finding included.
    @Test func theNetworkLoadsWhenTheFirstModeThatDetectsStartsAndNeverAgain() throws {
        let counted = CountedLoads()
        let settings = try Self.settings()
        let session = try LiveSession(starting: .scan, modes: Self.modes, settings: settings, detection: counted.detection(settings.detection))
        #expect(session.cycle.contains(.aware) && session.cycle.contains(.find), "\(session.cycle)")
        var loadsOnArrival: [String: Int] = [:]
        for _ in 0..<(2 * session.cycle.count) {
            _ = try session.perform(.switchMode, on: nil)
            loadsOnArrival[session.mode.name] = loadsOnArrival[session.mode.name] ?? counted.loads
        }
        #expect(loadsOnArrival["light"] == 0 && loadsOnArrival["colour"] == 0, "\(loadsOnArrival)")
        #expect(loadsOnArrival["aware"] == 1 && loadsOnArrival["find"] == 1, "\(loadsOnArrival)")
        #expect(counted.loads == 1)
    }

    /// Awareness → find → awareness on the injected camera: both modes see frames through the
    /// one network (one load), and the resident memory is reported at each step.
    @Test func awareFindAwareOnTheCameraLoadsOneNetwork() throws {
        let counted = CountedLoads()
        let settings = try Self.settings()
        let shared = counted.detection(settings.detection)
        let start = Self.residentKilobytes()
        // The two modes alone, built by their own factories, as the session builds them.
        let session = LiveSession(mode: .aware, modes: Self.modes, makers: [
            .aware: { try Mode.aware.stage(settings, arrival: .live, detection: shared) },
            .find: { try Self.findCup.stage(settings, arrival: .live, detection: shared) },
        ], wording: .english)
        try session.prepare()
        let device = try LiveSessionTests.device()
        let camera = try Camera(request: CaptureRequest(), wording: .english, system: device)
        let running = LiveSessionTests.Running(StreamEngine(source: camera, stage: session, clock: .realTime, wording: .english))
        func processed(_ more: Int) {
            let target = running.engine.statistics().framesProcessed + more
            let deadline = MonotonicClock.now().adding(seconds: 20)
            while running.engine.statistics().framesProcessed < target, MonotonicClock.now() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        processed(20)
        let aware = Self.residentKilobytes()
        running.engine.send(.switchMode)
        #expect(running.heard.wait { $0.text == "Find mode." } != nil)
        processed(20)
        let find = Self.residentKilobytes()
        running.engine.send(.switchMode)
        #expect(running.heard.wait { $0.text == "Awareness mode." } != nil)
        processed(20)
        let back = Self.residentKilobytes()
        running.engine.send(.quit)
        let statistics = try #require(try running.finished(), "quit did not end the session")
        camera.close()
        print("one network per session: \(counted.loads) detector load(s); VmRSS at start \(start.now) kB, in awareness "
              + "\(aware.now) kB, in find \(find.now) kB (+\(find.now - aware.now)), back in awareness \(back.now) kB; VmHWM \(back.peak) kB; "
              + "\(statistics.framesProcessed) frames processed")
        #expect(counted.loads == 1)
        #expect(statistics.framesProcessed >= 60)
    }
}
