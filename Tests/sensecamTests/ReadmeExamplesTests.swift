// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import CameraTestSupport
import Perception
import Testing

/// The README and the guide are read by people who cannot glance at a screenshot: what they
/// quote must be what the tool says. Every `console` example on every page is run as written
/// and must print what the page shows (a line `...` stands for any lines); every sentence
/// quoted in the prose must be one a catalog template can produce, or one an example prints.
@Suite(.serialized) struct ReadmeExamplesTests {
    /// The README and every page of the guide, as paths inside the package.
    static var pages: [String] {
        get throws {
            let guide = SensecamProcess.packageRoot.appendingPathComponent("docs/guide")
            let names = try FileManager.default.contentsOfDirectory(atPath: guide.path).filter { $0.hasSuffix(".md") }.sorted()
            return ["README.md"] + names.map { "docs/guide/" + $0 }
        }
    }

    static func document(_ page: String) throws -> ReadmeDocument {
        try ReadmeDocument(contentsOf: SensecamProcess.packageRoot.appendingPathComponent(page))
    }

    // MARK: - Console examples

    @Test func everyConsoleExamplePrintsWhatItsPageShows() throws {
        try SensecamProcess.requireModel()
        let documents = try Self.pages.map { ($0, try Self.document($0)) }
        let runCount = documents.reduce(0) { $0 + $1.1.consoleExamples.filter { $0.skipReason == nil }.count }
        #expect(runCount >= 10, "The README and the guide should show at least ten runnable examples; found \(runCount).")
        try SharedTestData.requireEverySet()
        let binaryFolder = try SensecamProcess.executable().deletingLastPathComponent().path
        for (page, document) in documents {
            for skipped in document.consoleExamples where skipped.skipReason != nil {
                #expect(ReadmeDocument.allowedSkipReasons.contains(skipped.skipReason!),
                        "\(page) line \(skipped.line): an example may be left unrun only for want of hardware or a service (\(ReadmeDocument.allowedSkipReasons.sorted())), not '\(skipped.skipReason!)'.")
            }
            let run = document.consoleExamples.filter { $0.skipReason == nil }
            guard !run.isEmpty else { continue }
            // Each page in a checkout of its own, with the pictures it names as a reader's own
            // files: the names are used as written (a shard is chosen by a hash of the path).
            try withTemporaryFolder { scratch in
                let folder = scratch.appendingPathComponent("sensecam")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Self.linkCheckout(into: folder)
                // A page may name a file again before another example; it is linked once.
                var linked: Set<String> = []
                for file in document.exampleFiles where linked.insert(file.name).inserted {
                    let target = SharedTestData.root.appendingPathComponent(file.dataPath)
                    try #require(FileManager.default.fileExists(atPath: target.path),
                                 "\(page) line \(file.line): \(file.name) is \(file.dataPath), which the test data lacks.")
                    try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(file.name), withDestinationURL: target)
                }
                let environment: [String: String?] = [
                    "PATH": binaryFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                    "XDG_DATA_HOME": scratch.appendingPathComponent("data").path,
                ]
                for example in run {
                    for step in example.steps {
                        let result = try SensecamProcess.run(["-c", step.command], environment: environment, workingDirectory: folder,
                                                             program: URL(fileURLWithPath: "/bin/sh"), timeout: 300)
                        let printed = result.stdoutLines + result.stderrLines
                        #expect(ReadmeDocument.matches(printed, expected: step.output),
                                "\(page) line \(step.line): '$ \(step.command)' printed\n\(printed.joined(separator: "\n"))\nbut the page shows\n\(step.output.joined(separator: "\n"))")
                    }
                }
            }
        }
    }

    /// A picture's name means one file wherever the guide uses it, and never hides a file of
    /// the checkout.
    @Test func everyExampleFileNamesOneFileOfTheTestData() throws {
        var seen: [String: String] = [:]
        let checkout = Set(try FileManager.default.contentsOfDirectory(atPath: SensecamProcess.packageRoot.path))
        var count = 0
        for page in try Self.pages {
            for file in try Self.document(page).exampleFiles {
                count += 1
                #expect(!checkout.contains(file.name), "\(page) line \(file.line): \(file.name) is already a file of the checkout.")
                #expect(!file.name.contains("/"), "\(page) line \(file.line): an example file is named without a folder, not \(file.name).")
                if let earlier = seen[file.name] {
                    #expect(earlier == file.dataPath, "\(page) line \(file.line): \(file.name) is \(file.dataPath) here and \(earlier) elsewhere.")
                }
                seen[file.name] = file.dataPath
            }
        }
        #expect(count >= 15, "Found only \(count) example files; the pages' comments were not read.")
    }

    /// The examples name files as a reader's checkout has them (`samples/…`); they run in a
    /// scratch folder that links the checkout's top-level entries, so what they write lands there.
    static func linkCheckout(into folder: URL) throws {
        let root = SensecamProcess.packageRoot
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) where !name.hasPrefix(".") {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name),
                                                       withDestinationURL: root.appendingPathComponent(name))
        }
    }

    @Test func theWildcardLineMatchesAnyLinesAndNothingElse() {
        #expect(ReadmeDocument.matches(["a", "b", "c", "d"], expected: ["a", "...", "d"]))
        #expect(ReadmeDocument.matches(["a", "d"], expected: ["a", "...", "d"]))
        #expect(!ReadmeDocument.matches(["a", "b"], expected: ["a", "...", "d"]))
        #expect(!ReadmeDocument.matches(["a", "x"], expected: ["a"]))
        #expect(ReadmeDocument.matches([], expected: []))
    }

    // MARK: - Quoted sentences

    @Test func everySentenceQuotedInTheProseIsOneTheToolCanSay() throws {
        let documents = try Self.pages.map { ($0, try Self.document($0)) }
        // A page may quote what an example on another page prints.
        let printed = Set(documents.flatMap { $0.1.consoleExamples.flatMap { $0.steps.flatMap(\.output) } })
        let printedText = printed.joined(separator: "\n")
        let templates = try CatalogSentences(catalog: SensecamProcess.packageRoot.appendingPathComponent("Sources/Catalogs/en.po"))
        var count = 0
        for (page, document) in documents {
            for quote in document.quotedSentences {
                count += 1
                let said = printedText.contains(quote) || templates.canSay(quote)
                #expect(said, "\(page) quotes \"\(quote)\", which no catalog message produces and no console example prints.")
            }
        }
        #expect(count >= 40, "Found only \(count) quoted sentences; the pages' quotes were not read.")
    }

    @Test func sentencesTheToolCannotSayAreCaught() throws {
        let templates = try CatalogSentences(catalog: SensecamProcess.packageRoot.appendingPathComponent("Sources/Catalogs/en.po"))
        let person = templates.canSay("Probably a person, at 12 o'clock.")
        let approaching = templates.canSay("Person approaching, at 12 o'clock.")
        // The README's old tagline and hazard: a place that is no clock hour, a word no hazard has.
        let ahead = templates.canSay("Probably a chair, ahead.")
        let caution = templates.canSay("Caution: a car approaching…")
        #expect(person && approaching)
        #expect(!ahead && !caution)
    }
}

