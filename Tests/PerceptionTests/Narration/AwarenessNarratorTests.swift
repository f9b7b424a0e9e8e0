// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

// The stream narration policy, driven the way `StreamEngine` drives it: a real `Tracker` fed
// synthetic detections at 15 fps, each update handed to the narrator with a 640 × 480 frame.
//
// Geometry used throughout (60° lens, 640 px wide): a box centred between x ≈ 172 and ≈ 468
// is at 12 o'clock, left of that 11, right of it 1. A box is clear of the top and bottom
// edges unless a case says otherwise.

// MARK: - Stream harness

private let frameWidth = 640
private let frameHeight = 480
private let framesPerSecond = 15.0

/// One blank image shared by every frame of every test: the narrator reads only its size.
private let blankImage: Result<Image, any Error> = Result {
    let rowBytes = frameWidth * 3
    let pixels = [UInt8](repeating: 0, count: rowBytes * frameHeight)
    return try pixels.withUnsafeBytes { try Image(bgr: $0, width: frameWidth, height: frameHeight, rowBytes: rowBytes) }
}

/// Frame `index` of a 15 fps stream.
private func frameTime(_ index: Int) -> Timestamp { Timestamp(seconds: Double(index) / framesPerSecond) }

/// The number of frames in `seconds` of a 15 fps stream.
private func frames(_ seconds: Double) -> Int { Int((seconds * framesPerSecond).rounded()) }

/// A detection centred on (centerX, centerY); a 60 × 120 person at 0.9 unless said otherwise.
private func detection(
    _ label: String = "person", centerX: Double = 320, centerY: Double = 240, width: Double = 60,
    height: Double = 120, confidence: Double = 0.9
) -> Detection {
    Detection(classIndex: 0, label: label, confidence: confidence,
              box: Box(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height))
}

private func wordCount(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

/// A tracker and a narrator fed frame by frame, keeping every update and every event.
private final class NarratedStream {
    let tracker: Tracker
    let narrator: AwarenessNarrator
    private let image: Image
    /// The index of the next frame to feed.
    private(set) var nextFrame = 0
    /// One per frame fed, in order.
    private(set) var updates: [TrackerUpdate] = []
    /// Every event in the order the narrator returned them.
    private(set) var events: [NarrationEvent] = []

    init(policy: NarrationPolicy = NarrationPolicy(), tracker configuration: TrackerConfiguration = .standard) throws {
        image = try blankImage.get()
        tracker = Tracker(configuration: configuration)
        narrator = AwarenessNarrator(policy: policy, wording: .english)
    }

    /// Feeds one frame; returns its events.
    @discardableResult
    func feed(_ detections: [Detection]) -> [NarrationEvent] {
        let index = nextFrame
        let time = frameTime(index)
        let update = tracker.update(detections, at: time, frameHeight: frameHeight)
        let produced = narrator.observe(update, in: Frame(image: image, timestamp: time, index: index))
        updates.append(update)
        events += produced
        nextFrame += 1
        return produced
    }

    /// Feeds frames up to (not including) `end`, asking `script` for each frame's detections
    /// by its absolute index.
    func run(until end: Int, _ script: (Int) -> [Detection]) {
        while nextFrame < end { feed(script(nextFrame)) }
    }

    func events(_ kind: NarrationKind) -> [NarrationEvent] { events.filter { $0.kind == kind } }

    /// Ordinary announcements that name track `id`.
    func announcements(of id: Int) -> [NarrationEvent] {
        events(.objects).filter { event in event.objects.contains { $0.track == id } }
    }

    /// Ids of the live tracks of frame `index`'s update.
    func trackIDs(at index: Int) -> [Int] { updates[index].tracks.map(\.id) }

    /// Every confirmed track id seen in any update.
    var confirmedIDs: Set<Int> { Set(updates.flatMap { $0.tracks.filter(\.isConfirmed).map(\.id) }) }
}

/// No two ordinary utterances closer than the first one's estimated speaking time, unless a
/// scene cut came in between (speech about the old view is stale).
private func expectPaced(_ stream: NarratedStream, sourceLocation: SourceLocation = #_sourceLocation) {
    let spoken = stream.events(.objects)
    for (earlier, later) in zip(spoken, spoken.dropFirst()) {
        let cutBetween = stream.updates[(earlier.frame + 1)...later.frame].contains(where: \.sceneCut)
        guard !cutBetween else { continue }
        let duration = Double(wordCount(earlier.text)) / stream.narrator.policy.wordsPerSecond
        #expect(later.time >= earlier.time.adding(seconds: duration),
                "\"\(later.text)\" at \(later.time.seconds) s began while \"\(earlier.text)\" (from \(earlier.time.seconds) s, \(duration) s long) was still being spoken",
                sourceLocation: sourceLocation)
    }
}

// MARK: - Tests

@Suite("Awareness narrator")
struct AwarenessNarratorTests {

    // MARK: Rule 1: announced once believed

    struct FirstSighting: Sendable, CustomTestStringConvertible {
        var label: String
        var centerX: Double
        var confidence: Double
        var hitsToConfirm: Int
        var sentence: String
        var hour: Int
        var testDescription: String { "\(label) at x \(centerX), confirmed after \(hitsToConfirm) hits" }
    }

