// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing

import Options
@testable import sensecam

/// A page read aloud through a real speech-dispatcher: what reaches the server (its log) is the
/// page's sentences, each a message, with the words a hyphen broke at a line's end said whole;
/// the printed lines (`--output jsonl`) stay as printed.
@Suite struct SpokenSentencesEndToEndTests {
    static let closers: Set<Character> = [")", "]", "\"", "'", "\u{201D}", "\u{2019}"]

    /// The page's printed lines (its text events, as the JSON Lines channel writes them), and
    /// the messages speech-dispatcher queued when the page was read with `--profile blind`.
    static func read(_ image: String) throws -> (lines: [String], messages: [(text: String, priority: Int)]) {
        let printed = try SensecamProcess.run(["read", image, "--engine", "page", "--output", "jsonl"])
        #expect(printed.status == 0, "\(printed)")
        let events = printed.stdoutLines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        let lines = events.filter { $0["kind"] as? String == "text" }.compactMap { $0["text"] as? String }
            .filter { !$0.hasPrefix("End of page") }
        let server = try SpeechDispatcherServer(secondsPerMessage: 0.01)
        defer { server.stop() }
        let run = try SensecamProcess.run(["read", image, "--engine", "page", "--profile", "blind"],
                                          environment: ["SPEECHD_ADDRESS": server.address])
        #expect(run.status == 0, "\(run)")
        let deadline = Date().addingTimeInterval(10)
        while !server.queued().contains(where: { $0.text.hasPrefix("End of page") }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        return (lines, server.queued())
    }

    static func endsSentence(_ text: String) -> Bool {
        guard let last = text.reversed().first(where: { !closers.contains($0) }) else { return false }
        return ".!?".contains(last)
    }

    /// The letters and digits of `text`, lower-cased: what a listener hears, whatever the spacing
    /// and hyphens.
    static func letters(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// Words as a reader counts them: split at spaces, punctuation stripped from both ends.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map { token in
            String(token.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed()).lowercased()
        }.filter { !$0.isEmpty }
    }

    /// The words broken by a hyphen at a printed line's end (letters before it, letters starting
    /// the next line), joined.
    static func brokenWords(_ lines: [String]) -> [String] {
        zip(lines, lines.dropFirst()).compactMap { line, next in
            guard let last = line.split(separator: " ").last, last.hasSuffix("-"),
                  let first = next.split(separator: " ").first else { return nil }
            let head = String(last.dropLast().reversed().prefix { $0.isLetter }.reversed())
            let tail = String(first.prefix { $0.isLetter })
            return head.isEmpty || tail.isEmpty ? nil : (head + tail).lowercased()
        }
    }

    /// What every spoken page must show: every message at message priority; nothing lost or
    /// added; fewer messages than lines; each message a whole sentence, a printed line standing
    /// alone (a heading, a running head), or the page's last words, cut off by its foot.
    static func expectWholeSentences(_ lines: [String], _ messages: [(text: String, priority: Int)]) {
        let spoken = messages.map(\.text)
        #expect(spoken.last?.hasPrefix("End of page") == true, "\(spoken)")
        #expect(messages.allSatisfy { $0.priority == SpeechDispatcherServer.priorityNumbers[.message] }, "\(messages)")
        let sentences = Array(spoken.dropLast())
        #expect(letters(sentences.joined()) == letters(lines.joined()), "the words said are the words printed")
        #expect(sentences.count < lines.count, "\(sentences)")
        // A line standing alone is said as a voice says it: a case number digit by digit.
        let voiced = lines.map { SpokenText(wording: .english).forVoice($0, language: "en") }
        for (index, sentence) in sentences.enumerated() {
            let whole = endsSentence(sentence) || voiced.contains(sentence) || index == sentences.count - 1
            #expect(whole, "not a whole sentence: \(sentence)")
        }
    }

    /// Each word a hyphen broke at a line's end that the truth spells whole elsewhere is said
    /// whole: it is heard as often as the page prints it, whole or broken. Returns how many
    /// broken words were found and how many of them the truth spells whole.
    static func expectBrokenWordsSaidWhole(_ lines: [String], _ spoken: [String], truth: String) -> (found: Int, checked: Int) {
        let truthWords = Set(words(truth))
        let spokenWords = words(spoken.joined(separator: " "))
        let printedWords = words(lines.joined(separator: " "))
        let broken = brokenWords(lines)
        var checked = 0
        for word in Set(broken) where truthWords.contains(word) {
            checked += broken.filter { $0 == word }.count
            let printed = printedWords.filter { $0 == word }.count + broken.filter { $0 == word }.count
            #expect(spokenWords.filter { $0 == word }.count == printed, "'\(word)' is not said whole each time: \(spoken)")
        }
        return (broken.count, checked)
    }

