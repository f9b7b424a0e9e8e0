// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing
import Narration

/// Finding one thing (`find KIND`): every frame is searched for it by its `ThingLocator`, and a
/// `Tracker` follows what it sees — for a kind, the session's tracker, fed every detection of
/// the network awareness shares. Once a track of it is believed (the tracker's rules for the
/// kind sought: seen in `framesToConfirm` frames, none more than `confirmWithinSeconds` apart),
/// where it is is said once ("Probably a cup, at 2 o'clock."), then a tick guides the camera to
/// it — its pitch and rate rise as the thing nears the middle and grows — and "Centred." is said
/// when its centre reaches the middle third. Guidance goes on until the user quits. It never
/// says the thing is not there: `d` answers "Not seen yet." (or where it is), and when the
/// tracker lets the track guided to go (unseen for `lostAfterSeconds`) with no other of it in
/// view, it is "Lost sight of the cup." — about the tool's view, not the room — and is said
/// again when it is seen again. A still image is answered whole: one sentence per clock hour it
/// is seen at.
///
/// Built without a target (find mode reached with `m` in a session started in another mode), it
/// says once how to start finding, and `d` says it again.
///
/// One stage per stream, used from one thread.
public final class FindStage: StreamStage, ImageAnalyzer {
    /// Seen in this many frames, none more than `confirmWithinSeconds` apart, before it is said:
    /// one frame's false sighting is not news, but a real one the detector misses now and then
    /// still is.
    static let framesToConfirm = 2, confirmWithinSeconds = 1.0
    /// Unseen this long after guidance began, the tick has stopped (the cue player lets a cue go
    /// after 0.6 s) and the user is told why; a second covers a few frames of blur or a hand.
    static let lostAfterSeconds = 2.0
    /// "Centred." at most this often: a thing swinging through the middle is not a stream of words.
    static let secondsBetweenCentred = 2.0
    /// A held tick is renewed this often, or the player lets it fall silent (as `CodeScanner`'s).
    static let cueRenewSeconds = 0.3
    /// Ticks within this rate, and pitches within this many hertz, are the same cue.
    static let tickRateStep = 0.5, pitchStep = 40.0
    /// `d` repeats where the thing is from the guidance of this recent a frame, rather than a new look.
    static let recentSeconds = 1.0
    /// A new sighting within this overlap of the one guided to is the same thing, kept in
    /// preference to a surer one elsewhere, so guidance does not jump between two cups.
    static let sameThingOverlap = 0.1

    public let target: FindTarget?
    private let locator: (any ThingLocator)?
    private let tracker: Tracker
    /// The tracker's rules for the thing sought, from the numbers above.
    private let sought: SoughtKind?
    public let sentences: FindSentences
    /// The lens's horizontal field of view, for clock hours and distances.
    public let horizontalFieldOfView: Double
    private var wording: Wording { sentences.wording }

    /// Where it was last guided to, and when.
    private var last: (object: NarratedObject, time: Timestamp)?
    /// The track guided to: guidance stays with it while it is in view.
    private var guided: Int?
    /// Said where it is, and guiding to it, until it is lost.
    private var guiding = false
    /// Ever said where it is: after that, `d` answers "Not seen again yet." when it is not seen.
    private var everFound = false
    private var centred = false
    private var lastCentred: Timestamp?
    private var lastCue: (tone: Tone, time: Timestamp)?
    private var toldHowToStart = false
    /// The guidance of the last frame, for tests and benchmarks.
    public private(set) var lastCloseness: FindGuide.Closeness?

