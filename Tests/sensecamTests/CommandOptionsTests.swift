// SPDX-License-Identifier: GPL-3.0-or-later
import Options
import Perception
@testable import Modes
import Testing

@testable import sensecam

private func parsed(_ argv: [String]) throws -> ParsedCommand {
    guard case .run(let command) = try parse(argv, root: Sensecam.root) else { throw UsageError.missingSubcommand(path: ["sensecam"]) }
    return command
}

/// An option whose value is itself optional (given or not) must still refuse a bad text:
/// each of the tool's own, given a value it cannot be.
@Test(arguments: [
    (["aware", "--video", "v.mp4", "--describe-every", "0"], "'--describe-every' must be a number from 1 to 3600; got '0'."),
    (["aware", "--video", "v.mp4", "--captions", "c.txt"], "'--captions' must be a file name ending in .vtt or .srt; got 'c.txt'."),
    (["aware", "--camera", "video0"], "'--camera' must be a device path such as \"/dev/video0\"; got 'video0'."),
    (["aware", "--video", "v.mp4", "--output", "text,beep"], "'--output' must be text, jsonl, speech or braille, joined by commas; got 'text,beep'."),
    (["batch", "p", "--mode", "read", "--shard", "4/3"], "'--shard' must be K/N, two whole numbers with K from 1 to N, such as 2/4; got '4/3'."),
    (["batch", "p", "--mode", "read", "--include", "[a"], "'--include' must be a shell pattern such as '*.jpg' or '2024/*', with every '[' closed by ']'; got '[a'."),
    (["bench", "--video", "v.mp4", "--mode", "aware", "--report", "r.json", "--frames", "0"], "'--frames' must be a whole number of at least 1; got '0'."),
    (["aware", "a.jpg", "--hfov", "5"], "'--hfov' must be a number of degrees from 10 to 170; got '5'."),
])
func optionalValuesStillRefuseBadText(arguments: [String], message: String) throws {
    let command = try parsed(arguments)
    #expect {
        _ = try Sensecam.commandType(for: command).init(command)
    } throws: { error in
        (error as? UsageError).map { Wording.english($0.message) } == message
    }
}

/// A value from the settings file stands in for the option, but is never taken for one the
/// user typed: a camera in the file does not make `aware IMAGE` a usage error.
@Test func settingsValuesAreUsedButNotTakenForTypedOnes() throws {
    var command = try parsed(["aware", "a.jpg"])
    command.settings = ["camera": "/dev/video2", "hfov": "90"]
    let settings = try Settings(command, rules: AwareCommand.rules)
    #expect(settings.camera.camera == "/dev/video2")
    #expect(settings.detection.horizontalFieldOfView == 90)
    let typed = try parsed(["aware", "a.jpg", "--camera", "/dev/video2"])
    #expect {
        _ = try AwareCommand(typed)
    } throws: { error in
        (error as? UsageError).map { Wording.english($0.message) } == "'--camera' applies only to the camera, not to an image."
    }
}

/// Every option a command declares is one a group or the command defines: the declared specs
/// and the groups' definitions are the same values.
@Test func theSettingsFileSharesTheOptionsChecks() {
    for entry in UserSettings.entries {
        let declared = Sensecam.root.subcommands.flatMap(\.options).filter { $0.long == entry.option }
        #expect(!declared.isEmpty, "no command takes --\(entry.option)")
    }
    #expect(UserSettings.entries.first { $0.key == "hfov" }?.accepts("170") == true)
    #expect(UserSettings.entries.first { $0.key == "hfov" }?.accepts("171") == false)
}
