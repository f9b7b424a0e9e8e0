// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing

/// Turns tracks over time into narration a person can live with: each object announced
/// once, when its track is believed, grouped by kind with whatever appeared at the same
/// moment; a new one of a kind already spoken of said as "another"; never again while it
/// stays in view, again only after it was gone for a while (and a low-band object that
/// keeps blinking back at most once a minute); hazards first; never more than one ordinary
/// utterance in flight; never a claim of absence — a kind whose last object leaves is not
/// announced as gone, only left out of the next summary.
///
/// One narrator per stream, used from one thread. It knows nothing of how events are
/// rendered.
public final class AwarenessNarrator {
    public var policy: NarrationPolicy
    /// The words of its sentences.
    public let sentences: ObjectSentences
    public var wording: Wording { sentences.wording }

    /// Tracks already spoken of (or known to be an object spoken of before), with when and
    /// in which band that object was last announced.
    private var announced: [Int: Mention] = [:]
    /// Tracks kept quiet as flicker, with their band then: announced if it rises.
    private var damped: [Int: ConfidenceBand] = [:]
    /// When each kind (spoken label) was last spoken of in this view.
    private var kindSpoken: [String: Timestamp] = [:]
    /// Believed tracks waiting for the next utterance, oldest first, with their state.
    private var pending: [(id: Int, state: NarratedObject.State)] = []
    /// Spoken-of objects whose tracks ended, to recognise them when they come back.
    private var memory: [Remembered] = []
    /// Tracks already announced as approaching.
    private var hazards: Set<Int> = []
    /// When the utterance in flight will have been spoken (estimated).
    private var busyUntil: Timestamp?
    private var lastSummary: Timestamp?

    private struct Remembered {
        var label: String
        var box: Box
        var lastSeen: Timestamp
        var mention: Mention
    }

    private struct Mention {
        var time: Timestamp
        var band: ConfidenceBand
    }

    /// Memory of objects gone longer than this is dropped; a return after so long is news.
    private static let memorySeconds = 60.0

    public init(policy: NarrationPolicy = NarrationPolicy(), wording: Wording) {
        self.policy = policy
        sentences = ObjectSentences(wording: wording)
    }

    /// Events for one processed frame, hazards first.
    public func observe(_ update: TrackerUpdate, in frame: Frame) -> [NarrationEvent] {
        let now = frame.timestamp
        let size = (width: frame.image.width, height: frame.image.height)
        if update.sceneCut {
            // A new view: what was said is about the old one. Speech about it is stale too
            // (newer text replaces older), so the next announcement need not wait.
            announced.removeAll()
            damped.removeAll()
            kindSpoken.removeAll()
            pending.removeAll()
            memory.removeAll()
            hazards.removeAll()
            busyUntil = nil
        } else {
            for track in update.ended {
                guard let mention = announced[track.id] else { continue }
                memory.append(Remembered(label: track.label, box: track.box, lastSeen: track.lastSeen, mention: mention))
            }
        }
        for track in update.ended {
            announced[track.id] = nil
            damped[track.id] = nil
            hazards.remove(track.id)
        }
        memory.removeAll { now.seconds(since: $0.lastSeen) > Self.memorySeconds }
        let live = Dictionary(uniqueKeysWithValues: update.tracks.map { ($0.id, $0) })
        pending.removeAll { live[$0.id] == nil }

        queueNewlyBelieved(update.tracks, size: size)
        queueRisenFlicker(live)
        var events = hazardEvents(update.tracks, frame: frame, size: size)
        if let utterance = ordinaryUtterance(live: live, frame: frame, size: size) { events.append(utterance) }
        if let every = policy.describeEverySeconds {
            // Summaries run every N seconds from the stream's first frame, whatever its clock
            // reads (a camera's does not start at zero).
            if lastSummary == nil { lastSummary = now }
            if let last = lastSummary, now.seconds(since: last) >= every {
                events.append(describe(update.tracks, in: frame))
                lastSummary = now
            }
        }
        return events
    }

    /// A summary of everything believed in view now (`--describe-every`): unasked, so kept
    /// to one sentence.
    public func describe(_ tracks: [Track], in frame: Frame) -> NarrationEvent {
        summary(tracks.filter { $0.isConfirmed && $0.isVisible }
            .map { narrated($0, state: .present, width: frame.image.width, height: frame.image.height) }, in: frame,
                complete: false)
    }

    /// A summary of what one fresh look at `frame` found (the `d` key), each detection placed
    /// by `narrated(_:in:)`, worded as the summaries of tracks are: asked for, so every kind is named.
    public func describe(_ objects: [NarratedObject], in frame: Frame) -> NarrationEvent {
        summary(objects, in: frame, complete: true)
    }