/// A page of the README or the guide, split into what the tests check.
struct ReadmeDocument {
    /// Why an example may be shown without being run: it needs hardware or a service these
    /// machines lack.
    static let allowedSkipReasons: Set<String> = [
        "needs a camera", "needs a systemd user session", "needs a Kubernetes cluster", "needs a Slurm cluster",
    ]

    struct Step {
        var line: Int
        var command: String
        var output: [String]
    }

    struct ConsoleExample {
        var line: Int
        var skipReason: String?
        var steps: [Step]
    }

    /// A picture an example names as the reader's own (`kitchen.jpg`), and the file of the
    /// shared test data the test gives it: `<!-- example file: NAME is PATH -->` on a line of
    /// its own, which a reader of the page never hears.
    struct ExampleFile {
        var line: Int
        var name: String
        var dataPath: String
    }

    var consoleExamples: [ConsoleExample] = []
    var exampleFiles: [ExampleFile] = []
    /// Text outside code blocks, a paragraph per element, its lines joined by spaces.
    var paragraphs: [String] = []

    init(contentsOf url: URL) throws {
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var index = 0
        var paragraph: [String] = []
        var previousText = ""
        func endParagraph() {
            let joined = paragraph.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            if !joined.isEmpty { paragraphs.append(joined) }
            paragraph = []
        }
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("```") {
                endParagraph()
                let fence = line
                var body: [String] = []
                let start = index + 1
                index += 1
                while index < lines.count, !lines[index].hasPrefix("```") {
                    body.append(lines[index])
                    index += 1
                }
                if fence == "```console" {
                    consoleExamples.append(Self.example(body, firstLine: start + 1, after: previousText))
                }
                previousText = ""
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                endParagraph()
            } else {
                if let file = Self.exampleFile(line, number: index + 1) { exampleFiles.append(file) }
                paragraph.append(line)
                previousText = line
            }
            index += 1
        }
        endParagraph()
    }

    static func exampleFile(_ line: String, number: Int) -> ExampleFile? {
        let prefix = "<!-- example file: ", suffix = " -->"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return nil }
        let parts = line.dropFirst(prefix.count).dropLast(suffix.count).components(separatedBy: " is ")
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return ExampleFile(line: number, name: parts[0], dataPath: parts[1])
    }

    /// A block's `$ ` lines are commands, each followed by what it prints. An HTML comment
    /// `<!-- not run: REASON -->` just before the block marks one that cannot run here.
    static func example(_ body: [String], firstLine: Int, after previous: String) -> ConsoleExample {
        var skip: String?
        if previous.hasPrefix("<!-- not run: "), previous.hasSuffix(" -->") {
            skip = String(previous.dropFirst("<!-- not run: ".count).dropLast(" -->".count))
        }
        var steps: [Step] = []
        for (offset, line) in body.enumerated() {
            if line.hasPrefix("$ ") {
                steps.append(Step(line: firstLine + offset, command: String(line.dropFirst(2)), output: []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].output.append(line)
            }
        }
        return ConsoleExample(line: firstLine - 1, skipReason: skip, steps: steps)
    }

    /// Sentences in double quotes in the prose: those that start with a capital and end as a
    /// sentence does, the ones a reader takes for the tool's own words.
    var quotedSentences: [String] {
        let pattern = try! NSRegularExpression(pattern: "\"([A-Z][^\"]*?[.?!…])\"")
        var found: [String] = []
        for paragraph in paragraphs where !paragraph.hasPrefix("<!--") {
            let range = NSRange(paragraph.startIndex..., in: paragraph)
            for match in pattern.matches(in: paragraph, range: range) {
                if let quote = Range(match.range(at: 1), in: paragraph) { found.append(String(paragraph[quote])) }
            }
        }
        return found
    }

    /// Whether `printed` is `expected`, where a line `...` in `expected` stands for any number
    /// of lines.
    static func matches(_ printed: [String], expected: [String]) -> Bool {
        guard let first = expected.first else { return printed.isEmpty }
        if first == "..." {
            let rest = Array(expected.dropFirst())
            return (0...printed.count).contains { matches(Array(printed.dropFirst($0)), expected: rest) }
        }
        guard let line = printed.first, line == first else { return false }
        return matches(Array(printed.dropFirst()), expected: Array(expected.dropFirst()))
    }
}

