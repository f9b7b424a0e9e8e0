// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Frames
import Seeing
import Narration

/// The light mode's stage: a tone whose pitch follows the brightness in view, and a sentence
/// ("Bright light, mostly from the left.") when the band or direction changes and holds; a
/// still image, a one-frame stream, gets its sentence at once, with the record `--json` prints.
///
/// One stage per stream, used from one thread.
public final class LightStage: StreamStage, ImageAnalyzer {
    /// A new band or direction must hold this long before it is said: a hand passing the
    /// lens, or brightness hovering at a band's edge, is not news.
    public static let steadySeconds = 0.5
    /// At least this long between two sentences, however the light changes.
    public static let minimumSecondsBetweenSentences = 2.0
    /// The tone is refreshed at most this often: four times a second follows a moving hand
    /// without the tone stuttering, and well inside the cue player's staleness time, so the
    /// tone holds while the mode runs and stops soon after it does not.
    public static let secondsBetweenTones = 0.25

    private let meter: LightMeter
    private var announcement = SteadyAnnouncement<LightKey>(steadySeconds: steadySeconds,
                                                            minimumInterval: minimumSecondsBetweenSentences)
    private var lastToneTime: Timestamp?

    /// The newest measurement, after each `observe`.
    public private(set) var lastReading: LightReading?

    public init(meter: LightMeter) {
        self.meter = meter
    }

    /// The stage with a meter that words its sentences in `wording`.
    public convenience init(wording: Wording) {
        self.init(meter: LightMeter(wording: wording))
    }

    struct LightKey: Equatable {
        var band: LightBand
        var direction: LightDirection?
    }

    public func observe(_ frame: Frame) throws -> [NarrationEvent] {
        let reading = try meter.read(frame.image)
        lastReading = reading
        var events: [NarrationEvent] = []
        if lastToneTime.map({ frame.timestamp.seconds(since: $0) >= Self.secondsBetweenTones }) ?? true {
            lastToneTime = frame.timestamp
            // Sounds as long as their period join into one held tone.
            events.append(.cue(Tone(hertz: reading.tonePitch, seconds: Self.secondsBetweenTones,
                                    perSecond: 1 / Self.secondsBetweenTones), at: frame))
        }
        if announcement.shouldSay(LightKey(band: reading.band, direction: reading.direction), at: frame.timestamp) {
            events.append(event(reading, frame))
        }
        return events
    }

    /// `describe`: the light now, whatever was said before.
    public var commands: Set<LiveCommand> { [.describeNow] }

    public func perform(_ command: LiveCommand, on frame: Frame?) throws -> [NarrationEvent] {
        guard command == .describeNow else { return [] }
        guard let frame else { return [.noPictureYet(meter.wording)] }
        let reading = try meter.read(frame.image)
        announcement.markSaid(LightKey(band: reading.band, direction: reading.direction), at: frame.timestamp)
        return [event(reading, frame)]
    }

    public func finish(at time: Timestamp, frame: Int) -> [NarrationEvent] {
        [.endOfStream(at: time, frame: frame, wording: meter.wording)]
    }

    func event(_ reading: LightReading, _ frame: Frame) -> NarrationEvent {
        NarrationEvent(time: frame.timestamp, frame: frame.index, kind: .summary, priority: .message, text: reading.sentence,
                       language: meter.wording.language)
    }

    /// A still image: its light in one sentence, said as a summary.
    public func analyze(_ image: Image, source: String) throws -> ImageAnalysis {
        let reading = try meter.read(image)
        return .summary(reading.sentence, language: meter.wording.language, record: LightRecords.light(source: source, reading))
    }
}
