// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Perception
import Testing

/// The built `sensecam` choosing its output from the settings file, `--profile` and
/// `--output`, and each channel reaching a real server.
@Suite struct OutputEndToEndTests {
    static let photo = "detect/coco-val/images/000000000139.jpg"

    /// A fresh XDG_CONFIG_HOME holding `settings` as sensecam/config.json.
    static func configHome(_ settings: String) throws -> String {
        let home = NSTemporaryDirectory() + "sensecam-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/sensecam", withIntermediateDirectories: true)
        try settings.write(toFile: home + "/sensecam/config.json", atomically: true, encoding: .utf8)
        return home
    }

    @Test func aMalformedSettingsFileIsOneSentenceAndStatus78() throws {
        let home = try Self.configHome("{\"profile\": \"blind\",\n\"hfov\": 60,,\n}")
        let run = try SensecamProcess.run(["aware", try SharedTestData.path(Self.photo)], environment: ["XDG_CONFIG_HOME": home])
        #expect(run.status == 78, "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(run.stderrLines == ["The settings file \(home)/sensecam/config.json is not valid JSON (line 2); correct it or delete it."],
                "\(run)")
        // Commands that take none of its settings still work.
        let devices = try SensecamProcess.run(["devices"], environment: ["XDG_CONFIG_HOME": home])
        #expect(devices.status == 0, "\(devices)")
    }

    @Test func theSettingsProfileChoosesTheOutputAndAFlagOverridesIt() throws {
        let home = try Self.configHome(#"{"profile": "developer"}"#)
        let image = try SharedTestData.path(Self.photo)
        let developer = try SensecamProcess.run(["aware", image], environment: ["XDG_CONFIG_HOME": home])
        #expect(developer.status == 0, "\(developer)")
        // JSON Lines on standard output (one event per sentence), the sentences on standard error.
        let events = try developer.stdoutLines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\(developer)")
        }
        #expect(!events.isEmpty, "\(developer)")
        #expect(events.compactMap { $0["text"] as? String } == developer.stderrLines, "\(developer)")

        let text = try SensecamProcess.run(["aware", image, "--output", "text"], environment: ["XDG_CONFIG_HOME": home])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdoutLines == developer.stderrLines, "\(text)")
        #expect(text.stderr.isEmpty, "\(text)")
    }

    @Test func anUnknownChannelIsAUsageError() throws {
        let run = try SensecamProcess.run(["aware", try SharedTestData.path(Self.photo), "--output", "speach"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderrLines.first == "Error: '--output' must be text, jsonl, speech or braille, joined by commas; got 'speach'. See 'sensecam aware --help'.",
                "\(run)")
    }

    /// `--profile deafblind` on a real BRLTTY (tt driver on a pseudo-terminal): the
    /// narration reaches the display in terse braille made from each event's objects (not
    /// its spoken sentence), and the terminal gets nothing (braille only).
    @Test func deafblindProfileWritesToTheBrailleDisplay() throws {
        let image = try SharedTestData.path(Self.photo)
        let events = try SensecamProcess.run(["aware", image, "--output", "jsonl"])
        let last = try #require(events.stdoutLines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
            as? [String: Any], "\(events)")
        let objects = try #require(last["objects"] as? [[String: Any]], "\(last)").compactMap(Self.narratedObject)
        #expect(!objects.isEmpty, "\(last)")
        let sentence = try #require(BrailleWording(wording: .english).objects(objects), "\(last)")
        let server = try BrailleServer()
        defer { server.stop() }
        let run = try SensecamProcess.run(["aware", image, "--profile", "deafblind"],
                                          environment: ["BRLAPI_HOST": server.host, "BRLAPI_AUTH": server.auth])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(run)")
        // BRLTTY keeps showing the last line its client wrote: its first display-width segment.
        let shown = server.waitForDisplay(timeout: 5) { !$0.isEmpty && !$0.contains("no screen") }
        let line = try #require(shown, "nothing reached the display: \(server.displayed())").trimmingCharacters(in: .whitespaces)
        #expect(line.count >= min(8, sentence.count) && sentence.hasPrefix(line), "display: \(line); expected: \(sentence)")
        #expect(!line.contains("o'clock") && !line.contains("Possibly") && !line.contains("Probably"), "a sentence, not braille: \(line)")
    }

    /// `--braille-grade contracted` with `--language de`, through the real tool: the display's
    /// dots are the German line in Kurzschrift (liblouis's de-g2.ctb), its first 40 cells.
    @Test func contractedGradeWritesTheLanguagesBrailleToTheDisplay() throws {
        let image = try SharedTestData.path(Self.photo)
        let events = try SensecamProcess.run(["aware", image, "--output", "jsonl", "--language", "de"])
        let last = try #require(events.stdoutLines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
            as? [String: Any], "\(events)")
        let objects = try #require(last["objects"] as? [[String: Any]], "\(last)").compactMap(Self.narratedObject)
        let line = try #require(BrailleWording(wording: Language.german.wording).objects(objects), "\(last)")
        let translator = try #require(try BrailleTranslator(language: .german, grade: .contracted))
        let first = try #require(BrailleWording.segments(line, width: 40, translator: translator).first)
        let cells = first.replacingOccurrences(of: " ", with: "\u{2800}")
        let server = try BrailleServer()
        defer { server.stop() }
        let run = try SensecamProcess.run(["aware", image, "--profile", "deafblind", "--language", "de", "--braille-grade", "contracted"],
                                          environment: ["BRLAPI_HOST": server.host, "BRLAPI_AUTH": server.auth])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(run)")
        let deadline = Date().addingTimeInterval(5)
        while !server.displayedDots().hasPrefix(cells), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(server.displayedDots().hasPrefix(cells), "display: \(server.displayedDots()); expected: \(cells) for '\(line)'")
    }

    /// An object of a JSON Lines event, as the tool wrote it.
    static func narratedObject(_ json: [String: Any]) -> NarratedObject? {
        guard let label = json["label"] as? String, let confidence = json["confidence"] as? Double,
              let box = json["box"] as? [Double], box.count == 4, let hour = json["direction"] as? Int else { return nil }
        return NarratedObject(label: label, confidence: confidence, box: Box(x: box[0], y: box[1], width: box[2], height: box[3]),
                              track: json["track"] as? Int,
                              direction: ClockDirection(angleDegrees: Double(hour > 6 ? hour - 12 : hour) * ClockDirection.degreesPerHour),
                              distanceMetres: json["distance_m"] as? Double, state: .present)
    }

    @Test func deafblindWithoutBRLTTYSaysSoOnceAndPrints() throws {
        let run = try SensecamProcess.run(["aware", try SharedTestData.path(Self.photo), "--profile", "deafblind"],
                                          environment: ["BRLAPI_HOST": "127.0.0.1:29999"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderrLines == ["No braille display: BRLTTY is not running; printing the narration instead."], "\(run)")
        #expect(!run.stdoutLines.isEmpty, "\(run)")
    }

    /// Waits until `server` has queued at least `count` messages, or `seconds` pass.
    static func queued(_ server: SpeechDispatcherServer, atLeast count: Int, within seconds: Double = 10)
        -> [(text: String, priority: Int)] {
        let deadline = Date().addingTimeInterval(seconds)
        while server.queued().count < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return server.queued()
    }

    /// `--profile blind` against a real speech-dispatcher: every sentence of the picture arrives
    /// as a message, so that each is heard whole and in order (at narration's text priority each
    /// cut the one before off, and only the last was heard), and none is printed for the screen
    /// reader too.
    @Test func blindProfileSpeaksThroughSpeechDispatcherOnly() throws {
        let image = try SharedTestData.path(Self.photo)
        let printed = try SensecamProcess.run(["aware", image])
        let server = try SpeechDispatcherServer(secondsPerMessage: 0.05)
        defer { server.stop() }
        let run = try SensecamProcess.run(["aware", image, "--profile", "blind"], environment: ["SPEECHD_ADDRESS": server.address])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(run)")
        let queued = Self.queued(server, atLeast: printed.stdoutLines.count)
        #expect(queued.map(\.text) == printed.stdoutLines, "\(server.log.suffix(3000))")
        #expect(queued.allSatisfy { $0.priority == SpeechDispatcherServer.priorityNumbers[.message] }, "\(queued)")
    }

    /// A batch is announced once, at the end, as a message; the records still go to the file.
    @Test func batchCompletionIsSpokenOnce() throws {
        let folder = NSTemporaryDirectory() + "sensecam-spoken-batch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a.jpg", "b.jpg"] {
            try FileManager.default.copyItem(atPath: try SharedTestData.path(Self.photo), toPath: folder + "/" + name)
        }
        let server = try SpeechDispatcherServer(secondsPerMessage: 0.05)
        defer { server.stop() }
        let run = try SensecamProcess.run(["batch", folder, "--mode", "aware", "--out", folder + "/out.jsonl", "--profile", "blind"],
                                          environment: ["SPEECHD_ADDRESS": server.address])
        #expect(run.status == 0, "\(run)")
        let queued = Self.queued(server, atLeast: 1)
        #expect(queued.map(\.text) == ["Batch complete. 2 images."], "\(queued)")
        #expect(queued.first?.priority == SpeechDispatcherServer.priorityNumbers[.message])
        let records = try String(contentsOfFile: folder + "/out.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(records.count == 2)
    }

    /// A failure is spoken to a listener, as important, with what to do; a pipe still gets it.
    @Test func aFailureIsSpokenWithItsFix() throws {
        let server = try SpeechDispatcherServer(secondsPerMessage: 0.05)
        defer { server.stop() }
        // No digits in the name: the voice says a run of digits one by one ("4 9 7 9" of a UUID),
        // and what is spoken is compared with what is printed.
        let missing = NSTemporaryDirectory() + "no-such-photo-sensecam-test.jpg"
        try? FileManager.default.removeItem(atPath: missing)
        let run = try SensecamProcess.run(["aware", missing, "--profile", "blind"], environment: ["SPEECHD_ADDRESS": server.address])
        #expect(run.status == 1, "\(run)")
        let queued = Self.queued(server, atLeast: 1)
        #expect(queued.count == 1, "\(queued)")
        #expect(queued.first?.text.contains(missing) == true && queued.first?.text.contains("check the path") == true, "\(queued)")
        #expect(queued.first?.priority == SpeechDispatcherServer.priorityNumbers[.important], "\(queued)")
        #expect(run.stderrLines == queued.map(\.text), "standard error is a pipe here, a record: \(run)")
    }
}