    @Test("an object is announced in the frame its track is confirmed, not before",
          arguments: [
              FirstSighting(label: "person", centerX: 320, confidence: 0.9, hitsToConfirm: 3,
                            sentence: "Probably a person, at 12 o'clock.", hour: 12),
              FirstSighting(label: "dog", centerX: 100, confidence: 0.8, hitsToConfirm: 3,
                            sentence: "Probably a dog, at 11 o'clock.", hour: 11),
              FirstSighting(label: "chair", centerX: 560, confidence: 0.6, hitsToConfirm: 3,
                            sentence: "Possibly a chair, at 1 o'clock.", hour: 1),
              FirstSighting(label: "person", centerX: 320, confidence: 0.9, hitsToConfirm: 5,
                            sentence: "Probably a person, at 12 o'clock.", hour: 12),
          ])
    func announcedOnConfirmation(_ sighting: FirstSighting) throws {
        let stream = try NarratedStream(tracker: TrackerConfiguration(hitsToConfirm: sighting.hitsToConfirm))
        let confirmingFrame = sighting.hitsToConfirm - 1
        stream.run(until: confirmingFrame + 10) { _ in
            [detection(sighting.label, centerX: sighting.centerX, confidence: sighting.confidence)]
        }

        let track = try #require(stream.updates[confirmingFrame].tracks.first)
        #expect(track.isConfirmed)
        #expect(stream.updates[confirmingFrame - 1].tracks.allSatisfy { !$0.isConfirmed })

        let event = try #require(stream.events.first)
        #expect(stream.events.count == 1)
        #expect(event.frame == confirmingFrame, "announced in frame \(event.frame), confirmed in frame \(confirmingFrame)")
        #expect(event.time == frameTime(confirmingFrame))
        #expect(event.kind == .objects)
        #expect(event.priority == .text)
        #expect(event.text == sighting.sentence)
        let object = try #require(event.objects.first)
        #expect(event.objects.count == 1)
        #expect(object.track == track.id)
        #expect(object.state == .new)
        #expect(object.label == sighting.label)
        #expect(object.direction.hour == sighting.hour)
    }

    // MARK: Rule 2: never again while in view

    @Test("an object that stays in view is announced exactly once")
    func stayingInViewIsAnnouncedOnce() throws {
        let stream = try NarratedStream()
        // 10 s of one person, jittering by a few pixels as a detector's boxes do.
        stream.run(until: 150) { i in
            let jitter = Double(i % 5 - 2)
            return [detection(centerX: 320 + 2 * jitter, centerY: 240 - jitter, height: 120 + jitter,
                              confidence: 0.88 + 0.01 * jitter)]
        }
        #expect(Set(stream.updates.flatMap { $0.tracks.map(\.id) }) == [1], "the tracker should keep one id")
        #expect(stream.events(.objects).count == 1)
        #expect(stream.announcements(of: 1).count == 1)
        #expect(stream.events(.hazard).isEmpty)
    }

    // MARK: Rule 3: announced again only after a real absence

    /// A centred person for 2 s (frames 0–29), gone for `absence` seconds, then back at
    /// `shift` pixels to the right for 2 s; `label` is what comes back.
    private static func leaveAndReturn(policy: NarrationPolicy, absence: Double, shift: Double = 0,
                                       label: String = "person") throws -> NarratedStream {
        let stream = try NarratedStream(policy: policy)
        let lastSeen = 29
        let back = lastSeen + frames(absence)
        stream.run(until: back + 30) { i in
            if i <= lastSeen { return [detection()] }
            if i < back { return [] }
            return [detection(label, centerX: 320 + shift)]
        }
        return stream
    }