    /// One detection of a single look at `image` (no track), placed by the policy's field of view.
    public func narrated(_ detection: Detection, in image: Image) -> NarratedObject {
        NarratedObject(label: detection.label, confidence: detection.confidence, box: detection.box, track: nil, state: .present,
                       imageWidth: image.width, imageHeight: image.height, horizontalFieldOfView: policy.horizontalFieldOfView)
    }

    /// One summary event of the objects confident enough to name, which it carries; `complete`
    /// names them all (`ObjectSentences.completeSummary`).
    private func summary(_ objects: [NarratedObject], in frame: Frame, complete: Bool) -> NarrationEvent {
        let named = objects.filter { ConfidenceBand(confidence: $0.confidence) != nil }
        let groups = ObjectSentences.group(named)
        let text = complete ? sentences.completeSummary(groups, verbosity: policy.verbosity)
            : sentences.summary(groups, verbosity: policy.verbosity)
        return NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .summary, priority: .message,
                              text: text, language: wording.language, objects: named)
    }

    /// The stream ended: say so once, so the listener is not left waiting.
    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        [.endOfStream(at: time, frame: frame, wording: wording)]
    }

    // MARK: Rules

    /// A track is announced when it becomes believed (confirmed, visible, confident enough
    /// to hedge), unless it is an object spoken of before that was gone only briefly, or a
    /// low-band object blinking back within the policy's flicker interval.
    private func queueNewlyBelieved(_ tracks: [Track], size: (width: Int, height: Int)) {
        for track in tracks where track.isConfirmed && track.isVisible && announced[track.id] == nil
            && !pending.contains(where: { $0.id == track.id }) {
            guard let band = ConfidenceBand(confidence: track.confidence) else { continue }
            // The tracker may start a new track for an object that jumped while briefly
            // missed; its old, announced track is still alive. Same object, no news.
            if let old = tracks.first(where: { other in
                other.id != track.id && !other.isVisible && announced[other.id] != nil
                    && isSameObject(label: other.label, box: other.box, as: track, width: size.width)
            }) {
                announced[track.id] = announced[old.id]
                continue
            }
            var state = NarratedObject.State.new
            if let index = memory.firstIndex(where: { isSameObject(label: $0.label, box: $0.box, as: track, width: size.width) }) {
                let remembered = memory.remove(at: index)
                let mention = remembered.mention
                if track.firstSeen.seconds(since: remembered.lastSeen) < policy.returnAfterSeconds {
                    announced[track.id] = mention
                    continue
                }
                if policy.isFlicker(band: band, lastBand: mention.band,
                                    secondsSinceMention: track.firstSeen.seconds(since: mention.time)) {
                    announced[track.id] = mention
                    damped[track.id] = band
                    continue
                }
                state = .returned
            }
            pending.append((track.id, state))
        }
    }

    /// A track kept quiet as flicker is announced after all once its band rises: the
    /// detector has become surer of it.
    private func queueRisenFlicker(_ live: [Int: Track]) {
        for (id, band) in damped {
            guard let track = live[id], track.isVisible, let now = ConfidenceBand(confidence: track.confidence),
                  now > band else { continue }
            damped[id] = nil
            announced[id] = nil
            pending.append((id, .returned))
        }
    }

    /// Same label, and where it was: overlapping, or its centre within a seventh of the
    /// frame's width (the camera moved a little while it was out of view).
    private func isSameObject(label: String, box: Box, as track: Track, width: Int) -> Bool {
        guard label == track.label else { return false }
        if box.intersectionOverUnion(track.box) > 0.1 { return true }
        let dx = box.centerX - track.box.centerX, dy = box.centerY - track.box.centerY
        return (dx * dx + dy * dy).squareRoot() <= Double(width) / 7
    }

    private func hazardEvents(_ tracks: [Track], frame: Frame, size: (width: Int, height: Int)) -> [NarrationEvent] {
        var events: [NarrationEvent] = []
        for track in tracks where track.isConfirmed && track.isVisible && !hazards.contains(track.id)
            && NarrationPolicy.approachingHazards.contains(track.label) && isApproaching(track) {
            // Too unsure to name is too unsure to warn of.
            guard let band = ConfidenceBand(confidence: track.confidence) else { continue }
            hazards.insert(track.id)
            announced[track.id] = Mention(time: frame.timestamp, band: band)
            damped[track.id] = nil
            kindSpoken[ObjectNoun.normalized(track.label)] = frame.timestamp
            pending.removeAll { $0.id == track.id }
            let object = narrated(track, state: .approaching, width: size.width, height: size.height)
            events.append(NarrationEvent(
                time: frame.timestamp, frame: frame.index, kind: .hazard, priority: .important,
                text: sentences.hazard(label: track.label, direction: object.direction, band: band,
                                       verbosity: policy.verbosity),
                language: wording.language, objects: [object]))
        }
        return events
    }

    /// Growing steadily: over at least the approach window, the box's height grew by the
    /// approach factor (medians of the first and last three samples, against jitter), most
    /// steps between samples grew, and its bottom edge came down the image, as the feet of
    /// someone walking towards the camera do. (A person walking in from the side, first
    /// half-hidden, also "grows", but their feet do not come down.)
    func isApproaching(_ track: Track) -> Bool {
        let samples = track.heights
        guard samples.count >= 6, let first = samples.first, let last = samples.last,
              last.time.seconds(since: first.time) >= policy.approachWindowSeconds else { return false }
        func median(_ values: ArraySlice<Track.HeightSample>, _ value: KeyPath<Track.HeightSample, Double>) -> Double {
            values.map { $0[keyPath: value] }.sorted()[values.count / 2]
        }
        let start = median(samples.prefix(3), \.height), end = median(samples.suffix(3), \.height)
        guard start > 0, end / start >= policy.approachGrowth,
              median(samples.suffix(3), \.bottom) > median(samples.prefix(3), \.bottom) else { return false }
        let growingSteps = zip(samples, samples.dropFirst()).filter { $1.height >= $0.height }.count
        return Double(growingSteps) >= 0.6 * Double(samples.count - 1)
    }

    /// Everything pending, grouped by kind (kinds at one hour in one sentence) into one
    /// utterance of at most `maxWordsPerUtterance` words, once the previous one has been
    /// spoken. Kinds that do not fit wait.
    private func ordinaryUtterance(live: [Int: Track], frame: Frame, size: (width: Int, height: Int)) -> NarrationEvent? {
        guard !pending.isEmpty else { return nil }
        if let busyUntil, frame.timestamp < busyUntil { return nil }
        var objects = pending.compactMap { entry in
            live[entry.id].map { narrated($0, state: entry.state, width: size.width, height: size.height) }
        }
        let news = newsKinds(objects, live: live, at: frame.timestamp)
        for index in objects.indices where news.contains(ObjectNoun.normalized(objects[index].label)) {
            objects[index].state = .another
        }
        var chosen: [ObjectGroup] = []
        var words = 0
        for var group in ObjectSentences.group(objects) {
            if group.isNews { group.totalInView = believedInView(group.label, live) }
            // Counted as a sentence of its own: kinds sharing an hour are said in fewer words,
            // never more, so the utterance keeps within the limit and its pacing stays as it was.
            let count = ObjectSentences.wordCount(sentences.sentence(group, verbosity: policy.verbosity))
            guard chosen.isEmpty || words + count <= policy.maxWordsPerUtterance else { continue }
            chosen.append(group)
            words += count
        }
        guard !chosen.isEmpty else { return nil }
        let text = sentences.utterance(chosen, verbosity: policy.verbosity)
        let spoken = objects.filter { object in chosen.contains { $0.holds(object) } }
        for object in spoken {
            guard let id = object.track, let band = ConfidenceBand(confidence: object.confidence) else { continue }
            announced[id] = Mention(time: frame.timestamp, band: band)
        }
        for group in chosen { kindSpoken[group.label] = frame.timestamp }
        let spokenIDs = Set(spoken.compactMap(\.track))
        pending.removeAll { spokenIDs.contains($0.id) }
        busyUntil = frame.timestamp.adding(seconds: Double(words) / policy.wordsPerSecond)
        return NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .objects, priority: .text,
                              text: text, language: wording.language, objects: spoken)
    }

    /// The kinds (spoken labels) whose pending objects are news: all of them new, of a kind
    /// already spoken of in this view — one is still in view, or one was announced within
    /// `anotherWithinSeconds`. They are "another person". An object back where one of its
    /// kind was is not "another": it may well be the same one.
    private func newsKinds(_ objects: [NarratedObject], live: [Int: Track], at now: Timestamp) -> Set<String> {
        let byKind = Dictionary(grouping: objects) { ObjectNoun.normalized($0.label) }
        return Set(byKind.compactMap { kind, members in
            guard members.allSatisfy({ $0.state == .new }) else { return nil }
            let spokenOfRecently = kindSpoken[kind].map { now.seconds(since: $0) <= policy.anotherWithinSeconds } ?? false
            let oneInView = live.values.contains { ObjectNoun.normalized($0.label) == kind && announced[$0.id] != nil }
            return spokenOfRecently || oneInView ? kind : nil
        })
    }

    /// How many of a kind are believed in view now: confirmed, seen in this frame, speakable.
    private func believedInView(_ kind: String, _ live: [Int: Track]) -> Int {
        live.values.filter {
            ObjectNoun.normalized($0.label) == kind && $0.isConfirmed && $0.isVisible
                && ConfidenceBand(confidence: $0.confidence) != nil
        }.count
    }

    private func narrated(_ track: Track, state: NarratedObject.State, width: Int, height: Int) -> NarratedObject {
        NarratedObject(label: track.label, confidence: track.confidence, box: track.box, track: track.id, state: state,
                       imageWidth: width, imageHeight: height, horizontalFieldOfView: policy.horizontalFieldOfView)
    }
}
