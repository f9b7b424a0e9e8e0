// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception

/// The language a run speaks when neither the command line nor the settings file names one:
/// the user's locale, as the C library reads it. A locale sensecam has no catalog for gives
/// English and one sentence saying so.
public enum LocaleLanguage {
    /// The command with the locale's language filled in as a setting (the command line and
    /// the settings file still win), and the sentence to say when the locale's language is
    /// one sensecam lacks.
    public static func applied(to command: ParsedCommand,
                               environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (command: ParsedCommand, notice: Message?) {
        guard command.declares("language"), command.text(of: "language") == nil else { return (command, nil) }
        let locale = Language.fromLocale(environment)
        guard let language = locale.language else { return (command, notice(asked: locale.asked)) }
        var command = command
        command.settings["language"] = language.code
        return (command, nil)
    }

    /// The language of the tool's own answers before a command line has parsed (help, usage
    /// errors): `--language` as typed, when it names one, else the locale's, else English.
    public static func forTool(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Language {
        for (index, argument) in arguments.enumerated() {
            let typed: String? = if argument == "--language", index + 1 < arguments.count {
                arguments[index + 1]
            } else if argument.hasPrefix("--language=") {
                String(argument.dropFirst("--language=".count))
            } else {
                nil
            }
            if let typed, let language = Language(code: typed) { return language }
        }
        return Language.fromLocale(environment).language ?? .english
    }

    static func notice(asked: String) -> Message {
        // The locale is echoed as typed only so far: a 20 KB LANG is not read out whole.
        Message(.languageNotAvailable, ["asked": .text(EchoedText.shown(asked)),
                                        "choices": .list(Language.allCases.map { .text($0.code) })])
    }
}
