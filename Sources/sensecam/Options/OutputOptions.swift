import Foundation
import Glibc
import Perception

/// Who narration is for and where it goes: `--profile`, `--output`, `--voice-rate`, and the
/// still image's `--json`, read into an `OutputPlan` and speech settings.
enum OutputOptions {
    static let json = Flag("json", help: "Print one JSON object instead of sentences.")
    static let profile: Option<Profile?> = .choice(
        "profile", value: "name",
        help: "Who is listening, which chooses where narration goes and how many words it uses: speech for blind, speech and text for low-vision, terse braille for deafblind, text and JSON Lines for developer.")
    static let output = Option<[Channel]?>(
        "output", value: "channels",
        help: "Where narration goes, overriding the profile: text, jsonl, speech or braille, or several joined by commas. (default: \(OutputPlan.defaultChannels.map(\.rawValue).joined(separator: ",")))",
        expected: "text, jsonl, speech or braille, joined by commas", default: nil,
        parse: { channels($0).map(Optional.some) })
    static let voiceRate: Option<Int> = .wholeNumber(
        "voice-rate", value: "n", help: "Speech rate from -100 (slowest) to 100 (fastest); 0 keeps the voice's usual rate.",
        default: 0, in: SpeechSettings.rateRange, showsDefault: false)

    static let specs = [profile.spec, output.spec, voiceRate.spec]
    /// A batch writes records, not narration: only who hears its closing sentence is chosen.
    static let batchSpecs = [profile.spec, voiceRate.spec]

    /// The channels named, in the order given, each once; nil when one is not a channel.
    @Sendable static func channels(_ text: String) -> [Channel]? {
        var channels: [Channel] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let channel = Channel(rawValue: name.trimmingCharacters(in: .whitespaces)) else { return nil }
            if !channels.contains(channel) { channels.append(channel) }
        }
        return channels
    }

    static func profile(_ command: ParsedCommand) -> Profile? {
        guard command.declares(profile.long) else { return nil }
        return (try? profile.value(in: command)) ?? nil
    }

    /// The channels `--output` (or `--json`) names; nil when neither is given.
    static func channels(_ command: ParsedCommand) throws(UsageError) -> [Channel]? {
        if command.declares(json.long), json.isSet(in: command) { return [.jsonl] }
        guard command.declares(output.long) else { return nil }
        return try output.value(in: command)
    }

    static func speechSettings(_ command: ParsedCommand) throws(UsageError) -> SpeechSettings {
        let rate = command.declares(voiceRate.long) ? try voiceRate.value(in: command) : voiceRate.fallback
        let language = command.declares(ReadingOptions.language.long)
            ? SpeechSettings.language(forTesseract: try ReadingOptions.language.value(in: command)) : nil
        return SpeechSettings(rate: rate, language: language)
    }

    /// The plan for this command line, where standard output and error are what they are now.
    static func plan(_ command: ParsedCommand) throws(UsageError) -> OutputPlan {
        OutputPlan(profile: profile(command), channels: try channels(command),
                   outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorsAreTerminal: isatty(STDERR_FILENO) == 1)
    }
}
