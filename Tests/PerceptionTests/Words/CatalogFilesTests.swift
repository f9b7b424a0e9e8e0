// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering
@testable import sensecam_catalog

/// A message is written once, in en.po, with a comment saying what it is for: the Swift ids, the
/// translators' template and the translations' comments are made from it (`make catalog`) and
/// must be in step with it, and gettext's own tools accept every catalog.
@Suite struct CatalogFilesTests {
    static let catalogs = TestResources.packageRoot.appendingPathComponent("Sources/Catalogs")
    static let englishPath = "Sources/Catalogs/en.po"
    static let translations = ["de", "fr", "es"]
    static let regenerate = "run `make catalog` after editing en.po"

    static func english() throws -> EnglishCatalog {
        try EnglishCatalog(parsing: String(contentsOf: catalogs.appendingPathComponent("en.po"), encoding: .utf8))
    }

    /// The one MessageID.swift under Sources, wherever its target is.
    static func messageIDFile() throws -> URL {
        let sources = TestResources.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let found = files.compactMap { $0 as? URL }.filter { $0.lastPathComponent == "MessageID.swift" }
        return try #require(found.count == 1 ? found.first : nil, "expected one MessageID.swift under Sources, found \(found.count)")
    }

    /// The first line where two texts part, for a failure a person can act on.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let want = index < left.count ? String(left[index]) : "(end of file)"
            let have = index < right.count ? String(right[index]) : "(end of file)"
            if want != have { return "line \(index + 1): expected \"\(want)\", found \"\(have)\"" }
        }
        return "no difference"
    }

    /// A whole file against what it should be, reported as where they part, not as both files.
    static func expectSame(_ actual: String, _ expected: String, _ problem: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        guard actual != expected else { return }
        Issue.record("\(problem) (\(regenerate)); \(firstDifference(expected, actual))", sourceLocation: sourceLocation)
    }

    struct Run {
        var status: Int32
        var output: String
    }

    /// A gettext tool, its standard error and output together.
    static func gettext(_ tool: String, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw TestResources.Missing(description: "\(tool) is not installed: it is in Debian's gettext package, which `make test` installs.")
        }
        return Run(status: process.terminationStatus, output: output)
    }

    static func scratchFile(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name)
    }

    // MARK: Written once

    @Test func messageIDsAreGeneratedFromEnglish() throws {
        let expected = MessageIDSource.render(try Self.english(), from: Self.englishPath)
        let actual = try String(contentsOf: try Self.messageIDFile(), encoding: .utf8)
        Self.expectSame(actual, expected, "MessageID.swift is out of step with en.po")
    }

    @Test func theTemplateIsGeneratedFromEnglish() throws {
        let expected = TranslationTemplate.render(try Self.english(), from: Self.englishPath)
        let actual = try String(contentsOf: Self.catalogs.appendingPathComponent("sensecam.pot"), encoding: .utf8)
        Self.expectSame(actual, expected, "sensecam.pot is out of step with en.po")
    }

    @Test func everyMessageSaysWhatItIsFor() throws {
        let missing = try Self.english().uncommented.map { "\($0.id) (line \($0.line))" }
        #expect(missing.isEmpty, "en.po messages without a comment above them saying what they are for: \(missing.joined(separator: ", "))")
    }

    /// A translation holds every message of the template with its comments as they are now:
    /// merging it again changes nothing.
    @Test(arguments: translations)
    func eachTranslationIsMergedWithTheTemplate(language: String) throws {
        let merged = try Self.scratchFile("\(language).po")
        let run = try Self.gettext("msgmerge", ["--quiet", "--no-fuzzy-matching", "--no-wrap", "-o", merged.path,
                                                Self.catalogs.appendingPathComponent("\(language).po").path,
                                                Self.catalogs.appendingPathComponent("sensecam.pot").path])
        #expect(run.status == 0, "msgmerge refused \(language).po: \(run.output)")
        let expected = try String(contentsOf: merged, encoding: .utf8)
        let actual = try String(contentsOf: Self.catalogs.appendingPathComponent("\(language).po"), encoding: .utf8)
        Self.expectSame(actual, expected, "\(language).po is not merged with sensecam.pot")
    }

    // MARK: Gettext's tools

    /// Every catalog passes msgfmt's checks silently, header fields included. The template's
    /// header keeps gettext's placeholders (msginit fills them in for a new language), the one
    /// thing msgfmt remarks on in it.
    @Test(arguments: ["en.po", "de.po", "fr.po", "es.po", "sensecam.pot"])
    func msgfmtChecksEveryCatalog(file: String) throws {
        let run = try Self.gettext("msgfmt", ["--check", "-o", "/dev/null", Self.catalogs.appendingPathComponent(file).path])
        #expect(run.status == 0, "msgfmt --check refused \(file): \(run.output)")
        let remarks = run.output.split(separator: "\n").filter { line in
            !(file.hasSuffix(".pot") && line.contains("warning: header field") && line.hasSuffix("still has the initial default value"))
        }
        #expect(remarks.isEmpty, "msgfmt --check on \(file): \(remarks.joined(separator: "; "))")
    }

    /// What a translator's msgmerge makes of a translation when a message is added: it keeps
    /// every translation, brings the new message's comments, and leaves it untranslated, which
    /// the catalog then says in English rather than as nothing.
    @Test func aMergedTranslationKeepsItsWordsAndLeavesANewMessageToEnglish() throws {
        var template = try String(contentsOf: Self.catalogs.appendingPathComponent("sensecam.pot"), encoding: .utf8)
        template += "\n#. A message added after the translation.\n#. English: \"Added.\"\nmsgid \"addedLater\"\nmsgstr \"\"\n"
        let templateFile = try Self.scratchFile("sensecam.pot")
        try template.write(to: templateFile, atomically: true, encoding: .utf8)
        let german = Self.catalogs.appendingPathComponent("de.po")
        let merged = try Self.scratchFile("de.po")
        let run = try Self.gettext("msgmerge", ["--quiet", "--no-fuzzy-matching", "--no-wrap", "-o", merged.path, german.path, templateFile.path])
        #expect(run.status == 0, "msgmerge refused de.po: \(run.output)")

        let mergedText = try String(contentsOf: merged, encoding: .utf8)
        #expect(mergedText.contains("#. A message added after the translation.\n#. English: \"Added.\"\nmsgid \"addedLater\"\nmsgstr \"\""))
        let before = try PortableObject(parsing: Data(contentsOf: german))
        let after = try PortableObject(parsing: Data(mergedText.utf8))
        #expect(after.entries.map(\.id) == before.entries.map(\.id))
        #expect(after.entries.map(\.text) == before.entries.map(\.text))
        #expect(after.header["Language"] == "de")
    }

    // MARK: Reading en.po

    @Test func englishIsReadWithItsGroupsNotesAndComments() throws {
        let text = """
            # SPDX-License-Identifier: GPL-3.0-or-later
            # English.
            #
            # The syntax.
            msgid ""
            msgstr ""
            "Language: en\\n"

            # MARK: Lists

            # A note on what follows.

            # Two items.
            msgid "listTwo"
            msgstr "{head} and "
            "{tail}"

            # The last join,
            # of a longer list.
            msgid "listEnd"
            msgstr "say \\"{head}\\"\\n{tail}"
            """
        let catalog = try EnglishCatalog(parsing: text)
        #expect(catalog.opening == ["SPDX-License-Identifier: GPL-3.0-or-later", "English.", "", "The syntax."])
        #expect(catalog.header == "Language: en\\n")
        #expect(catalog.messages == [
            .init(id: "listTwo", english: "{head} and {tail}", group: "Lists", note: ["A note on what follows."], comment: ["Two items."], line: 14),
            .init(id: "listEnd", english: "say \\\"{head}\\\"\\n{tail}", group: nil, note: [], comment: ["The last join,", "of a longer list."], line: 20),
        ])
        #expect(catalog.uncommented.isEmpty)

        let template = TranslationTemplate.render(catalog, from: "en.po")
        #expect(template.contains("# The syntax.\n#, fuzzy\nmsgid \"\""))
        #expect(template.contains("#. MARK: Lists\n#. A note on what follows.\n#. Two items.\n#. English: \"{head} and {tail}\"\nmsgid \"listTwo\"\nmsgstr \"\"\n"))
        let swift = MessageIDSource.render(catalog, from: "en.po")
        #expect(swift.contains("    // MARK: Lists\n\n    // A note on what follows.\n\n    /// Two items.\n    ///\n    /// English: \"{head} and {tail}\"\n    case listTwo\n"))
    }

    @Test func aMessageWithoutACommentIsFound() throws {
        let catalog = try EnglishCatalog(parsing: "msgid \"\"\nmsgstr \"\"\n\n# Said.\nmsgid \"said\"\nmsgstr \"a\"\n\nmsgid \"bare\"\nmsgstr \"b\"\n")
        #expect(catalog.uncommented.map(\.id) == ["bare"])
    }

    @Test(arguments: [
        ("msgid \"\"\nmsgstr \"\"\n\n# x\nmsgid \"Not a name\"\nmsgstr \"a\"\n", 5, "lower camel case"),
        ("msgid \"\"\nmsgstr \"\"\n\n# x\nmsgid \"a\"\nmsgstr \"a\"\n# x\nmsgid \"a\"\nmsgstr \"b\"\n", 8, "appears twice"),
        ("msgid \"\"\nmsgstr \"\"\n\n#. extracted\nmsgid \"a\"\nmsgstr \"a\"\n", 4, "plain \"# \" comments only"),
        ("msgid \"\"\nmsgstr \"\"\n\n# x\nmsgid \"a\"\n", 5, "has no msgstr"),
        ("# x\nmsgid \"a\"\nmsgstr \"a\"\n", 1, "no header entry"),
        ("msgid \"\"\nmsgstr \"\"\n\n# a note\n\n# MARK: Late\n", 6, "a note with no message after it"),
    ])
    func englishRefusesWhatCannotBeGenerated(text: String, line: Int, reason: String) {
        #expect {
            _ = try EnglishCatalog(parsing: text)
        } throws: { error in
            guard let error = error as? EnglishCatalog.ParseError else { return false }
            return error.line == line && error.reason.contains(reason)
        }
    }
}