/// What the English catalog can say: each message's template as a pattern. An argument is any
/// text, except those whose words come from a family of messages of their own (a place is a
/// clock hour or a span of them, a hedge "Probably" or "Possibly"): so "Probably a chair,
/// ahead." is caught, which a pattern of bare arguments would let through.
struct CatalogSentences {
    private var patterns: [NSRegularExpression] = []
    private var templates: [String: String] = [:]

    /// Arguments that stand for another message's words, by the prefix of those messages' ids.
    static let argumentFamilies: [String: String] = ["hedge": "objectsHedge", "place": "objectsPlace"]
    static let digitArguments: Set<String> = ["hour", "from", "to"]

    init(catalog url: URL) throws {
        let object = try PortableObject(parsing: Data(contentsOf: url))
        for entry in object.entries where !entry.id.isEmpty { templates[entry.id] = entry.text }
        // A template all arguments ("{kind}: {text}") would take any sentence; one counts only
        // when words of its own, or arguments of a known family, pin it down.
        for (_, text) in templates {
            var letters = 0
            let body = pattern(text, depth: 0, letters: &letters)
            guard Self.endsASentence(text), letters >= 3 || Self.hasFamilyArgument(text) else { continue }
            if let regex = try? NSRegularExpression(pattern: "^" + body + "$") { patterns.append(regex) }
        }
    }

