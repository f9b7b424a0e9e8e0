// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing

/// A run in another language says nothing in English: the narration of real photos, the
/// JSON Lines events (which carry the language), the tool's messages, and what reaches a real
/// speech-dispatcher, which is told the language before the sentences.
@Suite struct LanguageEndToEndTests {
    /// English words the narration and the tool's sentences use, none of them a word of German,
    /// French or Spanish too ("Person", "table", "image" are): none may appear in another
    /// language's output.
    static let englishWords: Set<String> = [
        "probably", "possibly", "o'clock", "another", "more", "approaching", "about", "metre", "metres", "people",
        "chair", "chairs", "cars", "and", "the", "of", "view", "now", "dog", "cup", "cups", "clock", "book", "books",
        "bottle", "bottles", "maybe", "nothing", "is", "are", "cannot", "could", "not", "found", "file",
    ]

    static let photos = ["000000000139.jpg", "000000000632.jpg", "000000000776.jpg", "000000000885.jpg"]

    static func englishIn(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0 == "'") }.map(String.init).filter { englishWords.contains($0) }
    }

    @Test(.needsTestData("detect/coco-val"), arguments: [Language.german, .french, .spanish])
    func narrationOfPhotosHasNoEnglishWord(language: Language) throws {
        try SensecamProcess.requireModel()
        var sentences = 0
        for photo in Self.photos {
            let path = try SharedTestData.path("detect/coco-val/images/" + photo)
            let run = try SensecamProcess.run(["aware", path, "--language", language.code, "--output", "jsonl"])
            #expect(run.status == 0, "\(run)")
            for line in run.stdoutLines {
                let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(event["language"] as? String == language.code, "\(line)")
                let text = event["text"] as? String ?? ""
                #expect(Self.englishIn(text).isEmpty, "English in \(language.code): \(text)")
                sentences += text.isEmpty ? 0 : 1
            }
        }
        #expect(sentences >= Self.photos.count)
    }

    /// The locale alone chooses the language, and the tool's own errors follow it.
    @Test func theLocaleChoosesAndErrorsFollow() throws {
        try SensecamProcess.requireModel()
        let path = try SharedTestData.path("detect/coco-val/images/" + Self.photos[0])
        let run = try SensecamProcess.run(["aware", path], environment: ["LANG": "de_DE.UTF-8"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("Uhr"), "\(run)")
        #expect(Self.englishIn(run.stdout).isEmpty, "\(run)")
        let missing = try SensecamProcess.run(["aware", "/nirgends/bild.jpg"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(missing.status != 0)
        #expect(!missing.stderr.isEmpty && Self.englishIn(missing.stderr).isEmpty, "\(missing)")
        // A tool that is not a mode follows the locale too.
        let devices = try SensecamProcess.run(["devices"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(!devices.stdout.isEmpty && Self.englishIn(devices.stdout).isEmpty, "\(devices)")
    }

    /// What a real speech-dispatcher's log shows: the language set to German before the
    /// German sentences are queued.
    @Test func speechDispatcherIsToldTheLanguage() throws {
        try SensecamProcess.requireModel()
        let server = try SpeechDispatcherServer(secondsPerMessage: 0.01)
        defer { server.stop() }
        let path = try SharedTestData.path("detect/coco-val/images/" + Self.photos[0])
        let run = try SensecamProcess.run(["aware", path, "--language", "de", "--output", "speech"],
                                          environment: ["SPEECHD_ADDRESS": server.address])
        #expect(run.status == 0, "\(run)")
        #expect(server.waitForQueued(1))
        #expect(server.commands().contains("SET SELF LANGUAGE de"))
        let queued = server.queued().map(\.text)
        #expect(queued.contains { $0.contains("Uhr") }, "\(queued)")
        #expect(queued.allSatisfy { Self.englishIn($0).isEmpty }, "\(queued)")
    }
}