    /// `target` nil: nothing to find (`locator` is then unused). `tracker`: the session's, for a
    /// kind (`FindTarget.tracker(detection:)`), so the detector's tracks are one for every mode.
    public init(target: FindTarget?, locator: (any ThingLocator)?, tracker: Tracker = Tracker(), wording: Wording,
                horizontalFieldOfView: Double) {
        self.target = target
        self.locator = target == nil ? nil : locator
        self.tracker = tracker
        sought = target.map {
            SoughtKind(label: $0.label, hitsToConfirm: Self.framesToConfirm, tentativeUnseenSeconds: Self.confirmWithinSeconds,
                       maxUnseenSeconds: Self.lostAfterSeconds)
        }
        sentences = FindSentences(wording: wording, taughtName: target?.taughtName)
        self.horizontalFieldOfView = horizontalFieldOfView
    }

    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        guard let target, let locator else {
            guard !toldHowToStart else { return [] }
            toldHowToStart = true
            return [.status(sentences.needsThing, language: wording.language, at: frame)]
        }
        let now = frame.timestamp
        let update = tracker.update(try locator.detections(in: frame.image, label: target.label), at: now,
                                    frameHeight: frame.image.height, seeking: sought, for: self)
        lastCloseness = nil
        // In view and sure enough to speak of; before guidance, believed too. While guiding, a
        // new track of it is the thing moved faster than the tracker follows: guided to at once.
        let seen = update.tracks.filter { track in
            track.label == target.label && track.isVisible && (guiding || track.isConfirmed)
                && ConfidenceBand(confidence: track.confidence) != nil
        }
        guard let track = seen.first(where: { $0.id == guided }) ?? choose(seen, in: frame.image) else {
            // Lost once the tracker has let the track guided to go.
            guard guiding, !update.tracks.contains(where: { $0.id == guided }) else { return [] }
            guiding = false
            centred = false
            lastCue = nil
            return [event(sentences.lostSight(of: target.label), kind: .status, at: frame, objects: [])]
        }
        let thing = narrated(track, in: frame.image)
        guided = track.id
        last = (thing, now)
        var events: [NarrationEvent] = []
        if !guiding {
            guard let sentence = sentences.found([thing]) else { return [] }
            guiding = true
            everFound = true
            events.append(event(sentence, kind: .objects, at: frame, objects: [thing]))
        }
        let closeness = FindGuide.closeness(of: thing.box, width: frame.image.width, height: frame.image.height)
        lastCloseness = closeness
        if closeness.isCentred, !centred, lastCentred.map({ now.seconds(since: $0) >= Self.secondsBetweenCentred }) ?? true {
            centred = true
            lastCentred = now
            events.append(event(sentences.centred, kind: .guidance, at: frame, objects: [thing]))
        } else if !closeness.isNearMiddle {
            centred = false
        }
        let tone = FindGuide.tone(closeness.value)
        if let cue = lastCue, abs(cue.tone.perSecond - tone.perSecond) < Self.tickRateStep,
           abs(cue.tone.hertz - tone.hertz) < Self.pitchStep, now.seconds(since: cue.time) < Self.cueRenewSeconds {
            return events
        }
        lastCue = (tone, now)
        events.append(.cue(tone, at: frame))
        return events
    }

    /// The stream ended: said once, as awareness does, so the listener is not left waiting.
    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        [.endOfStream(at: time, frame: frame, wording: wording)]
    }

    /// `d`: where the thing is — from guidance of the last second, else a fresh look — or, when
    /// it is not seen, "Not seen yet." (never that it is not there).
    public var commands: Set<LiveCommand> { [.describeNow] }

    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        guard command == .describeNow else { return [] }
        guard let target, let locator else { return [.status(sentences.needsThing, language: wording.language, at: frame)] }
        guard let frame else { return [.noPictureYet(wording)] }
        var thing: NarratedObject?
        if guiding, let last, frame.timestamp.seconds(since: last.time) <= Self.recentSeconds {
            thing = last.object
        } else {
            thing = choose(try speakable(locator.locate(in: frame.image), label: target.label, in: frame.image))
        }
        if let thing, let sentence = sentences.found([thing]) {
            return [NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .summary, priority: .message, text: sentence,
                                   language: wording.language, objects: [thing])]
        }
        return [.status(everFound ? sentences.notSeenAgainYet : sentences.notSeenYet, language: wording.language, at: frame)]
    }

    /// A still image: every sighting confident enough to speak of, one sentence per clock hour
    /// from left to right; when there is none, a sentence that says the picture did not show it
    /// to the tool, and that it may still be there. Messages, heard whole and in order.
    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        guard let target, let locator else {
            return ImageAnalysis(record: .object([("source", .string(source))]), events: [
                NarrationEvent(time: .zero, frame: 0, kind: .status, priority: .message, text: sentences.needsThing,
                               language: wording.language),
            ])
        }
        // A taught thing is one thing: only its likeliest sighting is spoken of.
        let located = try locator.locate(in: image)
        let sightings = target.taughtName == nil ? located : Array(located.prefix(1))
        let things = try speakable(sightings, label: target.label, in: image)
        var events = sentences.pictureSentences(things).map { sentence in
            NarrationEvent(time: .zero, frame: 0, kind: .objects, priority: .message, text: sentence.text, language: wording.language,
                           objects: sentence.things)
        }
        if events.isEmpty {
            events = [NarrationEvent(time: .zero, frame: 0, kind: .status, priority: .message, text: sentences.notInPicture(target.label),
                                     language: wording.language)]
        }
        let placed = sightings.map { narrated($0, label: target.label, width: image.width, height: image.height) }
        let captions = events.map { event in
            Caption(text: event.text, priority: event.priority, confidence: event.objects.map { $0.confidence }.max() ?? 1)
        }
        return ImageAnalysis(record: ResultRecord.find(source: source, width: image.width, height: image.height, label: target.label,
                                                       sightings: placed, captions: captions),
                             events: events)
    }

    // MARK: Pieces

    /// The sightings confident enough to speak of, placed in the picture.
    private func speakable(_ sightings: [Sighting], label: String, in image: Image) throws -> [NarratedObject] {
        sightings.filter { ConfidenceBand(confidence: $0.confidence) != nil }
            .map { narrated($0, label: label, width: image.width, height: image.height) }
    }

    private func narrated(_ sighting: Sighting, label: String, width: Int, height: Int) -> NarratedObject {
        NarratedObject(label: label, confidence: sighting.confidence, box: sighting.box, track: nil, state: .present,
                       imageWidth: width, imageHeight: height, horizontalFieldOfView: horizontalFieldOfView)
    }

    private func narrated(_ track: Track, in image: Image) -> NarratedObject {
        NarratedObject(label: track.label, confidence: track.confidence, box: track.box, track: track.id, state: .present,
                       imageWidth: image.width, imageHeight: image.height, horizontalFieldOfView: horizontalFieldOfView)
    }

    /// Of tracks in view, the one to guide to when the one guided to is not among them.
    private func choose(_ tracks: [Track], in image: Image) -> Track? {
        guard let chosen = choose(tracks.map { narrated($0, in: image) }) else { return nil }
        return tracks.first { $0.id == chosen.track }
    }

    /// The one to guide to: the one where it was guided to before when it is still seen there,
    /// else the surest.
    private func choose(_ things: [NarratedObject]) -> NarratedObject? {
        if let last, let same = things.max(by: { $0.box.intersectionOverUnion(last.object.box) < $1.box.intersectionOverUnion(last.object.box) }),
           same.box.intersectionOverUnion(last.object.box) > Self.sameThingOverlap {
            return same
        }
        return things.max { $0.confidence < $1.confidence }
    }

    private func event(_ text: String, kind: NarrationKind, at frame: Frame, objects: [NarratedObject]) -> NarrationEvent {
        NarrationEvent(time: frame.timestamp, frame: frame.index, kind: kind, priority: .message, text: text,
                       language: wording.language, objects: objects)
    }
}

extension ResultRecord {
    /// `find IMAGE --json`: what was sought, where each sighting is (its confidence, box and clock
    /// hour, and distance when its kind's size gives one), and the sentences said.
    static func find(source: String, width: Int, height: Int, label: String, sightings: [NarratedObject],
                     captions: [Caption]) -> JSONValue {
        .object([
            ("source", .string(source)),
            ("width", .integer(width)),
            ("height", .integer(height)),
            ("find", .string(label)),
            ("sightings", .array(sightings.map { thing in
                .object([
                    ("confidence", confidence(thing.confidence)),
                    ("box", box(thing.box)),
                    ("hour", .integer(thing.direction.hour)),
                    ("distance_m", thing.distanceMetres.map { .number($0, decimals: 1) } ?? .null),
                ])
            })),
            ("captions", captionArray(captions)),
        ])
    }
}
