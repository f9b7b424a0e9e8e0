// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception

/// The user's standing choices, from `$XDG_CONFIG_HOME/sensecam/config.json` (by default
/// `~/.config/sensecam/config.json`), e.g. `{"profile": "blind", "voice_rate": 20}`. Each
/// setting stands in for its option when the command line does not give it: flags win.
public struct UserSettings: Equatable, Sendable {
    /// One setting: its key in the file and the option it stands in for, whose check it shares.
    public struct Entry: Sendable {
        public var key: String
        /// The option's long name.
        public var option: String
        public var expected: Message
        public var takesNumbers: Bool
        public var accepts: @Sendable (String) -> Bool
        /// The values it takes, when they are a list (help and completions show the same).
        public var allowed: [String]?

        init<Group>(_ key: String, _ option: GroupOption<Group>) {
            self.key = key
            self.option = option.long
            expected = option.expected
            takesNumbers = option.takesNumbers
            accepts = option.accepts
            allowed = option.spec.allowedValues
        }
    }

    /// Every setting, in the order an error lists them.
    public static let entries: [Entry] = [
        Entry("profile", OutputOptions.option("profile")), Entry("voice_rate", OutputOptions.option("voice-rate")),
        Entry("language", ReadingOptions.option("language")), Entry("verbosity", NarrationOptions.option("verbosity")),
        Entry("hfov", DetectionOptions.option("hfov")), Entry("camera", CameraOptions.option("camera")),
        Entry("braille_grade", OutputOptions.option("braille-grade")),
    ]

    /// Option name → value, already checked.
    public var values: [String: String] = [:]

    public init() {}

    /// The settings file's place, following the XDG base directory rules.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/sensecam/config.json" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/sensecam/config.json"
    }

    /// The file's format, with every entry's check: what `sensecam` reads, and what `make fuzz`
    /// throws bytes at.
    public static let file = SettingsFile(entries: entries.map { entry in
        // A near miss gets the same guess the command line gives it ("eng": did you mean "en"?).
        SettingsFile.Entry(key: entry.key, expected: entry.expected, takesNumbers: entry.takesNumbers, accepts: entry.accepts,
                           suggestion: { [allowed = entry.allowed] typed in
                               allowed.flatMap { closestMatch(to: typed, among: $0) ?? closestMatch(to: typed.lowercased(), among: $0) }
                           })
    })

    /// No file is no settings; a file that cannot be used is one sentence naming the fix.
    public static func load(path: String?) throws(SettingsError) -> UserSettings {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return UserSettings() }
        var settings = UserSettings()
        for (key, text) in try file.parse(data, path: path) {
            // Every key parse returns is an entry's.
            if let entry = entries.first(where: { $0.key == key }) { settings.values[entry.option] = text }
        }
        return settings
    }

    /// The command with each setting filled in where the command takes that option; the
    /// command line still wins, and knows which values the user typed.
    public func applied(to command: ParsedCommand) -> ParsedCommand {
        var command = command
        for (option, value) in values where command.declares(option) { command.settings[option] = value }
        return command
    }
}
