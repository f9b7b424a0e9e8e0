// SPDX-License-Identifier: GPL-3.0-or-later
import Frames

/// Follows detected objects across the frames of one stream, so the narrator can say
/// "still there" instead of announcing the same person thirty times a second.
///
/// Association is per label and greedy: every (track, detection) pair of the same label with
/// IoU ≥ `minimumOverlap` is taken best first; what is left is then paired by the centroid
/// fallback (a detection whose centre lies inside the track's box grown by 50 %), nearest
/// first. Greedy rather than Hungarian because a camera frame holds a handful of objects per
/// class, where the two nearly always agree, and greedy is simple and deterministic.
///
/// One per stream, used from one thread; a live session's modes share one (`SharedDetection`),
/// feeding it in turn, so each names itself as the `reader` of its updates. The kind being
/// sought (`SoughtKind`) is believed and kept by rules of its own. Deterministic: the same
/// detections at the same times give the same ids and updates.
public final class Tracker {
    public let configuration: TrackerConfiguration

    /// Weight of the new detection when smoothing a track's box. 0.6 follows a walking
    /// person closely (at constant speed the box lags by two thirds of one frame's motion)
    /// while still damping the detector's frame-to-frame jitter of a few pixels.
    static let boxSmoothing = 0.6
    /// Weight of the new detection when smoothing confidence. Lower than the box's because
    /// confidence picks the hedge word ("probably", "maybe"): one doubtful frame should not
    /// change it, three frames at a new level move it four fifths of the way.
    static let confidenceSmoothing = 0.4
    /// How far the centroid fallback reaches: the track's box grown by this fraction of its
    /// size (half of it on each side). It catches fast motion between frames — a hand-held
    /// camera swinging, a frame dropped by the flow limiter — where same-sized boxes shifted
    /// by more than about half their width fall below 0.3 IoU, without reaching as far as a
    /// neighbouring object one box-width away.
    static let centroidReach = 0.5

    /// Live tracks, always sorted by id (new ids are larger than every existing one).
    private var tracks: [Track] = []
    private var nextID = 1
    /// Ids of the tracks that were confirmed and matched in the previous update: the scene
    /// a cut would replace.
    private var confirmedVisibleLastUpdate: Set<Int> = []
    /// The kind sought in the update under way, if any.
    private var sought: SoughtKind?
    /// Each stage that feeds the tracker in turn, by identity: the ids live after its last
    /// update, and those of them that ended since, while another stage fed it. Its next update
    /// ends them, so no stage is left holding a track that is gone.
    private var readers: [ObjectIdentifier: Reader] = [:]

    private struct Reader {
        var live: Set<Int> = []
        var endedMeanwhile: [Track] = []
    }

    public init(configuration: TrackerConfiguration = .standard) {
        self.configuration = configuration
    }

    /// Forgets every track. Ids keep increasing, so no later track is mistaken for an old one.
    private var frameHeight: Int?

    /// Within this share of the frame's height from the top or bottom edge, a box is taken
    /// to be cut off: the detector's box for a half-visible person often stops a few pixels
    /// short of the edge.
    static let edgeMargin = 0.02

    private func heightSamples(_ box: Box, at time: Timestamp) -> [Track.HeightSample] {
        if let frameHeight {
            let margin = max(2, Self.edgeMargin * Double(frameHeight))
            if box.y <= margin || box.maxY >= Double(frameHeight) - margin { return [] }
        }
        return [Track.HeightSample(time: time, height: box.height, bottom: box.maxY)]
    }

    public func reset() {
        tracks = []
        confirmedVisibleLastUpdate = []
    }

    /// - Parameter frameHeight: when given, box heights are recorded for approach
    ///   detection only while the box is clear of the frame's top and bottom edges: someone
    ///   walking into view from the bottom edge shows more of themselves each frame, which
    ///   looks like growth, though they may be walking away.
    /// - Parameter sought: the kind the user is looking for, believed and kept by its own rules.
    /// - Parameter reader: the stage feeding the tracker, when several do in turn (it must live
    ///   as long as the tracker): its update also ends the tracks it saw that ended meanwhile.
    public func update(_ detections: [Detection], at time: Timestamp, frameHeight: Int? = nil, seeking sought: SoughtKind? = nil,
                       for reader: AnyObject? = nil) -> TrackerUpdate {
        self.frameHeight = frameHeight
        self.sought = sought
        return delivered(tracked(detections, at: time), to: reader.map(ObjectIdentifier.init))
    }

