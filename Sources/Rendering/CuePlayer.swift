// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Frames
import Narration

/// Plays cues (`Tone`s) on a `ToneOutput`, on a thread of its own so a sound never waits for
/// speech or for the caller: it holds the newest cue and plays its tick train at its rate
/// (`CueTrain`), falls silent by itself once no cue has come for `staleSeconds`, and at once on
/// `interrupt`. While a sound or its tail is playing it writes a continuous stream, silence
/// included, so the device is paced and never runs dry in the middle of a train.
public final class CuePlayer: Sendable {
    /// A held cue lasts this long after the last one came. A stage sends its cue again with each
    /// frame that still sees what the cue is about (live stages process 4 or more frames a
    /// second, so every 0.25 s or sooner); 0.6 s is two such frames missed in a row: the code has
    /// left the view or the stage has stalled, and a tick that went on would say it was still there.
    public static let staleSeconds = 0.6
    /// Samples are made this far ahead of the clock: enough that a late wake-up of the thread never
    /// starves the device, little enough (under pcaudiolib's 60 ms device buffer) that a newer cue
    /// is heard at once.
    static let leadSeconds = 0.05
    /// Each write: short, so a new cue or an interrupt is acted on within one.
    static let chunkSeconds = 0.01
    /// Silence written after the last sound. PulseAudio starts a stream only once its buffer
    /// (pcaudiolib asks for 60 ms) is full, so without it a lone tick would wait for the next.
    static let tailSeconds = 0.1
    /// How long `interrupt` and `close` wait for the thread: a device that hangs must not hang quit.
    static let handOffLimitSeconds = 1.0

    private let mailbox = CommandMailbox<Command>()

    /// Plays on `output`; the player owns it from now on and closes it in `close`.
    public init(output: any ToneOutput) {
        let thread = Thread { [mailbox] in Self.run(output, mailbox) }
        thread.name = "cues"
        thread.start()
    }

    /// Plays on the default sound device (or `device`); throws one sentence when it cannot open.
    public convenience init(device: String? = nil) throws(RendererError) {
        self.init(output: try SoundDeviceToneOutput(device: device))
    }

    deinit { close() }

    /// Makes `tone` the cue playing, from now on; returns at once.
    public func play(_ tone: Tone) {
        mailbox.post(.play(tone, MonotonicClock.now()))
    }

    /// Silences the cue at once and drops it; returns once the output is silent.
    public func interrupt() {
        let silenced = DispatchSemaphore(value: 0)
        guard mailbox.post(.interrupt(silenced)) else { return }
        _ = silenced.wait(timeout: .now() + Self.handOffLimitSeconds)
    }

    /// Silences the cue and releases the output; later calls do nothing.
    public func close() {
        guard mailbox.post(.close, closing: true) else { return }
        _ = mailbox.done.wait(timeout: .now() + Self.handOffLimitSeconds)
    }

    private enum Command: Sendable {
        case play(Tone, Timestamp)
        case interrupt(DispatchSemaphore)
        case close
    }

    /// The player's thread: applies commands, releases a stale cue, and keeps the output
    /// `leadSeconds` ahead of the clock while anything (or its tail) is left to play.
    private static func run(_ output: any ToneOutput, _ mailbox: CommandMailbox<Command>) {
        let rate = output.sampleRate
        let chunk = max(1, Int(Double(rate) * chunkSeconds))
        let tail = Int(Double(rate) * tailSeconds)
        var train = CueTrain(sampleRate: rate)
        var lastCue = Timestamp.zero
        // When what has been written will have been heard; nil while the output is idle.
        var writtenUntil: Timestamp?
        // Silence written since the train fell silent.
        var quiet = 0
        var failed = false
        while true {
            for command in mailbox.takeAll() {
                switch command {
                case .play(let tone, let time):
                    guard !failed else { continue }
                    train.hold(tone)
                    lastCue = time
                    quiet = 0
                case .interrupt(let silenced):
                    train = CueTrain(sampleRate: rate)
                    if writtenUntil != nil { output.flush() }
                    writtenUntil = nil
                    silenced.signal()
                case .close:
                    if writtenUntil != nil { output.flush() }
                    output.close()
                    mailbox.done.signal()
                    return
                }
            }
            let now = MonotonicClock.now()
            if !train.isSilent || (writtenUntil != nil && quiet < tail) {
                // After a pause longer than what was written, the stream starts again from now.
                var end = max(writtenUntil ?? now, now)
                while end < now.adding(seconds: leadSeconds), !train.isSilent || quiet < tail {
                    // Stale by the time these samples are heard, not when they are made.
                    if train.isHolding, end.seconds(since: lastCue) >= staleSeconds { train.release() }
                    let samples = train.next(chunk)
                    quiet = train.isSilent ? quiet + samples.count : 0
                    guard output.write(samples) else {
                        // The device went away: cues are silently not played from now on.
                        failed = true
                        train = CueTrain(sampleRate: rate)
                        break
                    }
                    end = end.adding(seconds: Double(samples.count) / Double(rate))
                }
                writtenUntil = failed || (train.isSilent && quiet >= tail) ? nil : end
            }
            let busy = writtenUntil != nil
            _ = mailbox.wake.wait(timeout: busy ? .now() + chunkSeconds : .distantFuture)
        }
    }
}