    /// The welcome page, whose truth has no abbreviation: its title (the first line, as
    /// samples/make-welcome-page.py draws it) and the sentences of its paragraphs (set apart by
    /// blank lines), found in the truth by their full stops, are exactly what is said.
    @Test func theWelcomePageIsSaidAsItsSentences() throws {
        let root = SensecamProcess.packageRoot.appendingPathComponent("samples")
        let (lines, messages) = try Self.read(root.appendingPathComponent("welcome-page.png").path)
        Self.expectWholeSentences(lines, messages)
        let truth = try String(contentsOf: root.appendingPathComponent("welcome-page.txt"), encoding: .utf8)
        let title = String(truth.prefix { $0 != "\n" })
        let body = truth.dropFirst(title.count + 1)
        let paragraphs = [title] + body.components(separatedBy: "\n\n").map { $0.split(separator: "\n").joined(separator: " ") }
        let sentences = paragraphs.flatMap { paragraph in
            paragraph.split(separator: ". ").map { String($0) }.enumerated().map { index, part in
                part.hasSuffix(".") || index == paragraph.split(separator: ". ").count - 1 ? part : part + "."
            }
        }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(sentences.count == 7, "\(sentences)")
        #expect(Array(messages.map(\.text).dropLast()) == sentences, "\(messages.map(\.text))")
        let hyphens = Self.expectBrokenWordsSaidWhole(lines, messages.map(\.text), truth: truth)
        print("welcome-page: \(lines.count) printed lines, \(messages.count - 1) sentences said, \(hyphens.found) words broken at a line's end")
    }

    /// A court opinion, justified, with citations full of abbreviations ("v.", "Inc.", "Cir.",
    /// "i.e.") and seven words broken at lines' ends.
    @Test func aCourtOpinionIsSaidAsWholeSentencesWithBrokenWordsWhole() throws {
        let (lines, messages) = try Self.read(try SharedTestData.path("ocr/documents/singlecol_01.png"))
        Self.expectWholeSentences(lines, messages)
        #expect(lines.contains { $0.hasSuffix("cop-") }, "the printed lines keep their hyphens: \(lines)")
        let truth = try String(contentsOfFile: try SharedTestData.path("ocr/documents/singlecol_01.gt.txt"), encoding: .utf8)
        let hyphens = Self.expectBrokenWordsSaidWhole(lines, messages.map(\.text), truth: truth)
        #expect(hyphens.found >= 5 && hyphens.checked >= 3, "\(hyphens) in \(lines)")
        // No sentence is cut at an abbreviation the page uses in mid-sentence.
        for sentence in messages.map(\.text) {
            for abbreviation in ["v.", "Inc.", "Cir.", "Tel.", "Serv.", "i.e.", "id."] {
                #expect(!sentence.hasSuffix(" " + abbreviation), "cut at '\(abbreviation)': \(sentence)")
            }
        }
        let mended = Self.brokenWords(lines).filter { word in Self.words(messages.map(\.text).joined(separator: " ")).contains(word) }
        print("singlecol_01: \(lines.count) printed lines, \(messages.count - 1) sentences said, \(hyphens.found) words broken at a line's end, \(hyphens.checked) of them spelled whole in the truth, \(mended.count) said whole")
        for message in messages { print("  said: \(message.text)") }
    }

    /// Without speech-dispatcher, espeak-ng (synthesizing for real) is given the same sentences,
    /// while the low-vision profile's terminal shows the lines as printed.
    @Test func espeakNgSaysTheSentencesAndTheTerminalKeepsTheLines() throws {
        let image = SensecamProcess.packageRoot.appendingPathComponent("samples/welcome-page.png").path
        let analysis = try PictureReader(recognizer: try TextRecognizer(), scene: nil, wording: .english, engine: .page)
            .analyze(try ImageFile.load(image), source: image)
        let synthesized = try SynthesizedSpeech()
        let factories = RendererFactories(speechDispatcher: { _, _ in throw RendererFactories.Unavailable() },
                                          espeak: { _, _ in EspeakRenderer(output: synthesized, wording: .english) },
                                          braille: { _, _, _ in throw RendererFactories.Unavailable() })
        let captured = OutputAssemblyTests.CapturedConsole()
        let plan = OutputPlan(profile: .lowVision, channels: nil, outputIsTerminal: true, errorsAreTerminal: true)
        let router = OutputAssembly.router(plan, speech: SpeechSettings(), wording: .english, console: captured.console, factories: factories)
        for event in analysis.events { router.render(event) }
        router.finish(timeoutSeconds: 60)
        let printed = captured.lines().stdout
        let lines = analysis.events.map(\.text)
        #expect(printed == lines, "the terminal shows the printed lines")
        let heard = synthesized.said.map(\.text)
        #expect(heard.first == "Speech-dispatcher is not running; speaking with espeak-ng.", "\(heard)")
        let said = Array(heard.dropFirst())
        Self.expectWholeSentences(Array(lines.dropLast()), said.map { ($0, SpeechDispatcherServer.priorityNumbers[.message]!) })
        #expect(said.contains("Point a camera at a printed page and sensecam reads it aloud, line by line, in reading order."), "\(said)")
        #expect(synthesized.said.allSatisfy { $0.seconds > 0.3 }, "espeak-ng made speech of each: \(synthesized.said)")
    }
}