    private func tracked(_ detections: [Detection], at time: Timestamp) -> TrackerUpdate {
        let matches = associate(detections)

        if isSceneCut(matches: matches, detectionCount: detections.count) {
            // The old tracks end as they were last seen; this frame's detections all start
            // over, even one that happened to match, since the new scene owns it.
            let ended = tracks
            tracks = detections.map { startTrack(from: $0, at: time) }
            confirmedVisibleLastUpdate = []
            return TrackerUpdate(tracks: tracks, ended: ended, sceneCut: true)
        }

        var live: [Track] = []
        var ended: [Track] = []
        for (index, var track) in tracks.enumerated() {
            if let detection = matches[index] {
                continueTrack(&track, with: detections[detection], at: time)
                live.append(track)
            } else {
                track.consecutiveMisses += 1
                // A tentative track that misses was most likely detector noise (unless it is
                // of the kind sought, whose sightings may be scattered).
                let unseen = time.seconds(since: track.lastSeen)
                let seeking = seeking(track.label)
                let tentativeGone = seeking.map { unseen > $0.tentativeUnseenSeconds } ?? true
                if (!track.isConfirmed && tentativeGone) || unseen > (seeking?.maxUnseenSeconds ?? configuration.maxUnseenSeconds) {
                    ended.append(track)
                } else {
                    live.append(track)
                }
            }
        }
        let used = Set(matches.values)
        for (index, detection) in detections.enumerated() where !used.contains(index) {
            live.append(startTrack(from: detection, at: time))
        }

        tracks = live
        confirmedVisibleLastUpdate = Set(tracks.filter { $0.isConfirmed && $0.isVisible }.map(\.id))
        return TrackerUpdate(tracks: tracks, ended: ended, sceneCut: false)
    }

    /// `update` as `reader` is to see it: with the ends of its tracks that came while another
    /// reader fed the tracker. The others' tracks that `update` ends are kept for them.
    private func delivered(_ update: TrackerUpdate, to reader: ObjectIdentifier?) -> TrackerUpdate {
        for other in readers.keys where other != reader {
            for track in update.ended where readers[other]?.live.remove(track.id) != nil {
                readers[other]?.endedMeanwhile.append(track)
            }
        }
        guard let reader else { return update }
        var update = update
        update.ended = (readers[reader]?.endedMeanwhile ?? []) + update.ended
        readers[reader] = Reader(live: Set(update.tracks.map(\.id)))
        return update
    }

    // MARK: - Association

    /// Track index → detection index.
    private func associate(_ detections: [Detection]) -> [Int: Int] {
        var overlapping: [Candidate] = []
        var near: [Candidate] = []
        for (t, track) in tracks.enumerated() {
            for (d, detection) in detections.enumerated() where detection.label == track.label {
                let overlap = track.box.intersectionOverUnion(detection.box)
                if overlap >= configuration.minimumOverlap {
                    overlapping.append(Candidate(track: t, detection: d, score: overlap))
                } else if Self.reaches(track.box, detection.box) {
                    let dx = detection.box.centerX - track.box.centerX
                    let dy = detection.box.centerY - track.box.centerY
                    // Nearer is better: negate the distance so both passes sort high first.
                    near.append(Candidate(track: t, detection: d, score: -(dx * dx + dy * dy).squareRoot()))
                }
            }
        }

        var matches: [Int: Int] = [:]
        var usedDetections: Set<Int> = []
        // Overlap first: a pair found by IoU is always preferred to one found by distance.
        for pass in [overlapping, near] {
            for candidate in pass.sorted(by: Candidate.isBetter)
            where matches[candidate.track] == nil && !usedDetections.contains(candidate.detection) {
                matches[candidate.track] = candidate.detection
                usedDetections.insert(candidate.detection)
            }
        }
        return matches
    }

