// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing

@testable import sensecam

/// A page in another language than the listener's, read aloud through a real speech-dispatcher
/// (its log) and through espeak-ng: sensecam says in the listener's words which language the page
/// was read in, the server is told that language before the page's lines and the listener's
/// again before the closing sentence.
@Suite struct PageLanguageSpeechEndToEndTests {
    /// What the server queued when `read IMAGE --engine ENGINE --profile blind --language LANGUAGE`
    /// ran, each with the language it had been told last, once the sentence ending the page
    /// (`end`) has come.
    static func heard(_ image: String, engine: String = "page", language: String, end: String) throws
        -> [(text: String, language: String?)] {
        let server = try SpeechDispatcherServer(secondsPerMessage: 0.01)
        defer { server.stop() }
        let run = try SensecamProcess.run(["read", image, "--engine", engine, "--profile", "blind", "--language", language],
                                          environment: ["SPEECHD_ADDRESS": server.address])
        #expect(run.status == 0, "\(run)")
        let deadline = Date().addingTimeInterval(10)
        while !server.queued().contains(where: { $0.text.hasPrefix(end) }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        return server.queuedLanguages()
    }

    /// What is heard of a page: the sentence naming its language, its lines, and its end.
    static func expect(_ heard: [(text: String, language: String?)], announced: String, listener: String, page: String, end: String) {
        #expect(heard.first?.text == announced, "\(heard)")
        #expect(heard.first?.language == listener)
        #expect(heard.last?.text.hasPrefix(end) == true, "\(heard.map(\.text))")
        #expect(heard.last?.language == listener)
        let lines = heard.dropFirst().dropLast()
        #expect(lines.count >= 3, "\(heard.map(\.text))")
        let elsewhere = lines.filter { $0.language != page }
        #expect(elsewhere.isEmpty, "lines not in \(page): \(elsewhere)")
    }

    /// A court opinion in English, read for a German, French or Spanish listener.
    @Test(.needsTestData("ocr/documents"), arguments: [("de", "Als englische Seite gelesen.", "Ende der Seite"), ("fr", "Page lue en anglais.", "Fin de la page"),
                      ("es", "Se lee como página en inglés.", "Fin de la página")])
    func anEnglishPageIsSpokenInEnglish(listener: String, announced: String, end: String) throws {
        let heard = try Self.heard(try SharedTestData.path("ocr/documents/singlecol_01.png"), language: listener, end: end)
        Self.expect(heard, announced: announced, listener: listener, page: "en", end: end)
        // Split as English is written: "Inc." and "Cir." end no sentence.
        #expect(!heard.contains { $0.text.hasSuffix(" Inc.") || $0.text.hasSuffix(" Cir.") }, "\(heard.map(\.text))")
    }

    /// The rendered German, French and Spanish letters, read for an English listener; with
    /// `--engine auto` the scene engine reads the second French one (a short letter), whose text
    /// says its language as well.
    @Test(arguments: [("de/page-1", "page", "Read as a German page.", "End of page"),
                      ("fr/page-1", "page", "Read as a French page.", "End of page"),
                      ("es/page-1", "page", "Read as a Spanish page.", "End of page"),
                      ("fr/page-2", "auto", "Read as French text.", "End of text")])
    func aPageInAnotherLanguageIsSpokenInItsOwn(page: String, engine: String, announced: String, end: String) throws {
        let image = SensecamProcess.packageRoot.appendingPathComponent("samples/languages/\(page).jpg").path
        let heard = try Self.heard(image, engine: engine, language: "en", end: end)
        Self.expect(heard, announced: announced, listener: "en", page: String(page.prefix(2)), end: end)
    }

    /// Without speech-dispatcher, espeak-ng is given each sentence with its language's voice.
    @Test func espeakNgSpeaksThePageInItsVoice() throws {
        let image = SensecamProcess.packageRoot.appendingPathComponent("samples/languages/fr/page-2.jpg").path
        let german = Words.Language.german.wording
        let analysis = try PictureReader(pages: try PageRecognizer(language: .german), scene: nil, wording: german, engine: .page)
            .analyze(try ImageFile.load(image), source: image)
        let synthesized = try SynthesizedSpeech()
        let factories = RendererFactories(speechDispatcher: { _, _ in throw RendererFactories.Unavailable() },
                                          espeak: { _, wording in EspeakRenderer(output: synthesized, wording: wording) },
                                          braille: { _, _, _ in throw RendererFactories.Unavailable() })
        let captured = OutputAssemblyTests.CapturedConsole()
        let plan = OutputPlan(profile: .blind, channels: nil, outputIsTerminal: true, errorsAreTerminal: true)
        let router = OutputAssembly.router(plan, speech: SpeechSettings(language: "de"), wording: german, console: captured.console,
                                           factories: factories)
        for event in analysis.events { router.render(event) }
        router.finish(timeoutSeconds: 60)
        // The first is the notice that espeak-ng speaks instead.
        let said = Array(synthesized.said.dropFirst())
        #expect(said.first?.text == "Als französische Seite gelesen.", "\(said.map(\.text))")
        #expect(said.first?.language == "de")
        #expect(said.last?.text.hasPrefix("Ende der Seite") == true)
        #expect(said.last?.language == "de")
        let lines = said.dropFirst().dropLast()
        #expect(!lines.isEmpty && lines.allSatisfy { $0.language == "fr" }, "\(said.map { ($0.text, $0.language) })")
        #expect(said.allSatisfy { $0.seconds > 0.3 }, "espeak-ng made speech of each: \(said)")
    }
}
