// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Modes
import Perception
@testable import sensecam

/// A mode is one unit: a folder of Sources/Modes declares its stage's assembly and keys
/// (`extension Mode`) beside its command (name, help, options, rules), and the one list
/// (`ModeList`) is what the tool's command table, help, man page, completions, `batch --mode`
/// and a live session's `m` cycle read. Nothing else names a mode's command.
@Suite struct ModeUnitTests {
    static let root = SensecamProcess.packageRoot.appendingPathComponent("Sources/Modes")
    /// The folder every mode's command shares (the command protocols, exit statuses, service runs).
    static let shared = "Running"

    static func unitFolders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue && name != shared
        }.sorted()
    }

    static func text(_ path: URL) throws -> String { try String(contentsOf: path, encoding: .utf8) }

    @Test func everyModeFolderIsOneUnitInTheList() throws {
        let folders = try Self.unitFolders()
        #expect(folders.count >= 6, "\(folders)")
        #expect(Set(ModeList.commands.map { String(describing: $0) }) == Set(folders.map { "\($0)Command" }))
        for folder in folders {
            let unit = Self.root.appendingPathComponent(folder)
            let command = try Self.text(unit.appendingPathComponent("\(folder)Command.swift"))
            #expect(command.contains("struct \(folder)Command: ModeCommand"), "\(folder)Command is not a mode's command")
            let mode = try Self.text(unit.appendingPathComponent("\(folder)Mode.swift"))
            #expect(mode.contains("extension Mode {"), "\(folder)Mode.swift declares no mode")
        }
    }

    /// A mode's command is named in its own folder and in the list, nowhere else in the sources.
    @Test func noSourceOutsideItsFolderNamesAModesCommand() throws {
        let sources = SensecamProcess.packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let files = walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        for command in ModeList.commands.map({ String(describing: $0) }) {
            let folder = String(command.dropLast("Command".count))
            for file in files where try Self.text(file).contains(command) {
                let place = file.path.replacingOccurrences(of: sources.path + "/", with: "")
                #expect(place.hasPrefix("Modes/\(folder)/") || place == "Modes/ModeList.swift", "\(place) names \(command)")
            }
        }
    }

    @Test func theToolsCommandsBeginWithTheModesInTheirOrder() {
        let modes = ModeList.commands.map { $0.spec.name }
        #expect(Array(Sensecam.commands.prefix(modes.count).map { $0.spec.name }) == modes)
        #expect(ModeList.all.map(\.name) == ["aware", "read", "short-text", "find", "scan", "light", "colour"])
    }

    @Test func everyModeIsNamedOnceAndStandsInOnlyForOneThatExists() {
        let names = ModeList.all.map(\.name)
        #expect(Set(names).count == names.count)
        for mode in ModeList.all {
            if let other = mode.standsInFor { #expect(names.contains(other), "\(mode.name) stands in for \(other)") }
            #expect(mode.takesStills == (mode.stillExample != nil), "\(mode.name): a still example exactly when it takes stills")
            #expect(!mode.keys.contains(.switchMode) && !mode.keysEverywhere.contains(.switchMode), "m belongs to the session")
        }
    }

    /// `d`, `r` and verbosity are answered whichever mode runs: by the mode itself or by one that
    /// answers them everywhere.
    @Test func theLiveKeysAreAnsweredInEveryMode() {
        for mode in ModeList.all {
            for key: LiveCommand in [.describeNow, .readNow, .moreVerbose, .lessVerbose] {
                let answered = mode.keys.contains(key) || ModeList.all.contains { $0.keysEverywhere.contains(key) }
                #expect(answered, "\(mode.name) leaves \(key) unanswered")
            }
        }
    }
}
