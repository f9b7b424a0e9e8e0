// SPDX-License-Identifier: GPL-3.0-or-later
import Modes
import Options
import Perception

/// The man page's sections that no option table holds: what the tool is for, its exit
/// statuses, files, environment and examples, worded from the catalog. The statuses come from
/// the constants the dispatch returns, so they cannot drift either.
enum ManPageProse {
    static func description(_ wording: Wording) -> String { wording(.docDescription) }

    static func exitStatus(_ wording: Wording) -> [(term: String, text: String)] { [
        ("0", wording(.docExitSuccess)),
        ("1", wording(.docExitFailure)),
        ("\(ExitStatus.usage)", wording(.docExitUsage)),
        ("\(ExitStatus.channelLost)", wording(.docExitChannelLost)),
        ("\(SettingsError.exitCode)", wording(.docExitSettings)),
        ("\(Interruption.exitStatus)", wording(.docExitInterrupted)),
    ] }

    static func files(_ wording: Wording) -> [(term: String, text: String)] { [
        ("$XDG_CONFIG_HOME/sensecam/config.json", wording(.docFileSettings, [
            "example": .text(#"{"profile": "blind"}"#),
            "keys": .text(UserSettings.entries.map { "\($0.key) (--\($0.option))" }.joined(separator: ", ")),
        ])),
        ("$XDG_DATA_HOME/sensecam/products.sqlite", wording(.docFileProducts)),
        ("/usr/share/sensecam/models", wording(.docFileModels)),
        ("/usr/share/sensecam/samples", wording(.docFileSamples)),
    ] }

    static func environment(_ wording: Wording) -> [(term: String, text: String)] { [
        ("SENSECAM_MODEL", wording(.docEnvironmentModel)),
        ("SENSECAM_SCENE_MODELS", wording(.docEnvironmentSceneModels)),
        ("TESSDATA_PREFIX", wording(.docEnvironmentTessdata)),
        ("XDG_CONFIG_HOME, XDG_DATA_HOME, HOME", wording(.docEnvironmentFolders)),
        ("SPEECHD_ADDRESS", wording(.docEnvironmentSpeech)),
        ("BRLAPI_HOST", wording(.docEnvironmentBraille)),
    ] }

    static func examples(_ wording: Wording) -> [(what: String, command: String)] { [
        (wording(.docExampleAware), "sensecam aware"),
        (wording(.docExampleRead), "sensecam read /usr/share/sensecam/samples/welcome-page.png"),
        (wording(.docExampleBatch), "sensecam batch --mode aware --out photos.jsonl ~/Pictures"),
        (wording(.docExampleScan), "sensecam scan"),
    ] }
}
