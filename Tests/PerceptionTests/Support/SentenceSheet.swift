// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// Every catalog message of a language filled with realistic arguments, beside the English,
/// so a person can read all of a language's sentences in one go and judge them as a native
/// speaker would (`make sentences` writes `.build/sentences/LANG-messages.txt`). Each message
/// is said in several variants: each count at 1, 2 and 5, each choice at each of its cases, and
/// a noun that agrees at a masculine, a feminine and a neuter or plural one, so the forms a
/// translator wrote for each are all heard.
///
/// Arguments are filled by name (`sample`), in the sheet's language wherever the code would
/// nest a phrase of that language ("at 11 o'clock", "two chairs"); a name the table does not
/// know is shown as ‹name›, so the sentence's frame can still be judged.
struct SentenceSheet {
    /// One message said once.
    struct Line: Equatable {
        var id: MessageID
        /// What varies in this line ("count=1", "band=possibly"); empty for the first.
        var variant: String
        var english: String
        var sentence: String
    }

    let language: Language
    let wording: Wording
    let english = Wording.english

    init(language: Language) {
        self.language = language
        wording = language.wording
    }

    /// The messages in the English catalog's order, each with its translator comment.
    static func englishEntries(root: String) throws -> [(id: MessageID, comment: String)] {
        let text = try String(contentsOfFile: root + "/Sources/Catalogs/en.po", encoding: .utf8)
        var entries: [(MessageID, String)] = []
        var comment: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# ") && !line.hasPrefix("# MARK") && !line.hasPrefix("# SPDX") {
                comment.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("msgid \""), let id = MessageID(rawValue: String(line.dropFirst(7).dropLast())) {
                entries.append((id, comment.joined(separator: " ")))
                comment = []
            } else if line.isEmpty {
                comment = []
            }
        }
        return entries
    }

    /// Every variant of one message.
    func lines(_ id: MessageID) -> [Line] {
        let templates = [english.catalog.templates[id], wording.catalog.templates[id]].compactMap { $0 }
        var axes: [(name: String, values: [MessageArgument], labels: [String])] = []
        var plurals: Set<String> = []
        var selects: [String: Set<String>] = [:]
        for template in templates { Self.collect(template, plurals: &plurals, selects: &selects) }
        // Arguments that choose (a count, a band, a form) vary; the others are filled once.
        for name in plurals.sorted() where !isFixed(name, id: id) {
            let counts = [1, 2, 5]
            axes.append((name, counts.map { number(name, $0) }, counts.map { "\(name)=\($0)" }))
        }
        for (name, keys) in selects.sorted(by: { $0.key < $1.key }) where name != "gender" && !plurals.contains(name) {
            let cases = keys.subtracting(["other"]).sorted() + ["other"]
            axes.append((name, cases.map { MessageArgument.text($0) }, cases.map { "\(name)=\($0)" }))
        }
        // Hours are said at 11 and at 1, where a language's "one" may need its own form.
        // A code's event time comes as two digits ("09", "13"), as CodeSentences passes it.
        if id.rawValue.hasPrefix("codeEvent") {
            axes.append(("hour", [.text("09"), .text("13"), .text("01")], ["hour=09", "hour=13", "hour=01"]))
        } else if templates.contains(where: { $0.argumentNames.contains("hour") }) {
            axes.append(("hour", [.integer(11), .integer(1)], ["hour=11", "hour=1"]))
        }
        if templates.contains(where: { $0.argumentNames.isSuperset(of: ["from", "to"]) }), case .integer = sample("from", id: id, in: english) {
            axes.append(("to", [.integer(1), .integer(12)], ["from=11 to=1", "from=11 to=12"]))
        }
        if nounAgrees(id, templates) {
            axes.append(("noun", Self.agreeingNouns.map { MessageArgument.text($0) }, Self.agreeingNouns.map { "noun=\($0)" }))
        }
        // The variants by their labels, then worded in each language with that language's samples.
        var labels: [(String, [String: MessageArgument])] = [("", [:])]
        for axis in axes {
            for (value, label) in zip(axis.values, axis.labels) where !labels.contains(where: { $0.0 == label }) {
                labels.append((label, [axis.name: value]))
            }
        }
        // The first variant of each axis is its second value (or only one): "count=2" is the base.
        func arguments(_ changes: [String: MessageArgument], in wording: Wording) -> [String: MessageArgument] {
            var arguments: [String: MessageArgument] = [:]
            for template in templates {
                for name in template.argumentNames where arguments[name] == nil { arguments[name] = sample(name, id: id, in: wording) }
            }
            for axis in axes { arguments[axis.name] = axis.values[min(1, axis.values.count - 1)] }
            return arguments.merging(changes) { $1 }
        }
        var seen: Set<String> = []
        var lines: [Line] = []
        for (label, changes) in labels {
            let line = Line(id: id, variant: label, english: say(id, arguments(changes, in: english), in: english),
                            sentence: say(id, arguments(changes, in: wording), in: wording))
            // A variant that changes nothing said (the base value again) is left out.
            guard seen.insert(line.english + "\u{0}" + line.sentence).inserted else { continue }
            lines.append(line)
        }
        return Array(lines.prefix(9))
    }

    /// The whole sheet as text.
    func text(root: String) throws -> String {
        var out = "# Every sensecam message in \(language.code), filled with sample arguments, beside the English.\n"
        out += "# Written by SentenceSheetTests (make sentences). ‹name› marks an argument the sheet has no sample for.\n"
        for (id, comment) in try Self.englishEntries(root: root) {
            out += "\n## \(id.rawValue)\n"
            if !comment.isEmpty { out += "   (\(comment))\n" }
            for line in lines(id) {
                let tag = line.variant.isEmpty ? "" : " [\(line.variant)]"
                if language != .english { out += "   en\(tag): \(line.english)\n" }
                out += "   \(language.code)\(tag): \(line.sentence)\n"
            }
        }
        return out
    }

    // MARK: Arguments

    /// The noun a sentence about an object names: a masculine, a feminine and a neuter noun in
    /// German (feminine and masculine in French and Spanish), and a plural-only one.
    static let agreeingNouns = ["dog", "person", "car", "cup"]

    private func nounAgrees(_ id: MessageID, _ templates: [MessageTemplate]) -> Bool {
        templates.contains { $0.argumentNames.contains("gender") || ($0.argumentNames.contains("object") && !id.rawValue.hasPrefix("objectNoun")) }
    }

    private func isFixed(_ name: String, id: MessageID) -> Bool {
        // A noun entry's count only picks its plural; it is shown by its forms.
        id.rawValue.hasPrefix("objectNoun") && name == "count"
    }

    private func number(_ name: String, _ value: Int) -> MessageArgument {
        name == "metres" ? .decimal(Double(value), places: 1) : .integer(value)
    }

    /// Says `id` with `arguments`, turning the sheet's own noun axis into the arguments a
    /// sentence about an object receives (the noun's form and its gender).
    private func say(_ id: MessageID, _ arguments: [String: MessageArgument], in wording: Wording) -> String {
        var arguments = arguments
        let label: String = if case .text(let noun)? = arguments["noun"] { noun } else { "dog" }
        let noun = ObjectNoun(label: label, wording: wording)
        if arguments["gender"] != nil || arguments["noun"] != nil { arguments["gender"] = noun.argument(.gender) }
        if arguments["noun"] != nil {
            if id == .hazardApproaching || id == .hazardTerse { arguments["object"] = noun.argument(.bare) }
            if arguments["object"] != nil, id != .hazardApproaching, id != .hazardTerse { arguments["object"] = noun.argument(.one) }
            if arguments["objects"] != nil { arguments["objects"] = .text(noun.phrase(count: 2)) }
            arguments["noun"] = noun.argument(.bare)
            arguments["definite"] = noun.argument(.definite)
        }
        if id.rawValue.hasPrefix("objectNoun") { arguments["count"] = .integer(arguments["form"] == .text("many") ? 2 : 1) }
        return wording(id, arguments)
    }

    private static func collect(_ template: MessageTemplate, plurals: inout Set<String>, selects: inout [String: Set<String>]) {
        for part in template.parts {
            switch part {
            case .plural(let name, let exact, let categories):
                plurals.insert(name)
                for nested in Array(exact.values) + Array(categories.values) { collect(nested, plurals: &plurals, selects: &selects) }
            case .select(let name, let cases):
                selects[name, default: []].formUnion(cases.keys)
                for nested in cases.values { collect(nested, plurals: &plurals, selects: &selects) }
            case .argument(let name, let style) where style != .plain:
                plurals.insert(name)
            default: break
            }
        }
    }

    /// A realistic value for an argument, by its name, worded in the sheet's language where
    /// the code would nest one of its phrases.
    func sample(_ name: String, id: MessageID, in w: Wording) -> MessageArgument {
        switch name {
        case "hedge": return .text(w(.objectsHedge, ["band": .text("probably")]))
        case "objects", "items":
            return .text(ObjectNoun(label: "chair", wording: w).phrase(count: 2))
        case "object": return ObjectNoun(label: "dog", wording: w).argument(.one)
        case "place": return .text(w(.objectsPlaceAt, ["hour": .integer(11)]))
        case "total": return .text(ObjectNoun(label: "person", wording: w).phrase(count: 3))
        case "distance": return .text(w(.objectsDistanceAbout, ["metres": .decimal(2, places: 1)]))
        case "details": return .text(w(.objectsDetails, ["place": .text(w(.objectsPlaceAt, ["hour": .integer(11)])),
                                                         "distance": .text(w(.objectsDistanceAbout, ["metres": .decimal(2, places: 1)])),
                                                         "percent": .integer(82)]))
        case "hour": return .integer(11)
        case "minute": return .text("05")
        case "from": return id.rawValue.hasPrefix("objects") || id.rawValue.hasPrefix("braille") ? .integer(11) : .text("speech-dispatcher")
        case "to": return id.rawValue.hasPrefix("objects") || id.rawValue.hasPrefix("braille") ? .integer(1) : .text("espeak-ng")
        case "percent": return .integer(82)
        case "metres": return .decimal(2, places: 1)
        case "path", "image": return .text("photos/kitchen.jpg")
        case "file", "earlierFile": return .text("walk-1.jsonl")
        case "folder", "directory": return .text("photos")
        case "places": return .text("photos")
        case "video", "source": return .text("walk.mp4")
        case "name", "alias":
            if id.rawValue.hasPrefix("import") { return .text("openfoodfacts.csv") }
            if id.rawValue.hasPrefix("usage") || id.rawValue.hasPrefix("bench") { return .text("--verbosity") }
            if id.rawValue.hasPrefix("service") || id.rawValue.hasPrefix("devices") { return .text("sensecam@video0.service") }
            return .text("card")
        case "suggestion": return .text("bicycle")
        case "kinds", "taught", "names", "known": return .text(w.list(["bicycle", "car", "cup"]))
        case "reason": return .text("Permission denied")
        case "sentence": return .text(w(.objectsNothingConfident))
        case "text": return .text("SALE")
        case "digits", "code": return .text("4006381333931")
        case "kind": return .text("EAN-13")
        case "address": return .text("example.org")
        case "value": return .text("loud")
        case "values", "choices": return .text(w.list(["terse", "normal", "detailed"]))
        case "option": return .text("--verbosity")
        case "label": return .text("image")
        case "command": return .text("sensecam aware")
        case "language": return .text("de")
        case "keys": return .text(KeyTable.liveKeys(w))
        case "review": return .text("7 8 9")
        case "mode": return .text("aware")
        case "width": return .integer(640)
        case "height": return .integer(480)
        case "size": return .text("6000 by 4000 pixels")
        case "limit", "megapixels": return .integer(40)
        case "megabytes": return .integer(120)
        case "minimum": return .integer(16)
        case "maximum": return .integer(4096)
        case "line", "earlierLine", "row", "frame": return .integer(12)
        case "seconds": return .integer(3)
        case "rate", "fps": return .text("30")
        case "whole": return .integer(12)
        case "tenth": return .integer(5)
        case "median", "p95", "p99", "p90", "low", "high", "time": return .text("41 ms")
        case "lowAt", "highAt", "wall", "setup", "stream": return .text("2.5")
        case "month": return .message(Message(.codeMonth, ["month": .integer(3)]))
        case "year": return .integer(2027)
        case "day": return .integer(14)
        case "product": return .text("Acme, Crunchy peanut butter, 12 ounces")
        case "allergens": return .text(w.list(["peanuts", "milk"]))
        case "amount", "quantity": return .text("400")
        case "unit": return .text("g")
        case "symbol": return .text("percent")
        case "letter": return .text("E")
        case "head": return .text("example")
        case "tail": return .text("org")
        case "format", "formats": return .text("MJPEG")
        case "sizes": return .text("640x480, 1280x720")
        case "error", "operation": return .text("VIDIOC_DQBUF")
        case "channel", "failed": return .text("Speech")
        case "taking": return .text("printing the narration instead")
        case "skipped": return id.rawValue.hasPrefix("channel") ? .text("braille") : .text(" (\(w(.batchOtherFilesSkipped, ["count": .integer(3)])))")
        case "version": return .text("0.40")
        case "cpu": return .text("AMD EPYC")
        case "cores": return .integer(2)
        case "memory": return .integer(350)
        case "step": return .text("detect")
        case "steps": return .text("detect 41 ms, track 1 ms")
        case "model": return .text("yolox_nano.onnx")
        case "searched": return .text("Models/, /usr/share/sensecam/models")
        case "expected": return .text("N/M")
        case "record": return .text("walk.mp4 frame 12")
        case "unit_": return .text("sensecam.service")
        case "rule": return .text("99-sensecam.rules")
        case "cameras": return .text("/dev/video0")
        case "inputs": return .text(w(.batchImageCount, ["count": .integer(120)]))
        case "counts": return .text("Frames: 300 captured.")
        case "count", "number", "n": return .integer(3)
        default: return .text("‹\(name)›")
        }
    }
}
