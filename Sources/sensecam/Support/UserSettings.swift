import Foundation
import Perception

/// The user's standing choices, from `$XDG_CONFIG_HOME/sensecam/config.json` (by default
/// `~/.config/sensecam/config.json`), e.g. `{"profile": "blind", "voice_rate": 20}`. Each
/// setting stands in for its option when the command line does not give it: flags win.
struct UserSettings: Equatable {
    /// Setting name → the option it stands in for.
    static let options: KeyValuePairs<String, String> = [
        "profile": "profile", "voice_rate": "voice-rate", "language": "language",
        "verbosity": "verbosity", "hfov": "hfov", "camera": "camera",
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
            guard let option = options.first(where: { $0.key == key })?.value else {
                let known = options.map(\.key).joined(separator: ", ")
                throw SettingsError("The settings file \(path) has an unknown setting '\(key)'; the settings are \(known).")
            }
            guard let text = check(key, value) else {
                throw SettingsError("In the settings file \(path), '\(key)' must be \(expectations[key] ?? "valid").")
            }
            settings.values[option] = text
        }
        return settings
    }

    /// The command with each setting filled in where the command takes that option and
    /// the command line did not give it.
    func applied(to command: ParsedCommand) -> ParsedCommand {
        var command = command
        for (option, value) in values where command.declares(option) && command.optionValues[option] == nil {
            command.optionValues[option] = [value]
        }
        return command
    }

    static let expectations: [String: String] = [
        "profile": "one of " + Profile.allCases.map(\.rawValue).joined(separator: ", "),
        "voice_rate": "a whole number from -100 to 100",
        "language": "Tesseract language codes such as \"eng\" or \"eng+deu\"",
        "verbosity": "one of " + Verbosity.allCases.map(\.rawValue).joined(separator: ", "),
        "hfov": "a number of degrees from 10 to 170",
        "camera": "a device path such as \"/dev/video0\"",
    ]

    /// The value as option text, or nil when it is the wrong type or out of range.
    private static func check(_ key: String, _ value: Any) -> String? {
        switch key {
        case "voice_rate":
            guard let number = value as? NSNumber, !isBoolean(number), let rate = Int(exactly: number.doubleValue),
                  SpeechSettings.rateRange.contains(rate) else { return nil }
            return String(rate)
        case "hfov":
            guard let number = value as? NSNumber, !isBoolean(number), (10...170).contains(number.doubleValue) else { return nil }
            return "\(number.doubleValue)"
        default:
            guard let text = value as? String, !text.isEmpty else { return nil }
            switch key {
            case "profile": return Profile(rawValue: text) == nil ? nil : text
            case "verbosity": return Verbosity(rawValue: text) == nil ? nil : text
            case "language": return text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "+" }) ? text : nil
            case "camera": return text.hasPrefix("/") ? text : nil
            default: return nil
            }
        }
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
