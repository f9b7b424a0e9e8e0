// SPDX-License-Identifier: GPL-3.0-or-later
import Options
import Perception

/// A live run the systemd unit started: nobody is at a terminal, so it says only "Camera
/// ready." when it starts, and speaks (the blind profile) when the settings file names no
/// profile, since a narration only the journal hears helps nobody.
package enum ServiceRun {
    /// Set by the unit (`Environment=`).
    package static let variable = "SENSECAM_SERVICE"
    package static let fallbackProfile = Profile.blind

    package static func isService(_ environment: [String: String]) -> Bool {
        environment[variable] == "1"
    }

    /// The command with the fallback profile where neither the command line nor the
    /// settings file gives one.
    package static func withFallbackProfile(_ command: ParsedCommand, environment: [String: String]) -> ParsedCommand {
        let profile = OutputOptions.option("profile").long
        guard isService(environment), command.declares(profile), !command.isGiven(profile),
              command.settings[profile] == nil else { return command }
        var command = command
        command.settings[profile] = fallbackProfile.rawValue
        return command
    }
}
