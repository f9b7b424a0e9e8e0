// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The wording seam: the catalog format, the template language, and the English catalog
/// against the code — every id worded, every worded id used.
@Suite struct WordingTests {
    /// A wording over a catalog written here, for the template rules alone.
    static func wording(_ entries: [MessageID: String], plural: PluralRule = .english) throws -> Wording {
        var text = "msgid \"\"\nmsgstr \"Language: xx\\n\"\n"
        for (id, template) in entries {
            text += "msgid \"\(id.rawValue)\"\nmsgstr \"\(template.replacingOccurrences(of: "\"", with: "\\\""))\"\n"
        }
        let catalog = try Catalog(portableObject: PortableObject(parsing: Array(text.utf8)), language: "xx")
        return Wording(catalog: catalog, plural: plural, fallback: try Catalog.embedded("en"))
    }

    // MARK: The PO format

    @Test func portableObjectReadsHeaderEntriesContinuationsAndEscapes() throws {
        let text = """
            # a comment
            msgid ""
            msgstr ""
            "Language: de\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"

            #. for the translator
            msgid "listTwo"
            msgstr "{head} "
            "und {tail}"

            msgid "listEnd"
            msgstr "say \\"hi\\"\\tthen\\\\"
            """
        let object = try PortableObject(parsing: Array(text.utf8))
        #expect(object.header["Language"] == "de")
        #expect(object.entries.map(\.id) == ["listTwo", "listEnd"])
        #expect(object.entries[0].text == "{head} und {tail}")
        #expect(object.entries[0].line == 8)
        #expect(object.entries[1].text == "say \"hi\"\tthen\\")
    }

    @Test(arguments: [
        ("msgid \"a\"\n", 1, "has no msgstr"),
        ("msgstr \"a\"\n", 1, "msgstr without a msgid"),
        ("msgid \"a\"\nmsgstr \"b\"\nmsgid \"a\"\nmsgstr \"c\"\n", 3, "appears twice"),
        ("msgid a\n", 1, "double quotes"),
        ("msgid \"a\\q\"\n", 1, "unknown escape"),
        ("\"stray\"\n", 1, "continues nothing"),
        ("msgid \"a\"\nmsgstr \"b\"\nnonsense\n", 3, "expected msgid"),
    ])
    func portableObjectRefusesBrokenFilesNamingTheLine(text: String, line: Int, reason: String) {
        #expect {
            _ = try PortableObject(parsing: Array(text.utf8))
        } throws: { error in
            guard let error = error as? PortableObject.ParseError else { return false }
            return error.line == line && error.reason.contains(reason)
        }
    }

    /// As gettext does: what msgmerge brought in untranslated, and a fuzzy guess, are no
    /// translation, so the language's wording falls back to English for them.
    @Test func portableObjectLeavesOutUntranslatedAndFuzzyEntries() throws {
        let text = """
            msgid ""
            msgstr "Language: de\\n"

            #. English: "{head} and {tail}"
            msgid "listTwo"
            msgstr ""

            #, fuzzy
            msgid "listEnd"
            msgstr "{head} oder {tail}"

            #, c-format
            msgid "listStart"
            msgstr "{head}, {tail}"

            #, fuzzy
            #~ msgid "listGone"
            #~ msgstr "weg"

            msgid "listMiddle"
            msgstr "{head}; {tail}"
            """
        let object = try PortableObject(parsing: Array(text.utf8))
        #expect(object.entries.map(\.id) == ["listStart", "listMiddle"])
        let wording = Wording(catalog: try Catalog(portableObject: object, language: "de"), plural: .english, fallback: try Catalog.embedded("en"))
        #expect(wording.list(["a", "b"]) == "a and b")
        #expect(wording.list(["a", "b", "c", "d"]) == "a, b; c and d")
    }

    @Test func catalogRefusesAnUnknownIdAndABrokenTemplate() throws {
        let unknown = try PortableObject(parsing: Array("msgid \"noSuchMessage\"\nmsgstr \"x\"\n".utf8))
        #expect(throws: Catalog.LoadError.self) { try Catalog(portableObject: unknown, language: "xx") }
        let broken = try PortableObject(parsing: Array("msgid \"listTwo\"\nmsgstr \"{head\"\n".utf8))
        #expect(throws: Catalog.LoadError.self) { try Catalog(portableObject: broken, language: "xx") }
    }

    // MARK: Templates

    @Test(arguments: [
        ("{n", "expected ,"),
        ("a } b", "closing brace"),
        ("{n, plural, one {x}}", "needs an other case"),
        ("{n, select, a {x}}", "needs an other case"),
        ("{n, plural, lots {x} other {y}}", "not a plural category"),
        ("{n, date}", "not number, spellout, plural or select"),
        ("{n, plural, other {x}", "unclosed"),
        ("{}", "expected a name"),
    ])
    func brokenTemplatesAreRefused(text: String, reason: String) {
        #expect {
            _ = try MessageTemplate(parsing: text)
        } throws: { error in
            (error as? MessageTemplate.ParseError)?.reason.contains(reason) ?? false
        }
    }

    @Test func templatesNameTheirArgumentsInsideCasesToo() throws {
        let template = try MessageTemplate(parsing: "{a} {n, plural, one {# {b}} other {{c, spellout}}} {s, select, x {{d}} other {}}")
        #expect(template.argumentNames == ["a", "n", "b", "c", "s", "d"])
    }

    @Test(arguments: [
        (0, "no people"), (1, "a person"), (2, "two people"), (12, "twelve people"), (13, "13 people"), (1800, "1800 people"),
    ])
    func pluralChoosesExactNumbersThenTheCategory(count: Int, expected: String) throws {
        let wording = try Self.wording([.listTwo: "{n, plural, =0 {no people} one {a person} other {{n, spellout} people}}"])
        #expect(wording(.listTwo, ["n": .integer(count)]) == expected)
    }

    @Test(arguments: [
        (1.0, 1, "1 metre"), (0.96, 1, "1 metre"), (1.5, 1, "1.5 metres"), (2.0, 1, "2 metres"), (0.04, 1, "0 metres"), (2.25, 2, "2.25 metres"),
    ])
    func decimalsDropTrailingZerosAndTakeTheirPluralByWhatIsShown(metres: Double, places: Int, expected: String) throws {
        let wording = try Self.wording([.listTwo: "{m, plural, one {# metre} other {# metres}}"])
        #expect(wording(.listTwo, ["m": .decimal(metres, places: places)]) == expected)
    }

    @Test func numbersFollowTheCatalogsSeparators() throws {
        let wording = try Self.wording([
            .listTwo: "{n, number} / {n} / {d} / {d, number}", .numberGroupSeparator: ".", .numberDecimalSeparator: ",",
        ])
        #expect(wording(.listTwo, ["n": .integer(1_234_567), "d": .decimal(-1234.5, places: 1)])
            == "1.234.567 / 1234567 / -1234,5 / -1.234,5")
        #expect(Wording.english(.listTwo, ["head": .text("a"), "tail": .text("b")]) == "a and b")
    }

    @Test func selectTakesTheMatchingCaseElseOther() throws {
        let wording = try Self.wording([.listTwo: "{g, select, feminine {die {noun}} masculine {der {noun}} other {das {noun}}}"])
        #expect(wording(.listTwo, ["g": .text("feminine"), "noun": .text("Tasse")]) == "die Tasse")
        #expect(wording(.listTwo, ["g": .text("neuter"), "noun": .text("Buch")]) == "das Buch")
    }

    @Test func nestedMessagesAreWordedInTheSameLanguage() throws {
        let wording = try Self.wording([.listTwo: "<{inner}>", .listEnd: "{head} und {tail}"])
        let inner = Message(.listEnd, ["head": .text("a"), "tail": .text("b")])
        #expect(wording(.listTwo, ["inner": .message(inner)]) == "<a und b>")
    }

    @Test(arguments: [
        ([String](), ""), (["a"], "a"), (["a", "b"], "a and b"), (["a", "b", "c"], "a, b and c"),
        (["a", "b", "c", "d"], "a, b, c and d"),
    ])
    func listsJoinAsTheLanguageDoes(items: [String], expected: String) {
        #expect(Wording.english.list(items) == expected)
    }

    @Test func aMessageTheCatalogLacksIsTakenFromEnglish() throws {
        let wording = try Self.wording([.listEnd: "{head} und {tail}"])
        #expect(wording.language == "xx")
        #expect(wording.list(["a", "b", "c"]) == "a, b und c")
    }

    // MARK: The English catalog against the code

    @Test func everyMessageHasEnglishWords() throws {
        let english = try #require(try Catalog.embedded("en"))
        let missing = MessageID.allCases.filter { english.templates[$0] == nil }.map(\.rawValue)
        #expect(missing.isEmpty, "no English words for \(missing.joined(separator: ", "))")
        #expect(english.language == "en")
        #expect(Catalog.languages.contains("en"))
    }

    /// An id no code uses is a sentence nobody hears: it is found by name in the package's code
    /// (a case name is `.name` at its use) — the product, the benches and the fuzz target, not
    /// the tests — outside the list of ids itself.
    @Test func everyMessageIsUsedSomewhere() throws {
        var text = ""
        for folder in ["Sources", "bench", "fuzz"] {
            let root = TestResources.packageRoot.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" && file.lastPathComponent != "MessageID.swift" {
                text += try String(contentsOf: file, encoding: .utf8)
            }
        }
        let unused = MessageID.allCases.map(\.rawValue).filter { id in
            text.range(of: "\\.\(id)\\b", options: .regularExpression) == nil
        }
        #expect(unused.isEmpty, "messages no code uses: \(unused.joined(separator: ", "))")
    }
}
