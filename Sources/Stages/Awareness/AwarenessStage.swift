// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing
import Narration

/// Awareness: detect objects, follow them across frames, narrate what matters. Detection is
/// the stage's first step (`DetectionStep`), so a recording processed every frame can detect
/// ahead on several networks (`workerSteps`) while this stage tracks and narrates in order. A
/// still image, a one-frame stream, is described whole at once: one sentence per kind of
/// object, in the words the narrator uses (`ObjectSentences.pictureSentences`), or summed up
/// as the `d` key sums up the camera's view when the policy asks (`summarizesStills`).
public final class AwarenessStage: SteppedStage, ImageAnalyzer {
    public let step: DetectionStep
    public let workerSteps: [DetectionStep]
    /// Its own, or in a live session the one every mode that detects shares (`SharedDetection`).
    let tracker: Tracker
    let narrator: AwarenessNarrator
    /// Sees every processed frame's detections, for evaluation and benchmarks; never the
    /// frame's pixels outside the process.
    public var detectionObserver: ((Frame, [Detection]) -> Void)?
    public private(set) var lastTimings = StageTimings()
    /// Text in view, said after each summary (the `d` key, `--describe-every`); nil says none.
    public var signs: SignGlance?
    /// The light, for the sentence that opens a summary asked for (`summary(of:in:)`).
    private let meter: LightMeter

    public init(step: DetectionStep, workerSteps: [DetectionStep] = [], tracker: Tracker = Tracker(),
                narrator: AwarenessNarrator) {
        self.step = step
        self.workerSteps = workerSteps
        self.tracker = tracker
        self.narrator = narrator
        meter = LightMeter(wording: narrator.wording)
    }

    /// One network, frames one at a time.
    public convenience init(detector: ObjectDetector, tracker: Tracker = Tracker(), narrator: AwarenessNarrator,
                            minConfidence: Double) {
        self.init(step: DetectionStep(detector: detector, minConfidence: minConfidence), tracker: tracker,
                  narrator: narrator)
    }

    public func observe(_ frame: Frame, after detections: [Detection], timings: StageTimings) -> [NarrationEvent] {
        lastTimings = timings
        detectionObserver?(frame, detections)
        let update = MonotonicClock.timed(&lastTimings.tracking) {
            tracker.update(detections, at: frame.timestamp, frameHeight: frame.image.height, for: self)
        }
        let events = MonotonicClock.timed(&lastTimings.narration) { narrator.observe(update, in: frame) }
        guard events.contains(where: { $0.kind == .summary }) else { return events }
        return events + signEvents(in: frame)
    }

