// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing

/// What a listener hears, tested as heard: the real binary speaking through a real
/// speech-dispatcher whose voice, espeak-ng, plays at its real pace into a null sink
/// (`SpeechDispatcherServer.Voice.espeakAtRealPace`), so a sentence takes as long as it takes a
/// person to hear it, and the server's log tells what was begun, said to its end and cut off.
///
/// A still answer (a picture, a page, a code, a product, a find) is heard whole and in order in
/// every language; a busy video is narrated with no sentence cut off by another ordinary one.
@Suite struct HeardTranscriptTests {
    /// The words and digits of a text, lower-cased: what a listener hears, whatever the spacing,
    /// punctuation, or the commas a code is said with.
    static func letters(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// Whether every character of `part` comes in `whole`, in order.
    static func isSubsequence(_ part: String, of whole: String) -> Bool {
        var rest = whole[...]
        for character in part {
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }

    /// One answer a listener asks for.
    struct Answer: Sendable, CustomTestStringConvertible {
        var name: String
        var language: Language
        /// The command, given the shared data's path of each input.
        var arguments: @Sendable (_ database: String) throws -> [String]
        var testDescription: String { "\(name) in \(language.code)" }
    }

    static let answers: [Answer] = Language.allCases.flatMap { language -> [Answer] in
        let code = ["--language", language.code]
        return [
            Answer(name: "aware on a table with a TV", language: language) { _ in
                ["aware", try SharedTestData.path("detect/coco-val/images/000000000139.jpg")] + code
            },
            Answer(name: "aware on a pizza dinner", language: language) { _ in
                ["aware", try SharedTestData.path("detect/coco-val/images/000000012576.jpg")] + code
            },
            Answer(name: "find a cup", language: language) { _ in
                ["find", "cup", try SharedTestData.path("detect/coco-val/images/000000002592.jpg")] + code
            },
            Answer(name: "scan a product", language: language) { database in
                ["scan", "--products-db", database, try SharedTestData.path("barcode/upc_a__upca-1_2.png")] + code
            },
            Answer(name: "scan a web link", language: language) { _ in
                ["scan", try SharedTestData.path("barcode/qr_code__qrcode-1_5.png")] + code
            },
            Answer(name: "read a page", language: language) { _ in
                ["read", SensecamProcess.packageRoot.appendingPathComponent("samples/welcome-page.png").path] + code
            },
        ]
    }

    /// The answer printed, then the same answer spoken: every sentence begun is said to its end,
    /// in the printed order, and nothing printed is left unsaid.
    @Test(.needsTestData("detect/coco-val", "barcode"), arguments: answers)
    func aStillAnswerIsHeardWholeAndInOrder(_ answer: Answer) throws {
        try SensecamProcess.requireModel()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-heard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let database = folder.appendingPathComponent("products.sqlite").path
            let sample = SensecamProcess.packageRoot.appendingPathComponent("samples/openfoodfacts-sample.csv").path
            _ = try SensecamProcess.run(["products", "import", sample, "--products-db", database, "--progress", "none"])
            let arguments = try answer.arguments(database)
            let printed = try SensecamProcess.run(arguments)
            #expect(printed.status == 0, "\(printed)")
            let server = try SpeechDispatcherServer(voice: .espeakAtRealPace)
            defer { server.stop() }
            let spoken = try SensecamProcess.run(arguments + ["--profile", "blind"], environment: ["SPEECHD_ADDRESS": server.address])
            #expect(spoken.status == 0, "\(spoken)")
            let heard = server.waitUntilQuiet()
            print("Heard (\(answer.testDescription)): \(heard.map(\.description).joined(separator: " | "))")
            #expect(!heard.isEmpty)
            #expect(heard.allSatisfy { $0.ending == .said }, "cut off or unfinished: \(heard)")
            #expect(heard.count == server.messages().count, "sent \(server.messages().map(\.text)), heard \(heard)")
            // The server's own symbol pass may add words ("Apostroph"), never drop or reorder any.
            #expect(Self.isSubsequence(Self.letters(printed.stdoutLines.joined()), of: Self.letters(heard.map(\.text).joined())),
                    "heard \(heard.map(\.text)) for printed \(printed.stdoutLines)")
        }
    }

