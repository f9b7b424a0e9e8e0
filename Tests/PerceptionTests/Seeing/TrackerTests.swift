// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A detection with its top-left corner at (x, y); a 60 × 120 person unless said otherwise.
private func detection(
    _ label: String = "person", x: Double, y: Double = 100, width: Double = 60, height: Double = 120,
    confidence: Double = 0.9
) -> Detection {
    Detection(classIndex: 0, label: label, confidence: confidence,
              box: Box(x: x, y: y, width: width, height: height))
}

/// Frame `index` of a 15 fps stream.
private func frameTime(_ index: Int) -> Timestamp { Timestamp(seconds: Double(index) / 15) }

/// Runs `frames` (one detection list per frame, at 15 fps from frame 0) and returns every update.
@discardableResult
private func run(_ tracker: Tracker, _ frames: [[Detection]], from first: Int = 0) -> [TrackerUpdate] {
    frames.enumerated().map { tracker.update($1, at: frameTime(first + $0)) }
}

extension TrackerUpdate {
    /// The live track with `id`; a recorded failure rather than a crash when there is none.
    fileprivate func track(_ id: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> Track {
        try #require(tracks.first { $0.id == id }, "no live track \(id)", sourceLocation: sourceLocation)
    }
}

extension [TrackerUpdate] {
    /// The last update, which a test's frames always produce.
    fileprivate func final(sourceLocation: SourceLocation = #_sourceLocation) throws -> TrackerUpdate {
        try #require(last, sourceLocation: sourceLocation)
    }
}

@Suite("Tracker")
struct TrackerTests {

    // MARK: - Keeping ids

    @Test("a moving object keeps one id")
    func movingObjectKeepsItsID() throws {
        let tracker = Tracker()
        let updates = run(tracker, (0..<30).map { [detection(x: 20 + 8 * Double($0))] })
        for update in updates {
            #expect(update.tracks.map(\.id) == [1])
            #expect(update.ended.isEmpty)
        }
        let track = try updates.final().track(1)
        #expect(track.hits == 30)
        #expect(track.isConfirmed)
        // The smoothed box follows the object: within one frame's motion of the last detection.
        #expect(abs(track.box.x - (20 + 8 * 29)) < 8)
    }

    /// An object still for three frames (so the track's box sits exactly on it) then moved by
    /// `shift` pixels in one frame; its box is 100 × 100.
    @Test("a jump keeps the id by overlap, by the centroid fallback, or not at all",
          arguments: [
              (shift: 30.0, iouContinues: true, keepsID: true),   // IoU 0.54
              (shift: 65.0, iouContinues: false, keepsID: true),  // IoU 0.21, centre inside the grown box
              (shift: 90.0, iouContinues: false, keepsID: false), // centre outside the grown box
          ])
    func jump(shift: Double, iouContinues: Bool, keepsID: Bool) throws {
        let tracker = Tracker()
        let still = detection(x: 100, width: 100, height: 100)
        let before = try run(tracker, Array(repeating: [still], count: 3)).final().track(1)
        let moved = detection(x: 100 + shift, width: 100, height: 100)
        #expect((before.box.intersectionOverUnion(moved.box) >= TrackerConfiguration.standard.minimumOverlap)
                == iouContinues)

        let after = tracker.update([moved], at: frameTime(3))
        if keepsID {
            #expect(after.tracks.map(\.id) == [1])
            #expect(try after.track(1).hits == 4)
        } else {
            // The old track waits, missed; the jump starts a new tentative track.
            #expect(after.tracks.map(\.id) == [1, 2])
            #expect(try after.track(1).consecutiveMisses == 1)
            #expect(try !after.track(2).isConfirmed)
        }
    }

    @Test("two people crossing keep their own ids")
    func crossingObjectsKeepDistinctIDs() throws {
        // A walks right along y = 100, B walks left along y = 150; their boxes overlap
        // heavily in the middle frames, but each still overlaps its own track best.
        let tracker = Tracker()
        let path = (0..<30).map { i in
            (a: detection(x: 12 * Double(i), y: 100), b: detection(x: 348 - 12 * Double(i), y: 150))
        }
        #expect(path.contains { $0.a.box.intersectionOverUnion($0.b.box) > 0.3 })
        // A starts as track 1, then B is listed first: the detector's order must not
        // decide who continues which track.
        let updates = run(tracker, path.enumerated().map { $0 == 0 ? [$1.a, $1.b] : [$1.b, $1.a] })
        for (update, step) in zip(updates, path) {
            #expect(update.tracks.map(\.id) == [1, 2])
            let a = try update.track(1).box, b = try update.track(2).box
            #expect(abs(a.centerY - step.a.box.centerY) < 1 && abs(a.centerX - step.a.box.centerX) < 12)
            #expect(abs(b.centerY - step.b.box.centerY) < 1 && abs(b.centerX - step.b.box.centerX) < 12)
        }
    }