    /// Whether every way the template can end closes a sentence: a quote is a whole sentence, so
    /// a fragment ("{hedge} {objects}") must not stand in for one.
    static func endsASentence(_ template: String) -> Bool {
        let characters = Array(template.trimmingCharacters(in: .whitespaces))
        guard let last = characters.last else { return false }
        if ".?!…".contains(last) { return true }
        guard last == "}" else { return false }
        // The last construct: find where it opens, and look at each choice of a plural or select.
        var start = 0
        while start < characters.count {
            if characters[start] == "{", let end = matchingBrace(in: characters, from: start) {
                if end == characters.count - 1 { break }
                start = end + 1
            } else {
                start += 1
            }
        }
        guard start < characters.count else { return false }
        let inner = String(characters[(start + 1)..<(characters.count - 1)])
        let parts = inner.split(separator: ",", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 3, parts[1] == "plural" || parts[1] == "select" else { return false }
        let choices = Array(parts[2])
        var index = 0
        var all = true
        while index < choices.count {
            if choices[index] == "{", let end = matchingBrace(in: choices, from: index) {
                let choice = String(choices[(index + 1)..<end])
                if !choice.isEmpty { all = all && endsASentence(choice) }
                index = end + 1
            } else {
                index += 1
            }
        }
        return all
    }

    static func hasFamilyArgument(_ template: String) -> Bool {
        argumentFamilies.keys.contains { template.contains("{" + $0 + "}") }
    }

    func canSay(_ sentence: String) -> Bool {
        // "Batch complete. …" quotes the start of a message.
        if sentence.hasSuffix("…") {
            let start = sentence.dropLast().trimmingCharacters(in: .whitespaces)
            return templates.values.contains { $0.hasPrefix(start) }
        }
        let range = NSRange(sentence.startIndex..., in: sentence)
        return patterns.contains { $0.firstMatch(in: sentence, range: range) != nil }
    }

    /// The template as a regular expression; `{…}` constructs become groups. `letters` counts
    /// the letters the template always says itself (the fewest of any choice).
    private func pattern(_ template: String, depth: Int, hash: String? = nil, letters: inout Int) -> String {
        let characters = Array(template)
        var result = ""
        var index = 0
        while index < characters.count {
            if characters[index] == "{", let end = Self.matchingBrace(in: characters, from: index) {
                result += construct(String(characters[(index + 1)..<end]), depth: depth, letters: &letters)
                index = end + 1
            } else {
                let character = String(characters[index])
                if characters[index].isLetter { letters += 1 }
                result += character == "#" && hash != nil ? hash! : NSRegularExpression.escapedPattern(for: character)
                index += 1
            }
        }
        return result
    }

    /// `name`, `name, number`, or `name, plural|select, key {…} key {…}`.
    private func construct(_ inner: String, depth: Int, letters: inout Int) -> String {
        let parts = inner.split(separator: ",", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
        let name = parts[0]
        if parts.count == 3, parts[1] == "plural" || parts[1] == "select" {
            let characters = Array(parts[2])
            var choices: [String] = []
            var fewest = Int.max
            var index = 0
            while index < characters.count {
                if characters[index] == "{", let end = Self.matchingBrace(in: characters, from: index) {
                    var choiceLetters = 0
                    choices.append(pattern(String(characters[(index + 1)..<end]), depth: depth, hash: ".+?", letters: &choiceLetters))
                    fewest = min(fewest, choiceLetters)
                    index = end + 1
                } else {
                    index += 1
                }
            }
            letters += fewest == .max ? 0 : fewest
            return "(?:" + choices.joined(separator: "|") + ")"
        }
        // "from" and "to" are hours only inside a place; elsewhere they name channels.
        if name == "hour" || (depth > 0 && Self.digitArguments.contains(name)) { return "[0-9]{1,2}" }
        if let family = Self.argumentFamilies[name], depth < 3 {
            var ignored = 0
            let members = templates.filter { $0.key.hasPrefix(family) }.sorted { $0.key < $1.key }
                .map { pattern($0.value, depth: depth + 1, letters: &ignored) }
            return "(?:" + members.joined(separator: "|") + ")"
        }
        return ".+?"
    }

    private static func matchingBrace(in characters: [Character], from open: Int) -> Int? {
        var depth = 0
        for index in open..<characters.count {
            if characters[index] == "{" { depth += 1 }
            if characters[index] == "}" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}

/// The guide's products example imports `samples/openfoodfacts-sample.csv`: the tests' own
/// export, so the two cannot drift apart.
@Suite struct SampleExportTests {
    @Test func theSampleExportIsWhatTheFixtureWrites() throws {
        let sample = SensecamProcess.packageRoot.appendingPathComponent("samples/openfoodfacts-sample.csv")
        try withTemporaryFolder { folder in
            let written = folder.appendingPathComponent("export.csv")
            try OpenFoodFactsFixture.write(.tabSeparated, to: written.path)
            #expect(try Data(contentsOf: written) == Data(contentsOf: sample),
                    "samples/openfoodfacts-sample.csv differs from the fixture's export; write the fixture's export there again.")
        }
    }
}
