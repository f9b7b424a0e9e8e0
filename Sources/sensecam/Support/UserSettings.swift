import Foundation
import Perception

/// The user's standing choices, from `$XDG_CONFIG_HOME/sensecam/config.json` (by default
/// `~/.config/sensecam/config.json`), e.g. `{"profile": "blind", "voice_rate": 20}`. Each
/// setting stands in for its option when the command line does not give it: flags win.
struct UserSettings: Equatable {
    /// One setting: its key in the file and the option it stands in for, whose check it shares.
    struct Entry: Sendable {
        var key: String
        /// The option's long name.
        var option: String
        /// Completes "must be …".
        var expected: String
        /// Whether the file may give it as a JSON number; otherwise it must be a string.
        var takesNumbers: Bool
        var accepts: @Sendable (String) -> Bool

        init<Value>(_ key: String, _ option: Option<Value>) {
            self.key = key
            self.option = option.long
            expected = option.expected
            takesNumbers = option.takesNumbers
            accepts = { option.parse($0) != nil }
        }
    }

    /// Every setting, in the order an error lists them.
    static let entries: [Entry] = [
        Entry("profile", OutputOptions.profile), Entry("voice_rate", OutputOptions.voiceRate),
        Entry("language", ReadingOptions.language), Entry("verbosity", NarrationOptions.verbosity),
        Entry("hfov", DetectionOptions.hfov), Entry("camera", CameraOptions.camera),
    ]

    /// Option name → value, already checked.
    var values: [String: String] = [:]

    /// The settings file's place, following the XDG base directory rules.
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/sensecam/config.json" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/sensecam/config.json"
    }

    /// No file is no settings; a file that cannot be used is one sentence naming the fix.
    static func load(path: String?) throws(SettingsError) -> UserSettings {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return UserSettings() }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw SettingsError("The settings file \(path) is not valid JSON\(line(of: error, in: data)); correct it or delete it.")
        }
        guard let object = parsed as? [String: Any] else {
            throw SettingsError("The settings file \(path) must hold one JSON object, such as {\"profile\": \"blind\"}.")
        }
        var settings = UserSettings()
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            guard let entry = entries.first(where: { $0.key == key }) else {
                let known = entries.map(\.key).joined(separator: ", ")
                throw SettingsError("The settings file \(path) has an unknown setting '\(key)'; the settings are \(known).")
            }
            guard let text = text(of: value, asNumber: entry.takesNumbers), entry.accepts(text) else {
                throw SettingsError("In the settings file \(path), '\(key)' must be \(entry.expected).")
            }
            settings.values[entry.option] = text
        }
        return settings
    }

    /// The command with each setting filled in where the command takes that option; the
    /// command line still wins, and knows which values the user typed.
    func applied(to command: ParsedCommand) -> ParsedCommand {
        var command = command
        for (option, value) in values where command.declares(option) { command.settings[option] = value }
        return command
    }

    /// A JSON value as the text an option would be given on the command line: a string as
    /// it is, a number (only where the option takes numbers) in its shortest form; nil for
    /// anything else (true and false included).
    private static func text(of value: Any, asNumber: Bool) -> String? {
        if let text = value as? String { return asNumber ? nil : text }
        guard asNumber, let number = value as? NSNumber, !isBoolean(number) else { return nil }
        return spoken(number.doubleValue)
    }

    /// JSON's true and false arrive as NSNumber too.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == type(of: NSNumber(value: true))
    }

    /// " (line 3)" when Foundation says where the JSON went wrong (as a character offset).
    private static func line(of error: any Error, in data: Data) -> String {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        guard let range = detail.range(of: #"character \d+"#, options: .regularExpression),
              let offset = Int(detail[range].dropFirst("character ".count)) else { return "" }
        return " (line \(data.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }))"
    }
}

/// A settings file that cannot be used. Exit status 78, sysexits' EX_CONFIG.
struct SettingsError: Error, CustomStringConvertible, Equatable {
    var description: String
    init(_ sentence: String) { description = sentence }
    static let exitCode: Int32 = 78
}