    /// Checks what the stream said after the object came back: nothing, or one announcement
    /// in the frame the new track was confirmed, with `state`.
    private static func expectReturn(_ stream: NarratedStream, absence: Double, state: NarratedObject.State?,
                                     sentence: String = "Probably a person, at 12 o'clock.",
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        let spoken = stream.events(.objects)
        try #require(spoken.first?.frame == 2, "the first sighting was not announced", sourceLocation: sourceLocation)
        guard let state else {
            #expect(spoken.count == 1, "back after \(absence) s, but said: \(spoken.dropFirst().map(\.text))",
                    sourceLocation: sourceLocation)
            return
        }
        try #require(spoken.count == 2, "back after \(absence) s: expected one more announcement, got \(spoken.count - 1)",
                     sourceLocation: sourceLocation)
        let again = spoken[1]
        let confirmed = 29 + frames(absence) + 2
        #expect(again.frame == confirmed, sourceLocation: sourceLocation)
        #expect(again.text == sentence, sourceLocation: sourceLocation)
        #expect(again.objects.map(\.state) == [state], sourceLocation: sourceLocation)
        #expect(again.objects.map(\.track) != [1], "a new track after the old one died", sourceLocation: sourceLocation)
    }

    @Test("back after a short absence is silent; after returnAfterSeconds (5 s) it is announced as returned",
          arguments: [
              (absence: 0.6, state: nil),  // the track survives the gap (it dies after 1 s unseen)
              (absence: 2.0, state: nil),
              (absence: 4.6, state: nil),
              (absence: 5.0, state: .returned),
              (absence: 6.0, state: .returned),
              (absence: 10.0, state: .returned),
              // Memory of it is dropped after a minute: it is simply new.
              (absence: 70.0, state: .new),
          ] as [(absence: Double, state: NarratedObject.State?)])
    func returnRule(absence: Double, state: NarratedObject.State?) throws {
        let policy = NarrationPolicy()
        #expect(policy.returnAfterSeconds == 5)
        let stream = try Self.leaveAndReturn(policy: policy, absence: absence)
        if absence < TrackerConfiguration.standard.maxUnseenSeconds {
            #expect(stream.updates.allSatisfy { $0.ended.isEmpty }, "the track should have survived the gap")
        } else {
            #expect(stream.updates.contains { $0.ended.map(\.id) == [1] }, "the first track should have died")
        }
        try Self.expectReturn(stream, absence: absence, state: state)
    }

    @Test("the return rule follows a custom returnAfterSeconds (2 s)",
          arguments: [
              (absence: 1.4, state: nil),
              (absence: 1.8, state: nil),
              (absence: 2.0, state: .returned),
              (absence: 3.0, state: .returned),
          ] as [(absence: Double, state: NarratedObject.State?)])
    func customReturnRule(absence: Double, state: NarratedObject.State?) throws {
        var policy = NarrationPolicy()
        policy.returnAfterSeconds = 2
        let stream = try Self.leaveAndReturn(policy: policy, absence: absence)
        try Self.expectReturn(stream, absence: absence, state: state)
    }

    /// The object is recognised on its return by label and place: the camera may have moved
    /// a little (within a seventh of the frame's width) while it was out of view.
    @Test("a short absence is silent only for the same kind of object near where it was",
          arguments: [
              (absence: 2.0, shift: 0.0, label: "person", state: nil),
              (absence: 2.0, shift: 60.0, label: "person", state: nil),
              // Elsewhere, it is a newcomer of the kind just spoken of.
              (absence: 2.0, shift: 250.0, label: "person", state: .another),
              (absence: 2.0, shift: 0.0, label: "dog", state: .new),
              // Back sooner than the old track dies, 60 px aside (beyond the tracker's reach):
              // a shorter absence than the 2 s row, so it must be silent too.
              (absence: 0.6, shift: 60.0, label: "person", state: nil),
          ] as [(absence: Double, shift: Double, label: String, state: NarratedObject.State?)])
    func returnNeedsSameObject(absence: Double, shift: Double, label: String, state: NarratedObject.State?) throws {
        let stream = try Self.leaveAndReturn(policy: NarrationPolicy(), absence: absence, shift: shift, label: label)
        let hour = ClockDirection(of: detection(centerX: 320 + shift).box, imageWidth: frameWidth,
                                  horizontalFieldOfView: 60).hour
        // A person somewhere else is a new one of a kind just spoken of: "another person".
        let noun = label == "person" ? "another person" : "a \(label)"
        try Self.expectReturn(stream, absence: absence, state: state, sentence: "Probably \(noun), at \(hour) o'clock.")
    }

    // MARK: Rule 4: what appears together is said together

    struct Together: Sendable, CustomTestStringConvertible {
        var name: String
        var detections: [Detection]
        var sentences: [String]
        var testDescription: String { name }
    }

    @Test("objects confirmed in the same frame share one utterance, grouped and counted",
          arguments: [
              Together(name: "a person and a dog",
                       detections: [detection(centerX: 320), detection("dog", centerX: 560, centerY: 380, width: 80, height: 60)],
                       sentences: ["Probably a person, at 12 o'clock.", "Probably a dog, at 1 o'clock."]),
              Together(name: "two people side by side",
                       detections: [detection(centerX: 280), detection(centerX: 360)],
                       sentences: ["Probably two people, at 12 o'clock."]),
              Together(name: "three people side by side",
                       detections: [detection(centerX: 220), detection(centerX: 320), detection(centerX: 420)],
                       sentences: ["Probably three people, at 12 o'clock."]),
              Together(name: "two people and a dog",
                       detections: [detection(centerX: 280), detection(centerX: 360),
                                    detection("dog", centerX: 100, centerY: 380, width: 80, height: 60)],
                       sentences: ["Probably two people, at 12 o'clock.", "Probably a dog, at 11 o'clock."]),
          ])
    func coalescing(_ together: Together) throws {
        let stream = try NarratedStream()
        stream.run(until: 45) { _ in together.detections }

        let spoken = stream.events(.objects)
        try #require(spoken.count == 1, "expected one utterance, got \(spoken.map(\.text))")
        let utterance = spoken[0]
        #expect(utterance.frame == 2)
        for sentence in together.sentences {
            #expect(utterance.text.contains(sentence), "\"\(utterance.text)\" lacks \"\(sentence)\"")
        }
        // Nothing else is said: the sentences' words and no more.
        #expect(wordCount(utterance.text) == together.sentences.map(wordCount).reduce(0, +), "\(utterance.text)")
        #expect(Set(utterance.objects.map(\.track)) == stream.confirmedIDs)
        #expect(utterance.objects.count == together.detections.count)
        #expect(utterance.objects.allSatisfy { $0.state == .new })
    }

    // MARK: Rule 5: one ordinary utterance at a time

    /// A centred person from frame 0 ("Probably a person, at 12 o'clock.", 6 words, said in
    /// frame 2), then a dog at the left from `dogFrom`.
    @Test("an object believed while the previous utterance is being spoken waits until it has been spoken",
          arguments: [
              (wordsPerSecond: 3.0, dogFrom: 3),   // busy 2 s
              (wordsPerSecond: 6.0, dogFrom: 3),   // busy 1 s
              (wordsPerSecond: 1.5, dogFrom: 3),   // busy 4 s
              (wordsPerSecond: 3.0, dogFrom: 20),  // confirmed while busy, near the end
              (wordsPerSecond: 3.0, dogFrom: 40),  // confirmed after the person's sentence: no wait
          ])
    func rateLimit(wordsPerSecond: Double, dogFrom: Int) throws {
        var policy = NarrationPolicy()
        policy.wordsPerSecond = wordsPerSecond
        let stream = try NarratedStream(policy: policy)
        let dog = detection("dog", centerX: 100, centerY: 380, width: 80, height: 60)
        stream.run(until: dogFrom + 100) { i in i < dogFrom ? [detection()] : [detection(), dog] }

        let spoken = stream.events(.objects)
        try #require(spoken.count == 2, "\(spoken.map(\.text))")
        let (first, second) = (spoken[0], spoken[1])
        #expect(first.text == "Probably a person, at 12 o'clock.")
        #expect(second.text == "Probably a dog, at 11 o'clock.")

        let spokenUntil = first.time.adding(seconds: 6 / wordsPerSecond)
        let firstFree = (0...).first { frameTime($0) >= spokenUntil }!
        let expected = max(dogFrom + 2, firstFree)
        #expect(second.frame == expected, "the dog was announced in frame \(second.frame), expected \(expected)")
        #expect(second.time >= spokenUntil)
        expectPaced(stream)
    }

    // MARK: Rule 6: word budget

    /// Different kinds of objects, none a hazard class, on a 4 × 3 grid.
    private static let manyObjects: [Detection] = {
        let labels = ["chair", "bottle", "cup", "book", "clock", "vase", "laptop", "potted plant",
                      "bench", "umbrella", "backpack", "handbag"]
        return labels.enumerated().map { index, label in
            detection(label, centerX: 100 + 150 * Double(index % 4), centerY: 100 + 140 * Double(index / 4),
                      width: 50, height: 50)
        }
    }()

    @Test("many objects at once are spread over utterances within the word budget, each said once",
          arguments: [
              (objects: 12, maxWords: 20),
              (objects: 6, maxWords: 20),
              (objects: 12, maxWords: 13),
              (objects: 12, maxWords: 7),  // the longest sentence: one per utterance
          ])
    func wordBudget(objects: Int, maxWords: Int) throws {
        var policy = NarrationPolicy()
        policy.maxWordsPerUtterance = maxWords
        let stream = try NarratedStream(policy: policy)
        let detections = Array(Self.manyObjects.prefix(objects))
        stream.run(until: frames(60)) { _ in detections }

        let spoken = stream.events(.objects)
        #expect(spoken.count > 1)
        for utterance in spoken {
            #expect(wordCount(utterance.text) <= maxWords, "\(wordCount(utterance.text)) words: \(utterance.text)")
            // Its objects are exactly the ones its sentences name (kinds at one hour share one).
            #expect(SpokenCounts.sentences(utterance.text).flatMap(SpokenCounts.kinds).sorted()
                == utterance.objects.map(\.label).sorted(), "\(utterance.text)")
        }
        let ids = stream.confirmedIDs
        #expect(ids.count == objects)
        let announced = spoken.flatMap { $0.objects.map { $0.track ?? -1 } }  // a narrated track always has its id
        #expect(announced.count == Set(announced).count, "an object was announced twice")
        #expect(Set(announced) == ids, "never announced: \(ids.subtracting(announced).sorted())")
        expectPaced(stream)
    }

    // MARK: Rule 7: hazards

    enum Motion: String, Sendable, CaseIterable {
        case personApproaching, carApproaching
        case chairGrowing, personReceding, personEnteringFromBelow, personGrowingUpwards, personGrowingSlightly
        case personJittering, personWithSpikes

        var label: String {
            switch self {
            case .carApproaching: "car"
            case .chairGrowing: "chair"
            default: "person"
            }
        }

        /// Whether this is a hazard, and what the warning says.
        var warning: String? {
            switch self {
            case .personApproaching: "Person approaching, at 12 o'clock."
            case .carApproaching: "Car approaching, at 12 o'clock."
            default: nil
            }
        }

        /// The detection in frame `i` of 3 s (45 frames).
        func detection(_ i: Int) -> Detection {
            let t = Double(i) / 30  // 0 at the start, 1 after 2 s
            var bottom: Double?
            let height: Double
            switch self {
            case .personApproaching, .carApproaching, .chairGrowing:
                height = 100 + 50 * t  // 1.5× in 2 s, steadily
            case .personReceding:
                height = 150 - 50 * t
            case .personGrowingSlightly:
                height = 100 + 20 * t  // 1.2× in 2 s
            case .personGrowingUpwards:
                // Taller, but its bottom edge stays put: not coming nearer on the ground.
                height = 100 + 50 * t
                bottom = 400
            case .personEnteringFromBelow:
                // Rising into view from the bottom edge for 2 s (twice as tall), then fully in
                // view and still.
                height = 100 + 100 * min(t, 1)
                bottom = i < 30 ? Double(frameHeight) : Double(frameHeight) - 20
            case .personJittering:
                height = i.isMultiple(of: 2) ? 102 : 138
            case .personWithSpikes:
                // Coming a little nearer (1.1× in 3 s, feet coming down), with one frame in
                // seven whose box reaches far above the head.
                height = 120 + 10 * t + (i % 7 == 3 ? 80 : 0)
                bottom = 300 + 10 * t
            }
            let centerY = bottom.map { $0 - height / 2 } ?? 240
            return Seeing.Detection(classIndex: 0, label: label, confidence: 0.9,
                                        box: Box(x: 320 - height / 4, y: centerY - height / 2, width: height / 2, height: height))
        }
    }

    @Test("a person or vehicle growing steadily for over a second is a hazard, warned of once",
          arguments: Motion.allCases)
    func hazard(_ motion: Motion) throws {
        let stream = try NarratedStream()
        stream.run(until: 45) { [motion.detection($0)] }
        #expect(Set(stream.updates.flatMap { $0.tracks.map(\.id) }) == [1], "the tracker should keep one id")

        let hazards = stream.events(.hazard)
        guard let warning = motion.warning else {
            #expect(hazards.isEmpty, "\(hazards.map(\.text))")
            #expect(stream.announcements(of: 1).count == 1, "not a hazard, so announced once as an object")
            return
        }
        try #require(hazards.count == 1, "\(hazards.map(\.text))")
        let hazard = hazards[0]
        #expect(hazard.priority == .important)
        #expect(hazard.text == warning)
        #expect(hazard.objects.map(\.track) == [1])
        #expect(hazard.objects.map(\.state) == [.approaching])
        #expect(hazard.time.seconds(since: frameTime(0)) >= NarrationPolicy().approachWindowSeconds,
                "warned after \(hazard.time.seconds) s of growth")
        // Hazards come first among their frame's events.
        let sameFrame = stream.events.filter { $0.frame == hazard.frame }
        #expect(sameFrame.first == hazard)
        // Announced (at most) once when first believed, never as an ordinary object after the warning.
        #expect(stream.announcements(of: 1).allSatisfy { $0.frame < hazard.frame })
    }

    @Test("a hazard is warned of at once, even during an utterance, and takes the place of its pending announcement")
    func hazardPreemptsPendingAnnouncement() throws {
        let stream = try NarratedStream()
        let dog = detection("dog", centerX: 100, centerY: 380, width: 80, height: 60)
        // The dog is announced in frame 2 (busy until frame 32); the person appears in
        // frame 3, is believed in frame 5 while the dog's sentence is still being spoken,
        // and approaches.
        stream.run(until: 60) { i in
            guard i >= 3 else { return [dog] }
            return [dog, Motion.personApproaching.detection(i - 3)]
        }
        let personID = try #require(stream.updates[5].tracks.first { $0.label == "person" }?.id)
        let hazard = try #require(stream.events(.hazard).first)
        #expect(stream.events(.hazard).count == 1)
        #expect(hazard.text == "Person approaching, at 12 o'clock.")
        #expect(hazard.frame < 32, "the warning waited for the dog's sentence (frame \(hazard.frame))")
        #expect(stream.announcements(of: personID).isEmpty,
                "announced as an object too: \(stream.announcements(of: personID).map(\.text))")
    }

    @Test("a hazard comes before an ordinary announcement of the same frame")
    func hazardsFirst() throws {
        var policy = NarrationPolicy()
        policy.wordsPerSecond = 100  // nothing waits for speech here
        // Where the approaching person alone is warned of...
        let alone = try NarratedStream(policy: policy)
        alone.run(until: 45) { [Motion.personApproaching.detection($0)] }
        let warnedAt = try #require(alone.events(.hazard).first?.frame)
        // ...a dog that appeared two frames before is believed in the same frame.
        let stream = try NarratedStream(policy: policy)
        let dog = detection("dog", centerX: 100, centerY: 380, width: 80, height: 60)
        stream.run(until: 45) { i in [Motion.personApproaching.detection(i)] + (i >= warnedAt - 2 ? [dog] : []) }
        let sameFrame = stream.events.filter { $0.frame == warnedAt }
        #expect(sameFrame.map(\.kind) == [.hazard, .objects], "\(sameFrame.map(\.text))")
    }

    // MARK: Rule 8: scene cuts

    @Test("a scene cut forgets what was said, so the new view is announced at once",
          arguments: [10, 150])  // while the old scene's 18-word utterance is still being spoken, and long after
    func sceneCut(cutFrame: Int) throws {
        let stream = try NarratedStream()
        let oldScene = [detection(centerX: 320), detection("chair", centerX: 100, centerY: 300, width: 80, height: 100),
                        detection("dog", centerX: 560, centerY: 380, width: 80, height: 60)]
        // The same person where it was, with two things the old view did not have.
        let newScene = [detection(centerX: 320), detection("car", centerX: 120, centerY: 200, width: 160, height: 100),
                        detection("bottle", centerX: 520, centerY: 150, width: 30, height: 70)]
        stream.run(until: cutFrame + 60) { $0 < cutFrame ? oldScene : newScene }

        try #require(stream.updates[cutFrame].sceneCut, "the tracker should see a scene cut")
        let before = stream.events(.objects).filter { $0.frame < cutFrame }
        #expect(before.count == 1)
        #expect(before.first.map { wordCount($0.text) } == 18)

        let after = stream.events(.objects).filter { $0.frame >= cutFrame }
        let utterance = try #require(after.first, "nothing said about the new view")
        #expect(after.count == 1)
        #expect(utterance.frame == cutFrame + 2, "announced in frame \(utterance.frame)")
        for sentence in ["Probably a person, at 12 o'clock.", "Probably a car, at 11 o'clock.", "Probably a bottle, at 1 o'clock."] {
            #expect(utterance.text.contains(sentence), "\"\(utterance.text)\" lacks \"\(sentence)\"")
        }
        let oldIDs = Set(stream.updates[cutFrame - 1].tracks.map(\.id))
        #expect(utterance.objects.allSatisfy { object in object.track.map { !oldIDs.contains($0) } == true && object.state == .new })
    }

    // MARK: Rule 9: confidence

    @Test("a track is announced only when confident enough to hedge",
          arguments: [
              (confidence: 0.3, sentence: nil),
              (confidence: 0.44, sentence: nil),
              (confidence: 0.45, sentence: "Possibly a person, at 12 o'clock."),
              (confidence: 0.5, sentence: "Possibly a person, at 12 o'clock."),
              (confidence: 0.69, sentence: "Possibly a person, at 12 o'clock."),
              (confidence: 0.7, sentence: "Probably a person, at 12 o'clock."),
              (confidence: 0.95, sentence: "Probably a person, at 12 o'clock."),
          ] as [(confidence: Double, sentence: String?)])
    func confidence(confidence: Double, sentence: String?) throws {
        let stream = try NarratedStream()
        stream.run(until: 90) { _ in [detection(confidence: confidence)] }
        #expect(stream.updates[2].tracks.first?.isConfirmed == true)
        #expect(stream.events.map(\.text) == (sentence.map { [$0] } ?? []))
        if sentence != nil { #expect(stream.events.first?.frame == 2) }
    }

    @Test("a track that becomes confident later is announced then, once")
    func confidenceRisingLater() throws {
        let stream = try NarratedStream()
        stream.run(until: 90) { i in [detection(confidence: i < 30 ? 0.3 : 0.9)] }
        let spoken = stream.events(.objects)
        #expect(spoken.count == 1)
        #expect(spoken.allSatisfy { $0.frame >= 30 })
        #expect(spoken.first.map(\.objects.count) == 1)
    }

    @Test("a hazard is hedged like an announcement, and a track too unsure to name is not warned of",
          arguments: [
              (confidence: 0.3, warning: nil),
              (confidence: 0.5, warning: "Possibly a person approaching, at 12 o'clock."),
              (confidence: 0.9, warning: "Person approaching, at 12 o'clock."),
          ] as [(confidence: Double, warning: String?)])
    func hazardConfidence(confidence: Double, warning: String?) throws {
        let stream = try NarratedStream()
        stream.run(until: 45) { i in
            var approaching = Motion.personApproaching.detection(i)
            approaching.confidence = confidence
            return [approaching]
        }
        guard let warning else {
            #expect(stream.events.isEmpty, "a \(confidence)-confidence track was spoken of: \(stream.events.map(\.text))")
            return
        }
        #expect(stream.events(.hazard).map(\.text) == [warning])
    }

    // MARK: Rule 10: summaries

    enum SummaryScene: String, Sendable, CaseIterable {
        case personInView, nothing, unsurePerson, personLeftAfterOneSecond
        /// Last seen 0.4 s before the first summary: its track lives on, unseen.
        case personLeftJustBefore
        /// Seen twice by the first summary: its track is not yet believed.
        case personJustAppeared

        func detections(_ i: Int) -> [Detection] {
            switch self {
            case .personInView: [detection()]
            case .nothing: []
            case .unsurePerson: [detection(confidence: 0.3)]
            case .personLeftAfterOneSecond: i < 15 ? [detection()] : []
            case .personLeftJustBefore: i < 25 ? [detection()] : []
            case .personJustAppeared: i >= 29 ? [detection()] : []
            }
        }

        /// The summaries at 2, 4, 6 and 8 s.
        var summaries: [String] {
            let person = "In view: probably a person at 12 o'clock.", nothing = ObjectSentences(wording: .english).nothingConfident
            switch self {
            case .personInView: return [person, person, person, person]
            case .personJustAppeared: return [nothing, person, person, person]
            case .nothing, .unsurePerson, .personLeftAfterOneSecond, .personLeftJustBefore:
                return [nothing, nothing, nothing, nothing]
            }
        }
    }

    @Test("with describeEverySeconds 2, a summary of what is believed in view every 2 s",
          arguments: SummaryScene.allCases)
    func summaries(_ scene: SummaryScene) throws {
        var policy = NarrationPolicy()
        policy.describeEverySeconds = 2
        let stream = try NarratedStream(policy: policy)
        stream.run(until: 150) { scene.detections($0) }  // 10 s

        let summaries = stream.events(.summary)
        #expect(summaries.count == 4, "\(summaries.map(\.time.seconds))")
        let frameInterval = 1 / framesPerSecond
        if let first = summaries.first {
            #expect(first.time.seconds >= 2 && first.time.seconds < 2 + frameInterval, "first at \(first.time.seconds) s")
        }
        for (earlier, later) in zip(summaries, summaries.dropFirst()) {
            let gap = later.time.seconds(since: earlier.time)
            #expect(gap >= 2 && gap < 2 + frameInterval, "summaries \(gap) s apart")
        }
        #expect(summaries.map(\.text) == scene.summaries)
        for summary in summaries {
            #expect(summary.priority == .message)
            // Its objects are the ones it names, no more.
            #expect(summary.objects.count == (summary.text == ObjectSentences(wording: .english).nothingConfident ? 0 : 1),
                    "\(summary.text) \(summary.objects)")
            #expect(summary.objects.allSatisfy { $0.state == .present })
        }
    }

    @Test("nothing said ever claims that something is absent",
          arguments: SummaryScene.allCases)
    func noClaimsOfAbsence(_ scene: SummaryScene) throws {
        var policy = NarrationPolicy()
        policy.describeEverySeconds = 2
        let stream = try NarratedStream(policy: policy)
        // The scene, then people leaving and coming back, a cut, an approach, and the end.
        stream.run(until: 60) { scene.detections($0) }
        stream.run(until: 150) { i in
            switch i {
            case ..<75: [detection(centerX: 200), detection("dog", centerX: 500, centerY: 380, width: 80, height: 60)]
            case ..<120: []
            default: [detection(centerX: 200), detection("dog", centerX: 500, centerY: 380, width: 80, height: 60)]
            }
        }
        stream.run(until: 200) { i in
            [detection("car", centerX: 100, width: 120, height: 80), detection("chair", centerX: 560, width: 80, height: 100),
             Motion.personApproaching.detection(i - 150)]
        }
        stream.run(until: 260) { _ in [] }
        let texts = stream.events.map(\.text) + stream.narrator.finish(at: frameTime(260), frame: 260).map(\.text)
        #expect(texts.count > 5)
        for text in texts {
            for absence in ["no obstacles", "nothing there", "no one"] {
                #expect(!text.lowercased().contains(absence), "\"\(text)\" claims absence")
            }
        }
    }

    // MARK: Rule 11: end of stream

    // MARK: Rule 5: busy scenes — arrivals, departures, flicker

    @Test("a new one of a kind in view is another, with the total; a newcomer after the others left is another, without one")
    func arrivals() throws {
        let stream = try NarratedStream()
        // A person at 12 from frame 0; a second one at 1 o'clock from 4 s; both leave at 8 s;
        // a third arrives at 11 o'clock at 12 s, then a dog at 14 s.
        stream.run(until: frames(18)) { index in
            var found: [Detection] = []
            if index < frames(8) { found.append(detection(centerX: 320)) }
            if index >= frames(4), index < frames(8) { found.append(detection(centerX: 560)) }
            if index >= frames(12) { found.append(detection(centerX: 80)) }
            if index >= frames(14) { found.append(detection("dog", centerX: 320, centerY: 400, width: 80, height: 60)) }
            return found
        }
        #expect(stream.events(.objects).map(\.text) == [
            "Probably a person, at 12 o'clock.",
            "Probably another person, at 1 o'clock; two people now.",
            // The others have gone, which is never said: "one person now" would say it.
            "Probably another person, at 11 o'clock.",
            "Probably a dog, at 12 o'clock.",
        ])
        #expect(stream.events(.objects).map { $0.objects.map(\.state) } == [[.new], [.another], [.another], [.new]])
        #expect(!stream.events.contains { ["gone", "left", "no "].contains(where: $0.text.lowercased().contains) })
        // What is in view now is what a summary says: the third person and the dog only.
        let last = try #require(stream.updates.last)
        let frame = Frame(image: try blankImage.get(), timestamp: frameTime(stream.nextFrame - 1), index: stream.nextFrame - 1)
        #expect(stream.narrator.describe(last.tracks, in: frame).text
            == "In view: probably a person at 11 o'clock, probably a dog at 12 o'clock.")
    }

    @Test("a kind not spoken of for over anotherWithinSeconds, and none in view, is new again",
          arguments: [(gap: 30.0, another: true), (gap: 70.0, another: false)])
    func anotherExpires(gap: Double, another: Bool) throws {
        let stream = try NarratedStream()
        let back = frames(2 + gap)
        stream.run(until: back + frames(2)) { index in
            if index < frames(2) { return [detection(centerX: 320)] }
            return index >= back ? [detection(centerX: 80)] : []
        }
        #expect(stream.events(.objects).map(\.text) == [
            "Probably a person, at 12 o'clock.",
            another ? "Probably another person, at 11 o'clock." : "Probably a person, at 11 o'clock.",
        ])
    }

    @Test("several newcomers of a kind are one phrase: more, their span, the new total")
    func severalNewcomers() throws {
        let stream = try NarratedStream()
        stream.run(until: frames(10)) { index in
            var found = [detection(centerX: 320)]
            if index >= frames(5) { found += [detection(centerX: 120), detection(centerX: 560)] }
            return found
        }
        #expect(stream.events(.objects).map(\.text) == [
            "Probably a person, at 12 o'clock.",
            "Probably two more people, from 11 to 1 o'clock; three people now.",
        ])
    }

    /// A picture on the wall the detector half takes for a TV: there for 3 s, gone for 7 s,
    /// over and over, always in the "possibly" band at the same place.
    @Test("a low-band object blinking back at the same place is said at most once a minute, unless its band rises",
          arguments: [
              // Back at 10, 20 … 60 s: quiet, the last of those 59.9 s after it was said.
              (risesAt: nil as Double?, sayings: [0.13, 70.13]),
              // Back at 40 s in the "probably" band: said then, whatever the minute; from then
              // on it is no low-band flicker, and each return after 5 s is news as before.
              (risesAt: 40.0, sayings: [0.13, 40.13, 50.13, 60.13, 70.13]),
          ])
    func flickerIsDamped(risesAt: Double?, sayings: [Double]) throws {
        let stream = try NarratedStream()
        stream.run(until: frames(75)) { index in
            let seconds = Double(index) / framesPerSecond
            guard seconds.truncatingRemainder(dividingBy: 10) < 3 else { return [] }
            let sure = risesAt.map { seconds >= $0 } ?? false
            return [detection("tv", centerX: 120, centerY: 200, width: 100, height: 80, confidence: sure ? 0.8 : 0.55)]
        }
        let said = stream.events(.objects)
        #expect(said.map { ($0.time.seconds * 100).rounded() / 100 } == sayings, "\(said.map(\.text))")
        #expect(said.first?.text == "Possibly a TV, at 11 o'clock.")
        // Back in a stronger band, it may be said again at once; in the same band, only later.
        #expect(NarrationPolicy().isFlicker(band: .possibly, lastBand: .possibly, secondsSinceMention: 59))
        #expect(!NarrationPolicy().isFlicker(band: .possibly, lastBand: .possibly, secondsSinceMention: 60))
        #expect(!NarrationPolicy().isFlicker(band: .probably, lastBand: .possibly, secondsSinceMention: 10))
        #expect(!NarrationPolicy().isFlicker(band: .probably, lastBand: .probably, secondsSinceMention: 10))
    }

    @Test("a track kept quiet as flicker is said once its band rises while in view")
    func dampedTrackRisingIsSaid() throws {
        let stream = try NarratedStream()
        // Possibly a TV for 3 s, gone 7 s, back at 10 s still "possibly" (quiet), and from 11 s
        // in the "probably" band.
        stream.run(until: frames(14)) { index in
            let seconds = Double(index) / framesPerSecond
            if seconds >= 3, seconds < 10 { return [] }
            return [detection("tv", centerX: 120, centerY: 200, width: 100, height: 80, confidence: seconds >= 11 ? 0.95 : 0.55)]
        }
        let said = stream.events(.objects)
        #expect(said.count == 2, "\(said.map(\.text))")
        #expect(said.last?.text == "Probably a TV, at 11 o'clock.")
        #expect((said.last?.time.seconds ?? 0) >= 11)
    }

    @Test("finish says once that the video ended")
    func finish() throws {
        let stream = try NarratedStream()
        stream.run(until: 30) { _ in [detection()] }
        let events = stream.narrator.finish(at: frameTime(29), frame: 29)
        #expect(events == [NarrationEvent(time: frameTime(29), frame: 29, kind: .status, priority: .message,
                                          text: "End of video.", objects: [])])
    }
}

/// A camera's clock does not start at zero: summaries still come every N seconds from the
/// first frame, not at once.
@Test func summariesCountFromTheFirstFrameWhateverTheClockReads() throws {
    var policy = NarrationPolicy()
    policy.describeEverySeconds = 2
    let narrator = AwarenessNarrator(policy: policy, wording: .english)
    let tracker = Tracker()
    let image = try blankImage.get()
    var summaries: [Double] = []
    for index in 0..<60 {
        let time = Timestamp(seconds: 1000 + Double(index) / 15)
        let update = tracker.update([], at: time, frameHeight: 480)
        for event in narrator.observe(update, in: Frame(image: image, timestamp: time, index: index))
        where event.kind == .summary {
            summaries.append(event.time.seconds - 1000)
        }
    }
    #expect(summaries.count == 1, "\(summaries)")
    #expect(summaries.first.map { abs($0 - 2) < 0.1 } == true, "\(summaries)")
}
