// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import Frames

/// Cue samples recorded instead of played, each stamped with when it would have been heard: a
/// device that plays what it is given at once, one write after another. `flush` drops what would
/// not yet have been heard, as the real device does. Tests read `sounds` to check what was heard.
public final class RecordedToneOutput: ToneOutput {
    /// One sound heard: from its first sample to its last non-silent one.
    public struct Sound: Sendable, Equatable {
        public var start: Timestamp
        public var seconds: Double
        /// The pitch, from the sound's zero crossings.
        public var hertz: Double
        public var end: Timestamp { start.adding(seconds: seconds) }
    }

    /// Silence shorter than this inside a sound is part of it (a sine can round to 0 as it crosses).
    static let gapSeconds = 0.002

    private struct Segment {
        var start: Timestamp
        var samples: [Int16]
    }

    private struct State {
        var segments: [Segment] = []
        /// When the last write will have been heard.
        var end: Timestamp?
        var closed = false
    }

    public let sampleRate: Int
    private let state = Mutex(State())

    public init(sampleRate: Int = ToneSynthesis.sampleRate) {
        self.sampleRate = sampleRate
    }

    public var isClosed: Bool { state.withLock { $0.closed } }

    public func write(_ samples: [Int16]) -> Bool {
        let now = MonotonicClock.now()
        return state.withLock { state in
            guard !state.closed else { return false }
            let start = max(state.end ?? now, now)
            state.segments.append(Segment(start: start, samples: samples))
            state.end = start.adding(seconds: Double(samples.count) / Double(sampleRate))
            return true
        }
    }

    public func flush() {
        let now = MonotonicClock.now()
        state.withLock { state in
            state.segments = state.segments.compactMap { segment in
                let heard = Int((now.seconds(since: segment.start) * Double(sampleRate)).rounded(.down))
                guard heard > 0 else { return nil }
                return Segment(start: segment.start, samples: Array(segment.samples.prefix(heard)))
            }
            state.end = nil
        }
    }

    public func close() {
        state.withLock { $0.closed = true }
    }

    /// Every sound heard so far, in order.
    public var sounds: [Sound] {
        let segments = state.withLock { $0.segments }
        let gap = Int(Self.gapSeconds * Double(sampleRate))
        var sounds: [Sound] = []
        // The sound being gathered: its start, samples up to its last non-zero one, and crossings.
        var start: Timestamp?
        var length = 0, silentRun = 0, crossings = 0
        var previousSign = 0
        var previousEnd: Timestamp?
        func close() {
            if let start, length > 0 {
                let seconds = Double(length) / Double(sampleRate)
                sounds.append(Sound(start: start, seconds: seconds, hertz: Double(crossings) / (2 * seconds)))
            }
            start = nil
            length = 0
            silentRun = 0
            crossings = 0
            previousSign = 0
        }
        for segment in segments {
            // A write that begins after the last one ended: the silence between ends any sound.
            if let previousEnd, segment.start.seconds(since: previousEnd) > Self.gapSeconds { close() }
            for (index, sample) in segment.samples.enumerated() {
                guard sample != 0 else {
                    silentRun += 1
                    if silentRun >= gap { close() }
                    continue
                }
                if start == nil {
                    start = segment.start.adding(seconds: Double(index) / Double(sampleRate))
                    silentRun = 0  // the silence before a sound is not part of it
                }
                length += silentRun + 1
                silentRun = 0
                let sign = sample > 0 ? 1 : -1
                if previousSign != 0, sign != previousSign { crossings += 1 }
                previousSign = sign
            }
            previousEnd = segment.start.adding(seconds: Double(segment.samples.count) / Double(sampleRate))
        }
        close()
        return sounds
    }
}
