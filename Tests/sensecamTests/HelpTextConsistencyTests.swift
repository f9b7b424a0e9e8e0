// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

import Options
import Perception
@testable import sensecam

// Every option of every command, as `--help` prints it, follows one order: what the option
// does, then "(values: …)", then "(default: …)", and nothing after the default. Read from the
// printed help in each language, so a help sentence that says its default its own way (inside
// the sentence, before the values, "(the default)") is caught wherever it is.

/// The two bracketed notes the help formatter adds, as each language writes them.
private let notes: [Language: (values: String, default: String)] = [
    .english: ("(values: ", "(default: "), .german: ("(Werte: ", "(Standard: "),
    .french: ("(valeurs : ", "(par défaut : "), .spanish: ("(valores: ", "(predeterminado: "),
]

/// One option's row of the OPTIONS list: its label and its help, the wrapped lines joined.
private struct OptionRow {
    var command: String
    var label: String
    var help: String
}

/// The OPTIONS rows of every command's help, the root's and each subcommand's, recursively.
private func everyOptionRow(_ wording: Wording) -> [OptionRow] {
    var rows: [OptionRow] = []
    func walk(_ command: CommandSpec, _ path: [String]) {
        let text = helpText(root: Sensecam.root, path: path, wording: wording)
        var inOptions = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == wording(.helpOptionsLabel) { inOptions = true; continue }
            guard inOptions else { continue }
            if line.isEmpty { break }
            if line.hasPrefix("  -") {
                // The label, then two or more spaces, then the help (or the help on the next line).
                let parts = line.dropFirst(2).components(separatedBy: "  ")
                let help = parts.dropFirst().joined(separator: "  ").trimmingCharacters(in: .whitespaces)
                rows.append(OptionRow(command: path.joined(separator: " "), label: parts[0], help: help))
            } else if var last = rows.popLast() {
                last.help += (last.help.isEmpty ? "" : " ") + line.trimmingCharacters(in: .whitespaces)
                rows.append(last)
            }
        }
        for sub in command.visibleSubcommands { walk(sub, path + [sub.name]) }
    }
    walk(Sensecam.root, [Sensecam.root.name])
    return rows
}

@Suite struct HelpTextConsistencyTests {
    @Test(arguments: Language.allCases)
    func valuesComeBeforeTheDefaultAndTheDefaultComesLast(language: Language) throws {
        let (values, defaultNote) = try #require(notes[language])
        let rows = everyOptionRow(language.wording)
        #expect(rows.count > 100, "the help of every command was read: \(rows.count) options")
        for row in rows {
            let where_ = "\(row.command) \(row.label): \(row.help)"
            let valuesAt = row.help.ranges(of: values), defaultAt = row.help.ranges(of: defaultNote)
            #expect(valuesAt.count <= 1 && defaultAt.count <= 1, "one of each note at most: \(where_)")
            if let v = valuesAt.first, let d = defaultAt.first {
                #expect(v.lowerBound < d.lowerBound, "values before the default: \(where_)")
            }
            if let d = defaultAt.first {
                #expect(row.help.hasSuffix(")") && !row.help[d.upperBound...].contains("("),
                        "the default is the last thing said: \(where_)")
            }
            if let v = valuesAt.first, defaultAt.isEmpty {
                #expect(row.help.hasSuffix(")") && !row.help[v.upperBound...].contains("("),
                        "the values are the last thing said: \(where_)")
            }
        }
    }

    /// In English, "default" appears only in the note: never "(the default)" or "(by default …)"
    /// inside a help sentence, which would be a second way of saying it.
    @Test func defaultIsOnlyEverSaidInTheNote() {
        for row in everyOptionRow(.english) {
            let outside = row.help.replacingOccurrences(of: "(default: ", with: "")
            #expect(!outside.localizedLowercase.contains("default"), "\(row.command) \(row.label): \(row.help)")
        }
    }

    /// `--max-megapixels` says what it does in each command: `light` and `colour` take only an
    /// image (`teach` its photos), `batch` records the refusal and goes on, the others take an image or a video.
    @Test func maxMegapixelsIsWordedForEachCommand() throws {
        let rows = everyOptionRow(.english).filter { $0.label.hasPrefix("--max-megapixels") }
        let help = Dictionary(uniqueKeysWithValues: rows.map { ($0.command, $0.help) })
        #expect(help.count == 8, "\(help.keys.sorted())")
        for command in ["sensecam light", "sensecam colour", "sensecam teach"] {
            #expect(help[command]?.hasPrefix("Refuse an image of more than") == true, "\(command): \(help[command] ?? "")")
        }
        for command in ["sensecam aware", "sensecam read", "sensecam find", "sensecam scan"] {
            #expect(help[command]?.hasPrefix("Refuse an image or a video") == true, "\(command): \(help[command] ?? "")")
        }
        #expect(help["sensecam batch"]?.hasPrefix("Give an error record, and go on,") == true, "\(help["sensecam batch"] ?? "")")
    }

    /// `--model`'s default names where an installed sensecam finds it, not only the source tree.
    @Test func modelDefaultNamesTheInstalledLocation() throws {
        let models = everyOptionRow(.english).filter { $0.label.hasPrefix("--model ") }
        #expect(!models.isEmpty)
        for row in models {
            #expect(row.help.contains("/usr/share/sensecam/models/yolox_nano.onnx") && row.help.contains("Models/"),
                    "\(row.command): \(row.help)")
        }
    }

    /// Every help is in the session's language, the key list in `aware`'s discussion too: no
    /// key is named in English words in German, French or Spanish help.
    @Test(arguments: [Language.german, .french, .spanish])
    func keysAreNamedInTheHelpsLanguage(language: Language) {
        var helps: [String] = []
        func walk(_ command: CommandSpec, _ path: [String]) {
            helps.append(helpText(root: Sensecam.root, path: path, wording: language.wording).replacingOccurrences(of: "\n", with: " "))
            for sub in command.visibleSubcommands { walk(sub, path + [sub.name]) }
        }
        walk(Sensecam.root, [Sensecam.root.name])
        let aware = helpText(root: Sensecam.root, path: ["sensecam", "aware"], wording: language.wording)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for entry in KeyTable.live {
            guard let id = entry.words else { continue }
            let english = Wording.english(id), own = language.wording(id)
            #expect(aware.contains(own), "\(language.code): aware's help does not name the key as '\(own)'")
            guard english != own else { continue }
            // As words of their own: "q quit" is not in French "q quitter", nor "r read" in "oder read".
            let pattern = "(^|[^\\p{L}])" + NSRegularExpression.escapedPattern(for: english) + "([^\\p{L}]|$)"
            for help in helps {
                let text = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(text.range(of: pattern, options: .regularExpression) == nil, "\(language.code): '\(english)' in English in \(help.prefix(60))…")
            }
        }
    }

    /// `check-camera` prints its report as JSON Lines with `--jsonl`; `--output` means the
    /// narration's channels everywhere it is offered.
    @Test func outputMeansChannelsWhereverItIsOffered() {
        for row in everyOptionRow(.english) where row.label.hasPrefix("--output") {
            #expect(row.label == "--output <channels>", "\(row.command): \(row.label)")
        }
        #expect(everyOptionRow(.english).contains { $0.command == "sensecam check-camera" && $0.label == "--jsonl" })
    }
}
