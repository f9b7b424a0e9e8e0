// SPDX-License-Identifier: GPL-3.0-or-later
import Rendering

/// Which channels carry narration and where text goes, decided from the profile, `--output`
/// and whether standard output and error are terminals. Pure, so the table of choices is
/// tested without starting a synthesizer.
public struct OutputPlan: Equatable, Sendable {
    public enum Stream: Equatable, Sendable { case standardOutput, standardError }

    /// In order of preference, which is the order the once-per-sense rule walks them:
    /// the person's own channels (speech, braille) first, then text, then JSON Lines.
    public var channels: [Channel]
    /// Standard output, unless JSON Lines take it (the sentences then go to standard error).
    public var textStream: Stream
    /// How terminal text reaches the person (a screen reader, BRLTTY, or their eyes).
    public var terminalSense: Sense
    public var outputIsTerminal: Bool
    public var errorsAreTerminal: Bool

    public static let preference: [Channel] = [.speech, .braille, .text, .jsonl]
    /// With neither a profile nor `--output`: sentences on standard output, for a screen reader.
    public static let defaultChannels: [Channel] = [.text]

    public init(profile: Profile?, channels asked: [Channel]?, outputIsTerminal: Bool, errorsAreTerminal: Bool) {
        let chosen = asked ?? profile?.channels ?? Self.defaultChannels
        channels = Self.preference.filter(chosen.contains)
        textStream = chosen.contains(.jsonl) ? .standardError : .standardOutput
        terminalSense = profile?.terminalSense ?? .sight
        self.outputIsTerminal = outputIsTerminal
        self.errorsAreTerminal = errorsAreTerminal
    }

    /// Sentences on a stream reach the person only when it is a terminal; in a file or a
    /// pipe they are a record, and get everything.
    public func sense(of stream: Stream) -> Sense? {
        (stream == .standardOutput ? outputIsTerminal : errorsAreTerminal) ? terminalSense : nil
    }

    /// The same plan with `lost` replaced by text, when its device could not be opened:
    /// the user is never left without narration.
    public func replacing(_ lost: Channel) -> OutputPlan {
        var plan = self
        plan.channels = Self.preference.filter { ($0 == .text || $0 != lost) && (channels.contains($0) || $0 == .text) }
        return plan
    }
}