    @Test("a person and a dog swapping places keep their ids and labels")
    func differentLabelsNeverSwap() {
        let tracker = Tracker()
        run(tracker, Array(repeating: [detection("person", x: 100), detection("dog", x: 130)], count: 3))
        // Each now stands exactly where the other's track is: across labels IoU would be 1.
        let swapped = tracker.update([detection("person", x: 130), detection("dog", x: 100)], at: frameTime(3))
        #expect(swapped.tracks.map(\.id) == [1, 2])
        #expect(swapped.tracks.map(\.label) == ["person", "dog"])
        #expect(swapped.tracks.allSatisfy { $0.isVisible && $0.hits == 4 })
    }

    @Test("a detection of another label never continues a track, even alone")
    func otherLabelStartsItsOwnTrack() throws {
        let tracker = Tracker()
        run(tracker, Array(repeating: [detection("person", x: 100)], count: 3))
        let update = tracker.update([detection("dog", x: 100)], at: frameTime(3))
        #expect(update.tracks.map(\.label) == ["person", "dog"])
        #expect(try update.track(1).consecutiveMisses == 1)
        #expect(try update.track(2).hits == 1)
    }

    // MARK: - Life and death

    @Test("confirmed after exactly hitsToConfirm matches", arguments: [1, 2, 3, 5])
    func confirmation(hitsToConfirm: Int) throws {
        let tracker = Tracker(configuration: TrackerConfiguration(hitsToConfirm: hitsToConfirm))
        for frame in 0..<(hitsToConfirm + 2) {
            let track = try tracker.update([detection(x: 100)], at: frameTime(frame)).track(1)
            #expect(track.hits == frame + 1)
            #expect(track.isConfirmed == (frame + 1 >= hitsToConfirm), "frame \(frame)")
        }
    }

    @Test("the standard configuration confirms on the third match")
    func standardConfirmsOnThirdHit() {
        let updates = run(Tracker(), Array(repeating: [detection(x: 100)], count: 3))
        #expect(updates.map { $0.tracks.map(\.isConfirmed) } == [[false], [false], [true]])
    }

