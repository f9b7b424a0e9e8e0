// SPDX-License-Identifier: GPL-3.0-or-later
import Narration

/// The sample stream a held cue plays, one chunk at a time: the tone's sound, then silence until
/// the next is due (`1 / perSecond` after the last began), and so on until it is released; a tone
/// with `perSecond` 0 sounds once. A newer tone replaces the held one at once but keeps the beat:
/// its next sound is due one new period after the last one began, so a rising rate never doubles
/// a tick, and the same tone sent again changes nothing. A sound that has begun always plays to
/// its end, so it never clicks.
struct CueTrain {
    /// Faster than 20 a second the ticks fuse into a buzz and rates can no longer be told apart.
    static let mostPerSecond = 20.0

    let sampleRate: Int
    /// The cue playing, until released (a single sound lets go of itself once it has begun).
    private(set) var held: Tone?
    /// What is left of the sound being played.
    private var sound: ArraySlice<Int16> = []
    /// Samples since the last sound began; nil before the first.
    private var sinceLastStart: Int?
    /// The last sound made, kept because a tick train repeats the same samples.
    private var made: (hertz: Double, seconds: Double, samples: [Int16])?

    init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    var isHolding: Bool { held != nil }
    /// Nothing held and nothing left to play: the rest is silence.
    var isSilent: Bool { held == nil && sound.isEmpty }

    mutating func hold(_ tone: Tone) { held = tone }
    /// No new sound starts; the one playing finishes.
    mutating func release() { held = nil }

    /// The next `count` samples.
    mutating func next(_ count: Int) -> [Int16] {
        var chunk: [Int16] = []
        chunk.reserveCapacity(count)
        while chunk.count < count {
            if sound.isEmpty, let tone = held, samplesUntilDue(tone) == 0 { start(tone) }
            let room = count - chunk.count
            let taken: Int
            if !sound.isEmpty {
                taken = min(room, sound.count)
                chunk.append(contentsOf: sound.prefix(taken))
                sound = sound.dropFirst(taken)
            } else {
                taken = min(room, held.map { samplesUntilDue($0) } ?? room)
                chunk.append(contentsOf: repeatElement(0, count: taken))
            }
            sinceLastStart = sinceLastStart.map { $0 + taken }
        }
        return chunk
    }

    /// The tone's period in samples, or nil for a single sound.
    private func period(_ tone: Tone) -> Int? {
        guard tone.perSecond > 0, tone.perSecond.isFinite else { return nil }
        return max(1, Int((Double(sampleRate) / min(tone.perSecond, Self.mostPerSecond)).rounded()))
    }

    private func samplesUntilDue(_ tone: Tone) -> Int {
        guard let period = period(tone), let since = sinceLastStart else { return 0 }
        return max(0, period - since)
    }

    private mutating func start(_ tone: Tone) {
        // A sound no longer than its period, so sounds never overlap.
        let seconds = period(tone).map { min(tone.seconds, Double($0) / Double(sampleRate)) } ?? tone.seconds
        if made?.hertz != tone.hertz || made?.seconds != seconds {
            made = (tone.hertz, seconds, ToneSynthesis.samples(hertz: tone.hertz, seconds: seconds, sampleRate: sampleRate))
        }
        sound = made?.samples[...] ?? []
        sinceLastStart = 0
        if period(tone) == nil { held = nil }
    }
}
