import Foundation
import Glibc
import Perception

/// The options that choose who narration is for and where it goes, shared by `aware`,
/// `read` and `batch`, and their reading into an `OutputPlan`.
enum OutputOptions {
    static let profile = OptionSpec.option(
        "profile", value: "name",
        help: "Who is listening, which chooses where narration goes and how many words it uses: speech for blind, speech and text for low-vision, terse braille for deafblind, text and JSON Lines for developer.",
        allowed: Profile.allCases.map(\.rawValue))
    static let output = OptionSpec.option(
        "output", value: "channels",
        help: "Where narration goes, overriding the profile: text, jsonl, speech or braille, or several joined by commas. (default: text)")
    static let voiceRate = OptionSpec.option(
        "voice-rate", value: "n", help: "Speech rate from -100 (slowest) to 100 (fastest); 0 keeps the voice's usual rate.")

    static let all = [profile, output, voiceRate]
    /// A batch writes records, not narration: only who hears its closing sentence is chosen.
    static let batch = [profile, voiceRate]

    static func profile(_ command: ParsedCommand) -> Profile? {
        command.value("profile").flatMap(Profile.init(rawValue:))
    }

    /// The channels `--output` names, in the order given; nil when it is not given.
    static func channels(_ command: ParsedCommand) throws(UsageError) -> [Channel]? {
        if command.declares("json"), command.flag("json") { return [.jsonl] }
        guard command.declares("output"), let text = command.value("output") else { return nil }
        var channels: [Channel] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let channel = Channel(rawValue: trimmed) else {
                throw .invalidValue("--output", expected: "text, jsonl, speech or braille, joined by commas", got: text,
                                    path: command.path)
            }
            if !channels.contains(channel) { channels.append(channel) }
        }
        return channels
    }

    static func speechSettings(_ command: ParsedCommand) throws(UsageError) -> SpeechSettings {
        let rate = try command.int("voice-rate", in: SpeechSettings.rateRange) ?? 0
        let language = command.declares("language") ? command.value("language").flatMap(SpeechSettings.language(forTesseract:)) : nil
        return SpeechSettings(rate: rate, language: language)
    }

    /// The plan for this command line, where standard output and error are what they are now.
    static func plan(_ command: ParsedCommand) throws(UsageError) -> OutputPlan {
        OutputPlan(profile: profile(command), channels: try channels(command),
                   outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorsAreTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// The verbosity asked for: `--verbosity` (or the settings file), else the profile's.
    static func verbosity(_ command: ParsedCommand) -> Verbosity {
        if let explicit = command.values("verbosity").last, let verbosity = Verbosity(rawValue: explicit) { return verbosity }
        return profile(command)?.verbosity ?? .normal
    }
}
