// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

import Options
@testable import sensecam

/// `$XDG_CONFIG_HOME/sensecam/config.json`: read, checked, overridden by flags.
@Suite struct UserSettingsTests {
    /// Writes `text` as the settings file in a fresh folder; returns the file's path.
    static func file(_ text: String) throws -> String {
        let folder = NSTemporaryDirectory() + "sensecam-settings-\(UUID().uuidString)/sensecam"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/config.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [
        (["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"], "/cfg/sensecam/config.json"),
        (["HOME": "/home/a"], "/home/a/.config/sensecam/config.json"),
        // The XDG rules ignore a relative XDG_CONFIG_HOME.
        (["XDG_CONFIG_HOME": "cfg", "HOME": "/home/a"], "/home/a/.config/sensecam/config.json"),
    ])
    func path(environment: [String: String], expected: String) {
        #expect(UserSettings.path(environment: environment) == expected)
    }

    @Test func everySettingIsReadAndChecked() throws {
        let path = try Self.file("""
            {"profile": "deafblind", "voice_rate": -20, "language": "de", "verbosity": "detailed",
             "hfov": 75.5, "camera": "/dev/video2", "braille_grade": "contracted"}
            """)
        let settings = try UserSettings.load(path: path)
        #expect(settings.values == ["profile": "deafblind", "voice-rate": "-20", "language": "de",
                                    "verbosity": "detailed", "hfov": "75.5", "camera": "/dev/video2",
                                    "braille-grade": "contracted"])
    }

    @Test func aMissingFileIsNoSettings() throws {
        #expect(try UserSettings.load(path: NSTemporaryDirectory() + "no-such-folder-\(UUID())/config.json") == UserSettings())
    }

    @Test(arguments: [
        ("{\"profile\": \"blind\",\n\"hfov\": 60,\n oops}", "is not valid JSON (line 3); correct it or delete it."),
        ("[1, 2]", "must hold one JSON object, such as {\"profile\": \"blind\"}."),
        ("{\"volume\": 3}", "has an unknown setting 'volume'; the settings are profile, voice_rate, language, verbosity, hfov, camera, braille_grade."),
        ("{\"braille_grade\": \"grade2\"}", "'braille_grade' must be one of computer, uncontracted, contracted."),
        ("{\"profile\": \"sighted\"}", "'profile' must be one of blind, low-vision, deafblind, developer."),
        ("{\"voice_rate\": 150}", "'voice_rate' must be a whole number from -100 to 100."),
        ("{\"voice_rate\": 2.5}", "'voice_rate' must be a whole number from -100 to 100."),
        ("{\"voice_rate\": true}", "'voice_rate' must be a whole number from -100 to 100."),
        ("{\"hfov\": \"wide\"}", "'hfov' must be a number of degrees from 10 to 170."),
        ("{\"camera\": \"video0\"}", "'camera' must be a device path such as \"/dev/video0\"."),
        ("{\"language\": \"it\"}", "'language' must be one of en, de, fr, es."),
        // Exactly what the command line takes: Tesseract's names for the languages are not
        // taken there, so not here either, and the one meant is named.
        ("{\"profile\": \"blnd\"}", "'profile' must be one of blind, low-vision, deafblind, developer; did you mean 'blind'?"),
    ])
    func aBadFileIsOneSentenceWithTheFix(text: String, ending: String) throws {
        let path = try Self.file(text)
        #expect {
            try UserSettings.load(path: path)
        } throws: { error in
            let sentence = "\(error)"
            return sentence.hasSuffix(ending) && sentence.contains(path) && !sentence.contains("\n")
        }
    }

    @Test func flagsWinOverSettingsAndSettingsOverDefaults() throws {
        let path = try Self.file(#"{"hfov": 90, "verbosity": "terse", "camera": "/dev/video4", "profile": "developer"}"#)
        guard case .run(let parsed) = try parse(["aware", "--video", "v.mp4", "--hfov", "45"], root: Sensecam.root) else {
            Issue.record("did not parse")
            return
        }
        let command = try UserSettings.load(path: path).applied(to: parsed)
        let settings = try Settings(command)
        #expect(settings.detection.horizontalFieldOfView == 45)
        #expect(settings.narration.verbosity == .terse)
        #expect(settings.camera.camera == "/dev/video4")
        #expect(settings.output.profile == .developer)
        #expect(command.isGiven("hfov") && !command.isGiven("camera"), "a setting was taken for a typed option")
        // `devices` takes none of these: the file is not even read for it.
        let devices = try Sensecam.withSettings(ParsedCommand(path: ["sensecam", "devices"]),
                                                environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        #expect(devices.optionValues.isEmpty)
    }
}