    @Test("a confirmed track survives missed frames and dies after more than a second unseen")
    func confirmedTrackOutlivesShortGaps() throws {
        let tracker = Tracker()
        let seen = try run(tracker, Array(repeating: [detection(x: 100)], count: 5)).final().track(1)
        var endedAt: [Int] = []
        for frame in 5..<40 {
            let update = tracker.update([], at: frameTime(frame))
            if update.ended.contains(where: { $0.id == seen.id }) { endedAt.append(frame) }
            if frame == 9 {
                // Five missed frames (a third of a second): still there, box where it was.
                let missed = try update.track(seen.id)
                #expect(update.tracks.count == 1)
                #expect(missed.consecutiveMisses == 5)
                #expect(!missed.isVisible)
                #expect(missed.box == seen.box)
            }
            if frame == 18 { #expect(update.tracks.map(\.id) == [seen.id]) }  // 0.93 s unseen
            if frame == 20 { #expect(update.tracks.isEmpty) }                 // 1.07 s unseen
        }
        // Last seen at frame 4; frame 19 is exactly 1.0 s later, frame 20 more than that.
        #expect(endedAt == [20])
    }

    @Test("a tentative track dies on its first miss", arguments: [1, 2])
    func tentativeTrackDiesAtOnce(hits: Int) {
        let tracker = Tracker()
        run(tracker, Array(repeating: [detection(x: 100)], count: hits))
        let update = tracker.update([], at: frameTime(hits))
        #expect(update.tracks.isEmpty)
        #expect(update.ended.map(\.id) == [1])
        #expect(update.ended.map(\.isConfirmed) == [false])
        #expect(update.sceneCut == false)
    }

    // MARK: - Scene cuts

    /// Two people and a car, seen for four frames: three confirmed tracks, ids 1–3.
    private static let oldScene = [detection(x: 40), detection(x: 240), detection("car", x: 440, width: 150)]

    @Test("three completely different boxes after three confirmed tracks are a scene cut")
    func sceneCut() throws {
        let tracker = Tracker()
        let before = try run(tracker, Array(repeating: Self.oldScene, count: 4)).final()
        #expect(before.tracks.map(\.id) == [1, 2, 3] && before.tracks.allSatisfy(\.isConfirmed))

        let newScene = [detection("chair", x: 100, y: 300), detection(x: 320, y: 320), detection("tv", x: 520, y: 20)]
        let cut = tracker.update(newScene, at: frameTime(4))
        #expect(cut.sceneCut)
        #expect(cut.ended.map(\.id) == [1, 2, 3])
        #expect(cut.tracks.map(\.id) == [4, 5, 6])
        #expect(cut.tracks.map(\.label) == ["chair", "person", "tv"])
        #expect(cut.tracks.allSatisfy { !$0.isConfirmed && $0.hits == 1 && $0.firstSeen == frameTime(4) })

        // The new scene simply continues; nothing of the old one comes back.
        let next = tracker.update(newScene, at: frameTime(5))
        #expect(!next.sceneCut && next.ended.isEmpty)
        #expect(next.tracks.map(\.id) == [4, 5, 6])
    }

    @Test("only losing most tracks while something new appears is a cut",
          arguments: [
              (name: "detector blinks: nothing found", keep: [] as [Int], new: 0, isCut: false),
              (name: "one of three missed", keep: [0, 1], new: 0, isCut: false),
              (name: "one of three missed, one newcomer", keep: [0, 1], new: 1, isCut: false),
              (name: "two of three missed, nothing new", keep: [2], new: 0, isCut: false),
              (name: "two of three missed, two newcomers", keep: [2], new: 2, isCut: true),
          ])
    func sceneCutRule(name: String, keep: [Int], new: Int, isCut: Bool) {
        let tracker = Tracker()
        run(tracker, Array(repeating: Self.oldScene, count: 4))
        let newcomers = (0..<new).map { detection("dog", x: 100 + 200 * Double($0), y: 340) }
        let update = tracker.update(keep.map { Self.oldScene[$0] } + newcomers, at: frameTime(4))
        #expect(update.sceneCut == isCut, "\(name)")
        if isCut {
            #expect(update.ended.map(\.id) == [1, 2, 3], "\(name)")
        } else {
            // Every old track lives on, missed or matched.
            #expect(update.ended.isEmpty, "\(name)")
            #expect(update.tracks.prefix(3).map(\.id) == [1, 2, 3], "\(name)")
        }
    }

    @Test("a single confirmed track being replaced is turnover, not a cut")
    func oneTrackIsNeverACut() {
        let tracker = Tracker()
        run(tracker, Array(repeating: [detection(x: 40)], count: 4))
        let update = tracker.update([detection(x: 400)], at: frameTime(4))
        #expect(!update.sceneCut)
        #expect(update.tracks.map(\.id) == [1, 2])
    }

    // MARK: - What a track carries

    @Test("height history keeps raw heights of the last two seconds")
    func heightHistoryIsTrimmed() throws {
        let tracker = Tracker()
        // Four seconds of an object growing one pixel a frame (approaching).
        let updates = run(tracker, (0..<60).map { [detection(x: 100, height: 100 + Double($0))] })
        let track = try updates.final().track(1)
        let now = frameTime(59)
        #expect(track.heights.allSatisfy { now.seconds(since: $0.time) <= 2.0 })
        #expect(track.heights.count == 31)  // frames 29…59: exactly 2.0 s is still inside
        #expect(track.heights.map(\.time) == (29...59).map(frameTime))
        // Raw detection heights, not the smoothed box's.
        #expect(track.heights.map(\.height) == (29...59).map { 100 + Double($0) })
        #expect(track.box.height < 159)
    }

    @Test("smoothing keeps confidence above a one-frame dip, yet follows a lasting change")
    func confidenceSmoothing() throws {
        let tracker = Tracker()
        run(tracker, Array(repeating: [detection(x: 100, confidence: 0.9)], count: 4))
        let dip = try tracker.update([detection(x: 100, confidence: 0.3)], at: frameTime(4)).track(1)
        #expect(dip.confidence > 0.3 && dip.confidence < 0.9)
        // Still worth saying after one doubtful frame.
        #expect(ConfidenceBand(confidence: dip.confidence) != nil)

        let lasting = run(tracker, Array(repeating: [detection(x: 100, confidence: 0.3)], count: 4), from: 5)
        #expect(ConfidenceBand(confidence: try lasting.final().track(1).confidence) == nil)
    }

    @Test("the box is smoothed towards a jittering detection")
    func boxSmoothing() throws {
        let tracker = Tracker()
        run(tracker, Array(repeating: [detection(x: 100)], count: 3))
        let track = try tracker.update([detection(x: 110)], at: frameTime(3)).track(1)
        #expect(track.box.x > 100 && track.box.x < 110)
    }

    // MARK: - Ids and determinism

    @Test("ids are never reused after reset")
    func idsSurviveReset() throws {
        let tracker = Tracker()
        let before = try run(tracker, Array(repeating: [detection(x: 40), detection(x: 300)], count: 3)).final()
        #expect(before.tracks.map(\.id) == [1, 2])
        tracker.reset()
        let after = tracker.update([detection(x: 40), detection(x: 300)], at: frameTime(3))
        #expect(after.tracks.map(\.id) == [3, 4])
        #expect(after.tracks.allSatisfy { $0.hits == 1 })
        #expect(after.ended.isEmpty && !after.sceneCut)  // forgotten, not ended
    }

    @Test("the same input gives the same output")
    func deterministic() {
        // Crossing people, a flickering cup, a blink and a cut, replayed on two trackers.
        let frames: [[Detection]] = (0..<40).map { i in
            let x = Double(i)
            if i == 12 { return [] }
            if i >= 30 { return [detection("chair", x: 50, y: 300), detection("chair", x: 400, y: 300)] }
            var frame = [detection(x: 10 * x, y: 100), detection(x: 300 - 10 * x, y: 120),
                         detection("car", x: 500, width: 120)]
            if i % 3 == 0 { frame.append(detection("cup", x: 200 + x, y: 400, width: 20, height: 30, confidence: 0.5)) }
            return frame
        }
        let first = run(Tracker(), frames)
        let second = run(Tracker(), frames)
        #expect(first == second)
        #expect(first.filter(\.sceneCut).count == 1)
    }
}

/// The kind `find` seeks is believed and kept by its own rules; every other kind by the
/// tracker's. Stages that feed one tracker in turn each hear of the ends of their tracks.
@Suite struct SharedTrackerTests {
    static let cup = SoughtKind(label: "cup", hitsToConfirm: 2, tentativeUnseenSeconds: 1, maxUnseenSeconds: 2)

    @Test func theSoughtKindIsBelievedOnScatteredSightingsAndKeptLongerOthersAreNot() throws {
        let tracker = Tracker()
        // A cup and a person, each seen every other frame at 15 fps.
        var updates: [TrackerUpdate] = []
        for index in 0..<4 {
            let seen = index.isMultiple(of: 2) ? [detection("cup", x: 300), detection(x: 100)] : []
            updates.append(tracker.update(seen, at: frameTime(index), seeking: Self.cup))
        }
        let final = try #require(updates.last)
        #expect(final.tracks.map(\.label) == ["cup"], "only the sought cup's tentative track outlives a miss")
        #expect(updates[2].tracks.first { $0.label == "cup" }?.isConfirmed == true, "believed on its second sighting")
        #expect(updates[2].tracks.first { $0.label == "person" }?.isConfirmed == false)
        // Unseen: kept two seconds, then ended (a person's confirmed track goes after one).
        let lastSeen = frameTime(2)
        var index = 4
        var endedAt: Timestamp?
        while endedAt == nil, index < 60 {
            let update = tracker.update([], at: frameTime(index), seeking: Self.cup)
            if update.ended.contains(where: { $0.label == "cup" }) { endedAt = frameTime(index) }
            index += 1
        }
        let unseen = try #require(endedAt).seconds(since: lastSeen)
        #expect(unseen > 2 && unseen < 2 + 1.5 / 15, "ended \(unseen) s after it was last seen")
        // Without seeking it, a cup is an ordinary kind again: its tentative track ends at the first miss.
        _ = tracker.update([detection("cup", x: 300)], at: frameTime(100))
        #expect(tracker.update([], at: frameTime(101)).ended.map(\.label) == ["cup"])
    }

    @Test func aReaderHearsOfItsTracksThatEndedWhileAnotherFedTheTracker() throws {
        final class Reader {}
        let aware = Reader(), find = Reader()
        let tracker = Tracker()
        var frame = 0
        func feed(_ seen: [Detection], as reader: Reader) -> TrackerUpdate {
            defer { frame += 1 }
            return tracker.update(seen, at: frameTime(frame), for: reader)
        }
        for _ in 0..<3 { _ = feed([detection(x: 100), detection("dog", x: 400)], as: aware) }
        // Find takes over: the dog leaves and its track ends while find feeds the tracker.
        var endedForFind: [Track] = []
        for _ in 0..<30 { endedForFind += feed([detection(x: 100)], as: find).ended }
        #expect(endedForFind.map(\.label) == ["dog"])
        // Back in awareness: the person goes on under the same id, and the dog's end is heard once.
        let back = feed([detection(x: 100)], as: aware)
        #expect(back.ended.map(\.label) == ["dog"])
        #expect(try back.track(1).hits == 34)
        #expect(feed([detection(x: 100)], as: aware).ended.isEmpty)
        // Only tracks the reader knew: one that came and went while find fed it is not news to awareness.
        _ = feed([detection(x: 100), detection("cat", x: 500)], as: find)
        _ = feed([detection(x: 100)], as: find)
        #expect(feed([detection(x: 100)], as: aware).ended.isEmpty)
    }
}