    /// `scenes-coco.mp4` (12 scenes of 3 s, many things in each) narrated at the video's pace: no
    /// sentence is cut off mid-way but by a hazard. Before, 10 of its 14 utterances were stopped
    /// by the next one.
    @Test func aBusyVideoIsNarratedWithNoSentenceCutOffByAnother() throws {
        try SensecamProcess.requireModel()
        let server = try SpeechDispatcherServer(voice: .espeakAtRealPace)
        defer { server.stop() }
        let run = try SensecamProcess.run(["aware", "--video", try SharedTestData.path("video/scenes-coco.mp4"), "--profile", "blind"],
                                          environment: ["SPEECHD_ADDRESS": server.address], timeout: 180)
        #expect(run.status == 0, "\(run)")
        let heard = server.waitUntilQuiet()
        let hazards = Set(server.messages().filter { $0.priority == SpeechDispatcherServer.priorityNumbers[.important] }
            .map { Self.letters($0.text) })
        let cutOff = heard.indices.filter { heard[$0].ending == .cutOff }
        let cutByOrdinary = cutOff.filter { index in
            index + 1 >= heard.count || !hazards.contains(Self.letters(heard[index + 1].text))
        }
        let durations = heard.compactMap { utterance in utterance.end.map { $0 - utterance.start } }.sorted()
        print("""
            Heard scenes-coco.mp4: \(heard.count) utterances begun, \(heard.filter { $0.ending == .said }.count) said whole, \
            \(cutOff.count) cut off (\(cutOff.count - cutByOrdinary.count) by a hazard); longest \
            \(String(format: "%.1f", durations.last ?? 0)) s, median \(String(format: "%.1f", durations.isEmpty ? 0 : durations[durations.count / 2])) s
            \(heard.map(\.description).joined(separator: "\n"))
            """)
        // Real time on a busy machine drops frames, and with them some narration; half the
        // scenes is the least a listener must hear of them.
        #expect(heard.count >= 6, "the narration of 12 scenes was hardly heard: \(heard)")
        #expect(cutByOrdinary.isEmpty, "cut off by ordinary narration: \(cutByOrdinary.map { heard[$0] })")
        #expect(heard.allSatisfy { $0.ending != .playing })
    }

    /// A hazard is the one sentence that may cut narration off: said at once, over the
    /// sentence being said, which the listener hears stop; narration goes on after it.
    @Test func aHazardCutsNarrationOffAndNarrationGoesOn() throws {
        let server = try SpeechDispatcherServer(voice: .espeakAtRealPace)
        defer { server.stop() }
        let renderer = try SpeechDispatcherRenderer(settings: SpeechSettings(), wording: .english, address: server.address,
                                                    autospawn: false)
        func narration(_ text: String, frame: Int) -> NarrationEvent {
            NarrationEvent(time: Timestamp(microseconds: Int64(frame) * 66_667), frame: frame, kind: .objects, priority: .text, text: text)
        }
        renderer.render(narration("Probably two people and possibly three more, from 11 to 1 o'clock, about 4 metres.", frame: 15))
        let started = Date().addingTimeInterval(10)
        while !server.heard().contains(where: { $0.ending == .playing }), Date() < started { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 1)
        renderer.render(NarrationEvent(time: Timestamp(microseconds: 2_000_000), frame: 30, kind: .hazard, priority: .important,
                                       text: "Car approaching, at 12 o'clock."))
        renderer.render(narration("Probably a dog, at 1 o'clock.", frame: 32))
        renderer.finish(timeoutSeconds: 20)
        let heard = server.waitUntilQuiet()
        print("Heard with a hazard: \(heard.map(\.description).joined(separator: " | "))")
        #expect(heard.map(\.ending) == [.cutOff, .said, .said], "\(heard)")
        #expect(heard.map(\.text).dropFirst() == ["Car approaching, at 12 o'clock.", "Probably a dog, at 1 o'clock."])
    }
}
