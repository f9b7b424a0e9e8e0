// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Modes
import Options

/// Where the service's files are for the current user: the unit folder `service enable`
/// writes into (`$XDG_CONFIG_HOME/systemd/user`, by default `~/.config/systemd/user`, which
/// is where systemd reads a user's own units), and the system's folders the package and an
/// administrator install the unit and the udev rule into. Everything is read from the
/// environment, so a test gives a private config folder and a private system root.
struct ServiceFiles {
    /// The folder the system's unit and rule folders are under: "/" unless a test gives its own.
    static let rootVariable = "SENSECAM_SERVICE_ROOT"
    static let ruleName = "70-sensecam.rules"
    /// Where the rule sits in a source tree, for the sentence telling an administrator to install it.
    static let ruleInSourceTree = "deploy/udev/" + ruleName

    let userUnits: String
    /// The package's folder first, then the administrator's.
    let systemUnits: [String]
    let ruleFolders: [String]

    init?(environment: [String: String]) {
        let config: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            config = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            config = home + "/.config"
        } else {
            return nil
        }
        userUnits = config + "/systemd/user"
        var root = environment[Self.rootVariable] ?? ""
        while root.hasSuffix("/") { root.removeLast() }
        systemUnits = [root + "/usr/lib/systemd/user", root + "/etc/systemd/user"]
        ruleFolders = [root + "/usr/lib/udev/rules.d", root + "/etc/udev/rules.d"]
    }

    /// The link that makes the rule's request name the unit.
    var alias: String { userUnits + "/" + ServiceUnit.enabledAlias }
    /// The unit `service enable` writes when no system folder holds one.
    var writtenUnit: String { userUnits + "/" + ServiceUnit.fileName }

    /// The unit installed for every user (by the package or an administrator), if any.
    var systemUnit: String? {
        systemUnits.map { $0 + "/" + ServiceUnit.fileName }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The installed udev rule, if any.
    var rule: String? {
        ruleFolders.map { $0 + "/" + Self.ruleName }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Whether the unit in the user's folder is one `service enable` wrote.
    var hasWrittenUnit: Bool {
        guard let text = try? String(contentsOfFile: writtenUnit, encoding: .utf8) else { return false }
        return text.hasPrefix(ServiceUnit.writtenMarker)
    }

    /// Where the alias points, when it is a link.
    var aliasTarget: String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: alias)
    }

    /// Enabled: the alias is a link to a unit that exists.
    var isEnabled: Bool {
        guard let target = aliasTarget else { return false }
        let resolved = target.hasPrefix("/") ? target : userUnits + "/" + target
        return FileManager.default.fileExists(atPath: resolved)
    }

    /// "~/…" for a path in the home folder, as a person would say it.
    static func spoken(_ path: String, environment: [String: String]) -> String {
        guard let home = environment["HOME"], home.hasPrefix("/"), home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
