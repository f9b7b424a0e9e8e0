// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing
@testable import Evaluation
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// Each page is read in its own language, whatever the listener's: English pages of
/// ocr/documents read for a German, French or Spanish listener come out as with `--language en`,
/// and the rendered German, French and Spanish letters (samples/languages) read for an English
/// listener as with their own language. Pages whose text tells no language stay in the
/// listener's. What each costs is printed in CPU seconds of the reading thread (Tesseract runs on
/// it alone), which other work on a shared machine changes far less than the time on the clock.
@Suite("Accuracy: each page in its own language", .serialized) struct PageLanguageAcceptanceTests {
    /// Prose in one column, a court filing, and two columns with a heading.
    static let englishPages = ["singlecol_01", "filing_03", "multicol_04"]
    static let listeners: [Words.Language] = [.german, .french, .spanish]

    /// CPU seconds the calling thread spent in `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = now()
        try body()
        return now() - start
    }

    static func list(_ values: [Double], sign: Bool = false) -> String {
        values.map { String(format: sign ? "%+.2f" : "%.2f", $0) }.joined(separator: ", ")
    }

    static func percent(_ rate: Double) -> String { String(format: "%.2f %%", rate * 100) }

    // MARK: The identifier, on the texts themselves

    /// The texts of the pages as printed: each rendered letter is its language, each English page
    /// English; a receipt (shop names, codes and prices in capitals) and a single line are no
    /// language.
    @Test func theTruthOfEachPageTellsItsLanguage() throws {
        let identifier = try #require(TextLanguageIdentifier(), "libexttextcat-data is not installed; run 'make setup'")
        #expect(identifier.languages == Words.Language.allCases)
        for language in Self.listeners {
            let folder = TestResources.packageRoot.appendingPathComponent("samples/languages/\(language.code)")
            for page in 1...3 {
                let text = try GroundTruth.text(at: folder.appendingPathComponent("page-\(page).txt"))
                #expect(identifier.language(of: text) == language, "\(language.code) page \(page)")
                let firstLine = String(text.prefix { $0 != "\n" })
                #expect(identifier.language(of: firstLine) == nil, "\(firstLine) is too short to tell")
            }
        }
        let documents = try TestResources.file("ocr/documents")
        for page in Self.englishPages {
            #expect(identifier.language(of: try GroundTruth.text(at: documents.appendingPathComponent("\(page).gt.txt"))) == .english)
        }
        let receipts = try TestResources.file("ocr/receipts")
        for receipt in ["000", "125", "250", "500"] {
            let text = try GroundTruth.receiptText(at: receipts.appendingPathComponent("\(receipt).box.csv"))
            #expect(identifier.language(of: text) == nil, "receipt \(receipt): \(identifier.distances(text))")
        }
    }

    @Test func withoutTheFingerprintsPagesAreReadInTheListenersLanguage() throws {
        #expect(TextLanguageIdentifier(directory: "/nonexistent") == nil)
        let recognizer = try PageRecognizer(language: .french, identifier: TextLanguageIdentifier(directory: "/nonexistent"))
        let page = try ImageFile.load(TestResources.packageRoot.appendingPathComponent("samples/welcome-page.png").path)
        #expect(try recognizer.read(page).language == .french)
    }

    // MARK: Pages read through Tesseract

    /// An English page read for a German, French or Spanish listener is read with the English
    /// model: the same text, so the same error rate, as with `--language en`. The listener's
    /// model reads it first (its text says English), so it costs one more reading.
    @Test func englishPagesAreReadInEnglishForEveryListener() throws {
        let folder = try TestResources.file("ocr/documents")
        let pages = try Self.englishPages.map { stem in
            (stem, try ImageFile.load(folder.appendingPathComponent("\(stem).png").path),
             try GroundTruth.text(at: folder.appendingPathComponent("\(stem).gt.txt")))
        }
        // `--language en`: a fresh reader a page, as `read PAGE` is.
        var english = CharacterErrorRate()
        var englishSeconds: [Double] = []
        var englishTexts: [String] = []
        for (stem, image, truth) in pages {
            let recognizer = try PageRecognizer(language: .english)
            var reading: PageReading?
            englishSeconds.append(try Self.seconds { reading = try recognizer.read(image) })
            let text = try #require(reading).text
            #expect(reading?.language == .english, "\(stem)")
            english.add(hypothesis: text, reference: truth)
            englishTexts.append(text)
        }
        // What the same-language case adds: telling the language of the text read.
        let identifier = try #require(TextLanguageIdentifier())
        var identifying = 0.0
        for text in englishTexts { identifying += Self.seconds { _ = identifier.language(of: text) } }
        var loading = 0.0
        for language in Words.Language.allCases {
            loading += try Self.seconds { _ = try TextRecognizer(language: language.tesseract) }
        }
        print("English pages (\(pages.map(\.0).joined(separator: ", "))) with --language en: CER \(Self.percent(english.rate)), "
              + "CPU seconds a page \(Self.list(englishSeconds)), of which telling the language "
              + String(format: "%.2f ms a page; loading a model takes %.2f s", identifying / Double(pages.count) * 1000,
                       loading / Double(Words.Language.allCases.count)))
        for listener in Self.listeners {
            var cer = CharacterErrorRate(), alone = CharacterErrorRate()
            var seconds: [Double] = []
            // How these pages were read before: with the listener's model alone.
            let listenersModel = try TextRecognizer(language: listener.tesseract)
            for (_, image, truth) in pages { alone.add(hypothesis: try listenersModel.read(image).text, reference: truth) }
            for ((stem, image, truth), englishText) in zip(pages, englishTexts) {
                let recognizer = try PageRecognizer(language: listener)
                var reading: PageReading?
                seconds.append(try Self.seconds { reading = try recognizer.read(image) })
                let read = try #require(reading)
                #expect(read.language == .english, "\(stem) for a \(listener.code) listener")
                #expect(read.text == englishText, "\(stem) for a \(listener.code) listener reads as with --language en")
                cer.add(hypothesis: read.text, reference: truth)
            }
            print("English pages with --language \(listener.code): CER \(Self.percent(cer.rate)) (with the \(listener.tesseract) "
                  + "model alone \(Self.percent(alone.rate))), CPU seconds a page "
                  + "\(Self.list(seconds)) (\(Self.list(zip(seconds, englishSeconds).map { $0 - $1 }, sign: true)) against "
                  + "--language en: a reading with the \(listener.tesseract) model, and loading eng)")
            #expect(cer.rate <= english.rate)
        }
    }

    /// The rendered German, French and Spanish letters read for an English listener: read again
    /// with their own model, they reach their own language's error rate, and the words that hang
    /// on a letter English lacks come out right.
    @Test(arguments: LanguagePageReadingTests.languages)
    func pagesInAnotherLanguageAreReadInTheirOwn(language: LanguagePageReadingTests.PageSet) throws {
        let folder = TestResources.packageRoot.appendingPathComponent("samples/languages/\(language.folder)")
        let stems = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(stems.count >= 3)
        var own = CharacterErrorRate(), forEnglish = CharacterErrorRate()
        var ownSeconds: [Double] = [], englishSeconds: [Double] = []
        var words: Set<Substring> = []
        for stem in stems {
            let image = try ImageFile.load(folder.appendingPathComponent(stem).path)
            let truth = try GroundTruth.text(at: folder.appendingPathComponent(stem.replacingOccurrences(of: ".jpg", with: ".txt")))
            // Fresh readers, as each `read PAGE` run has.
            let ownReader = try PageRecognizer(language: language.language)
            let englishReader = try PageRecognizer(language: .english)
            var ownReading: PageReading?, reading: PageReading?
            ownSeconds.append(try Self.seconds { ownReading = try ownReader.read(image) })
            englishSeconds.append(try Self.seconds { reading = try englishReader.read(image) })
            let read = try #require(reading)
            #expect(ownReading?.language == language.language)
            #expect(read.language == language.language, "\(stem) was read as \(read.language?.code ?? "nothing")")
            #expect(read.text == ownReading?.text, "\(stem) reads as with --language \(language.language.code)")
            own.add(hypothesis: try #require(ownReading).text, reference: truth)
            forEnglish.add(hypothesis: read.text, reference: truth)
            words.formUnion(LanguagePageReadingTests.words(read.text))
        }
        print("Rendered \(language.name) pages: CER \(Self.percent(own.rate)) with --language \(language.language.code), "
              + "\(Self.percent(forEnglish.rate)) with --language en; CPU seconds a page \(Self.list(ownSeconds)) and "
              + "\(Self.list(englishSeconds)) (\(Self.list(zip(englishSeconds, ownSeconds).map { $0 - $1 }, sign: true)): a reading "
              + "with eng, and loading \(language.language.tesseract))")
        #expect(forEnglish.rate <= own.rate)
        #expect(forEnglish.rate <= LanguagePageReadingTests.cerCeiling)
        for word in language.accentedWords {
            #expect(words.contains(Substring(word.trimmingCharacters(in: CharacterSet(charactersIn: "¿")))),
                    "\(word) was not read exactly")
        }
    }

    /// Receipts (shop names, codes and prices in capitals) tell no language: they are read once,
    /// in the listener's, and said in the listener's voice.
    @Test(.needsTestData("ocr/receipts"), arguments: [Words.Language.english, .spanish])
    func pagesThatTellNoLanguageStayInTheListeners(listener: Words.Language) throws {
        let folder = try TestResources.file("ocr/receipts")
        let recognizer = try PageRecognizer(language: listener)
        for receipt in ["000", "125", "250", "500"] {
            let reading = try recognizer.read(try ImageFile.load(folder.appendingPathComponent("\(receipt).jpg").path))
            #expect(reading.language == listener, "receipt \(receipt) was read as \(reading.language?.code ?? "nothing")")
        }
    }

    /// Signs tell no language: not one of the 60 ICDAR 2015 street photos read by the scene engine
    /// is said in another language than the listener's, nor announced as one.
    @Test func signsStayInTheListenersLanguage() throws {
        let folder = try TestResources.file("ocr/scene-icdar15")
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(photos.count == 60)
        let reader = PictureReader(pages: nil, scene: try SceneTextReader(), wording: .loaded(.french), engine: .scene,
                                   languages: TextLanguageIdentifier())
        var longest = 0
        for photo in photos {
            let analysis = try reader.analyze(try ImageFile.load(folder.appendingPathComponent(photo).path), source: photo)
            let elsewhere = analysis.events.filter { $0.language != "fr" || $0.text.hasPrefix("Texte lu en") }
            #expect(elsewhere.isEmpty, "\(photo): \(elsewhere.map { ($0.text, $0.language) })")
            let record = try #require(try JSONSerialization.jsonObject(with: Data(analysis.record.serialized().utf8)) as? [String: Any])
            longest = max(longest, (record["text"] as? String ?? "").filter(\.isLetter).count)
        }
        print("Scene engine on ICDAR 2015 (60 photos) for a French listener: every line in French; at most \(longest) letters a photo")
    }

    /// A camera held over three pages in turn, for a French listener: an English page, another
    /// English page, a German letter. The first is announced as English and the third as German,
    /// in French; the second, in the same language as the one before it, is not announced again.
    /// Each page's lines are in its language.
    @Test func aCameraSaysThePagesLanguageWhenItChanges() throws {
        let pages = [TestResources.packageRoot.appendingPathComponent("samples/welcome-page.png").path,
                     try TestResources.file("ocr/tesseract/phototest.tif").path,
                     TestResources.packageRoot.appendingPathComponent("samples/languages/de/page-2.jpg").path]
        let reader = DocumentReader(pages: try PageRecognizer(language: .french), wording: .loaded(.french))
        var events: [NarrationEvent] = []
        var index = 0
        for page in pages {
            // The page lying on a dark desk, filling most of the view, held steady for 5 s at 10 frames a second.
            let picture = try ImageFile.load(page)
            let desk = try Image.blank(width: 1600, height: 1200, blue: 40, green: 45, red: 50)
            let scale = min(1300 / Double(picture.width), 1000 / Double(picture.height))
            try desk.draw(picture, centreX: 800, centreY: 600, scale: scale)
            for _ in 0..<50 {
                events += try reader.observe(Frame(image: desk, timestamp: Timestamp(microseconds: Int64(index) * 100_000), index: index))
                index += 1
            }
        }
        let said = events.filter { $0.kind != .guidance }
        let announced = said.filter { $0.text.hasPrefix("Page lue en") }.map(\.text)
        #expect(announced == ["Page lue en anglais.", "Page lue en allemand."], "\(said.map { ($0.text, $0.language) })")
        let ends = said.indices.filter { said[$0].text.hasPrefix("Fin de la page") }
        #expect(ends.count == 3, "\(said.map(\.text))")
        let lineLanguages = said.filter { $0.kind == .text }.map(\.language)
        let own = said.filter { $0.kind != .text }
        #expect(own.allSatisfy { $0.language == "fr" }, "\(own.map { ($0.text, $0.language) })")
        #expect(Array(Set(lineLanguages)).sorted() == ["de", "en"])
        let lastEnglish = try #require(ends.dropLast().last)
        #expect(said[..<lastEnglish].filter { $0.kind == .text }.allSatisfy { $0.language == "en" })
        #expect(said[lastEnglish...].filter { $0.kind == .text }.allSatisfy { $0.language == "de" })
    }

    /// What a still picture says: the language first, in the listener's words, then the lines in
    /// the page's language, and the end in the listener's; the record names the page's language.
    @Test func aStillPageSaysItsLanguageAndSpeaksItsLinesInIt() throws {
        let path = TestResources.packageRoot.appendingPathComponent("samples/languages/fr/page-2.jpg").path
        let reader = PictureReader(pages: try PageRecognizer(language: .german), scene: nil, wording: .loaded(.german), engine: .page)
        let analysis = try reader.analyze(try ImageFile.load(path), source: "page-2.jpg")
        let events = analysis.events
        #expect(events.first?.text == "Als französische Seite gelesen.")
        #expect(events.first?.language == "de")
        #expect(events.last?.text.hasPrefix("Ende der Seite") == true)
        #expect(events.last?.language == "de")
        let lines = events.dropFirst().dropLast()
        #expect(!lines.isEmpty && lines.allSatisfy { $0.language == "fr" }, "\(events.map { ($0.text, $0.language) })")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(analysis.record.serialized().utf8)) as? [String: Any])
        #expect(record["language"] as? String == "fr")
        // The same page read for a French listener says nothing about its language.
        let french = PictureReader(pages: try PageRecognizer(language: .french), scene: nil, wording: .loaded(.french), engine: .page)
        let frenchEvents = try french.analyze(try ImageFile.load(path), source: "page-2.jpg").events
        #expect(!frenchEvents.contains { $0.text.hasPrefix("Page lue en") }, "\(frenchEvents.map(\.text))")
        #expect(frenchEvents.allSatisfy { $0.language == "fr" })
    }
}