    /// The summary's sentences about text in view, as summaries too (queued, never cut off);
    /// `picture` is the still's path when the frame is one. A failure to read text is not
    /// awareness's to report: the objects were still said.
    private func signEvents(in frame: Frame, picture: String? = nil) -> [NarrationEvent] {
        guard let signs, let sentences = try? signs.sentences(for: frame.image, horizontalFieldOfView: narrator.policy.horizontalFieldOfView,
                                                               picture: picture)
        else { return [] }
        return sentences.map {
            NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .summary, priority: .message, text: $0,
                           language: signs.wording.language)
        }
    }

    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        narrator.finish(at: time, frame: frame)
    }

    /// `describe`: a fresh look at the newest frame — the place it probably shows and its
    /// light, then everything confident in it, worded as the narrator's summaries are, then
    /// signs; `more` and `less`: the wording's verbosity.
    public var commands: Set<LiveCommand> { [.describeNow, .moreVerbose, .lessVerbose] }

    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        switch command {
        case .describeNow:
            guard let frame else { return [.noPictureYet(narrator.wording)] }
            // One summary, opening with the place, so that repeating it repeats all of it.
            let summary = try summary(of: try step.detect(in: frame.image), in: frame)
            var described = summary.objects
            described.text = summary.opening.text + " " + described.text
            return [described] + summary.signs
        case .moreVerbose, .lessVerbose:
            let levels = Verbosity.allCases
            let current = levels.firstIndex(of: narrator.policy.verbosity) ?? 1
            let next = current + (command == .moreVerbose ? 1 : -1)
            // At either end nothing changes, and the answer must not sound as if it had.
            guard levels.indices.contains(next) else {
                return [.status(command == .moreVerbose ? .awarenessAlreadyMostDetailed : .awarenessAlreadyShortest,
                                narrator.wording, at: frame)]
            }
            narrator.policy.verbosity = levels[next]
            return [.status(Self.verbosityName(levels[next]), narrator.wording, at: frame)]
        default:
            return []
        }
    }

    /// A summary asked for (the `d` key, a still with `--summary`): its opening sentence, the
    /// place guessed and the light; everything `detections` found; the signs in view; and the
    /// guess and light themselves. `picture` is the still's path when the frame is one.
    private func summary(of detections: [Detection], in frame: Frame, picture: String? = nil) throws
        -> (opening: NarrationEvent, objects: NarrationEvent, signs: [NarrationEvent], place: PlaceGuess?, light: LightBand) {
        let objects = detections.map { narrator.narrated($0, in: frame.image) }
        let place = PlaceGuess.guess(objects), light = try meter.read(frame.image).band
        let opening = NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .summary, priority: .message,
                                     text: narrator.sentences.placeSentence(place, light: light, verbosity: narrator.policy.verbosity),
                                     language: narrator.wording.language,
                                     objects: place?.evidence.filter { ConfidenceBand(confidence: $0.confidence) != nil } ?? [])
        return (opening, narrator.describe(objects, in: frame), signEvents(in: frame, picture: picture), place, light)
    }

    /// What `more` and `less` say on arriving at `verbosity`.
    static func verbosityName(_ verbosity: Verbosity) -> MessageID {
        switch verbosity {
        case .terse: .awarenessShortDescriptions
        case .normal: .awarenessNormalDescriptions
        case .detailed: .awarenessDetailedDescriptions
        }
    }

    /// A still image: detect, then describe in the hedged sentences the narrator uses, one per
    /// kind of object; its field of view places them and its verbosity words them. Said as
    /// messages, like a page or a code: a picture's sentences are one answer, heard whole and
    /// in order (narration's text priority lets each cut off the one before).
    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let policy = narrator.policy, sentences = narrator.sentences, language = narrator.wording.language
        let detections = try step.detect(in: image)
        if policy.summarizesStills { return try summaryAnalysis(detections, image: image, source: source) }
        let objects = detections.map { narrator.narrated($0, in: image) }
        var captions: [Caption] = []
        var events: [NarrationEvent] = []
        for sentence in sentences.pictureSentences(ObjectSentences.group(objects), verbosity: policy.verbosity) {
            let confidence = sentence.groups.map(\.confidence).max() ?? 0
            captions.append(Caption(text: sentence.text, priority: .message, confidence: confidence))
            events.append(NarrationEvent(time: .zero, frame: 0, kind: .objects, priority: .message, text: sentence.text,
                                         language: language, objects: objects.filter { object in sentence.groups.contains { $0.holds(object) } }))
        }
        if captions.isEmpty {
            // A sentence about the tool, never a claim that nothing is there.
            let nothing = sentences.nothingConfident
            captions = [Caption(text: nothing, priority: .message, confidence: 1)]
            events = [NarrationEvent(time: .zero, frame: 0, kind: .objects, priority: .message, text: nothing, language: language)]
        }
        let record = ResultRecord.aware(source: source, width: image.width, height: image.height,
                                        detections: detections, captions: captions)
        return ImageAnalysis(record: record, events: events)
    }

    /// A still summed up (`--summary`): the summary's events, each a caption, and the record
    /// with the place guessed.
    private func summaryAnalysis(_ detections: [Detection], image: Image, source: String) throws -> ImageAnalysis {
        let summary = try summary(of: detections, in: Frame(image: image, timestamp: .zero, index: 0), picture: source)
        // A line each, as a still's sentences are.
        let events = [summary.opening, summary.objects] + summary.signs
        let captions = events.map { event in
            Caption(text: event.text, priority: event.priority, confidence: event.objects.map(\.confidence).max() ?? 1)
        }
        let record = ResultRecord.aware(source: source, width: image.width, height: image.height, detections: detections,
                                        captions: captions, place: (summary.place, summary.light))
        return ImageAnalysis(record: record, events: events)
    }
}