    private struct Candidate {
        var track: Int
        var detection: Int
        var score: Double

        /// Higher score first; ties broken by index so the result never depends on sort order.
        static func isBetter(_ a: Candidate, _ b: Candidate) -> Bool {
            if a.score != b.score { return a.score > b.score }
            if a.track != b.track { return a.track < b.track }
            return a.detection < b.detection
        }
    }

    /// Whether `detection`'s centre lies inside `track` grown by `centroidReach`.
    private static func reaches(_ track: Box, _ detection: Box) -> Bool {
        let halfWidth = track.width * (1 + centroidReach) / 2
        let halfHeight = track.height * (1 + centroidReach) / 2
        return abs(detection.centerX - track.centerX) <= halfWidth
            && abs(detection.centerY - track.centerY) <= halfHeight
    }

    // MARK: - Scene cuts

    /// "Most tracks lost at once starts fresh." When the user turns round, or a video cuts,
    /// the old objects would otherwise linger for `maxUnseenSeconds` and the centroid
    /// fallback could hand an old id to a new object, so the narrator would stay silent about
    /// a new scene it believes it has described. It is a cut when
    /// - at least 2 confirmed tracks were matched in the previous update (one object
    ///   leaving while another enters is ordinary turnover, not a new scene),
    /// - at least `sceneCutFraction` of them go unmatched now, and
    /// - some detection in this frame matched no track. That new content is what tells a
    ///   cut from the detector blinking (a dark or blurred frame finds nothing, or misses a
    ///   few objects), after which the old tracks must carry on.
    private func isSceneCut(matches: [Int: Int], detectionCount: Int) -> Bool {
        guard confirmedVisibleLastUpdate.count >= 2, matches.count < detectionCount else { return false }
        let lost = tracks.indices.filter { confirmedVisibleLastUpdate.contains(tracks[$0].id) && matches[$0] == nil }
        return Double(lost.count) >= configuration.sceneCutFraction * Double(confirmedVisibleLastUpdate.count)
    }

    // MARK: - Track life

    private func startTrack(from detection: Detection, at time: Timestamp) -> Track {
        defer { nextID += 1 }
        return Track(
            id: nextID, classIndex: detection.classIndex, label: detection.label, box: detection.box,
            confidence: detection.confidence, hits: 1, consecutiveMisses: 0, firstSeen: time, lastSeen: time,
            heights: heightSamples(detection.box, at: time),
            isConfirmed: 1 >= hitsToConfirm(detection.label))
    }

    private func continueTrack(_ track: inout Track, with detection: Detection, at time: Timestamp) {
        track.box = Self.blend(track.box, detection.box, weight: Self.boxSmoothing)
        track.confidence += Self.confidenceSmoothing * (detection.confidence - track.confidence)
        track.hits += 1
        track.consecutiveMisses = 0
        track.lastSeen = time
        // Raw heights, not smoothed ones: smoothing would flatten the growth they are kept to show.
        track.heights += heightSamples(detection.box, at: time)
        track.heights.removeAll { time.seconds(since: $0.time) > configuration.heightHistorySeconds }
        if track.hits >= hitsToConfirm(track.label) { track.isConfirmed = true }
    }

    /// The sought kind's rules when `label` is its label.
    private func seeking(_ label: String) -> SoughtKind? {
        sought?.label == label ? sought : nil
    }

    private func hitsToConfirm(_ label: String) -> Int {
        seeking(label)?.hitsToConfirm ?? configuration.hitsToConfirm
    }

    /// Exponential moving average of two boxes, `weight` towards `new`.
    private static func blend(_ old: Box, _ new: Box, weight: Double) -> Box {
        func mix(_ a: Double, _ b: Double) -> Double { a + weight * (b - a) }
        return Box(x: mix(old.x, new.x), y: mix(old.y, new.y),
                   width: mix(old.width, new.width), height: mix(old.height, new.height))
    }
}
