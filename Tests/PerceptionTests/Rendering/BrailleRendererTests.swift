// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import CameraTestSupport
import Foundation
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

private func person(at hour: Int = 11, metres: Double? = 2.1) -> NarratedObject {
    NarratedObject(label: "person", confidence: 0.82, box: Box(x: 0, y: 0, width: 10, height: 10), track: 1,
                   direction: ClockDirection(angleDegrees: Double(hour > 6 ? hour - 12 : hour) * 30),
                   distanceMetres: metres, state: .new)
}

private func event(_ kind: NarrationKind, _ text: String = "", objects: [NarratedObject] = []) -> NarrationEvent {
    NarrationEvent(time: .zero, frame: 0, kind: kind, priority: .message, text: text, objects: objects)
}

/// The braille renderer against a real BRLTTY (`BrailleServer`): what the tests read is what
/// BRLTTY's driver drew on its display, and keys are typed into that display.
@Suite(.serialized) struct BrailleRendererTests {
    /// A line that needs two 40-cell displays.
    static let leaflet = "Take one tablet twice a day with food. Do not exceed the stated dose."

    /// Runs `body` with a fresh BRLTTY and a renderer connected to it, finishing and
    /// stopping both however the body ends.
    private func connected(onKey: (@Sendable (BrailleKey) -> Void)? = nil,
                           _ body: (BrailleServer, BrailleRenderer) throws -> Void) throws {
        let server = try BrailleServer()
        defer { server.stop() }
        let renderer = try BrailleRenderer(host: server.host, auth: server.auth, wording: .english, onKey: onKey)
        defer { renderer.finish(timeoutSeconds: 1) }
        try body(server, renderer)
    }

    @Test func objectsEventReachesTheDisplay() throws {
        try connected { server, renderer in
            #expect(renderer.width == 40)
            let started = Date()
            renderer.render(event(.objects, "Probably a person, at 11 o'clock.", objects: [person()]))
            let shown = server.waitForDisplay { $0 == "person 11h ~2m" }
            #expect(shown != nil, "the display shows '\(server.displayed())'")
            #expect(Date().timeIntervalSince(started) < 1)
            // The cells too: 14 characters raised, the rest of the 40 blank, no cursor dots.
            let dots = Array(server.displayedDots().unicodeScalars)
            #expect(dots.count == 40)
            #expect(dots.prefix(14).filter { $0 != "\u{2800}" }.count == 12)  // two spaces
            #expect(dots.dropFirst(14).allSatisfy { $0 == "\u{2800}" })
            #expect(renderer.failure == nil)
        }
    }

    /// `--braille-grade contracted` in German: the display's dots are the Kurzschrift cells
    /// (see `BrailleTranslationTests` for how they were checked), the rest blank.
    @Test func contractedGradeShowsTheLanguagesCells() throws {
        let server = try BrailleServer()
        defer { server.stop() }
        let renderer = try BrailleRenderer(host: server.host, auth: server.auth, wording: Language.german.wording,
                                           grade: .contracted)
        defer { renderer.finish(timeoutSeconds: 1) }
        #expect(renderer.translator?.table == "de-g2.ctb")
        var sentence = event(.text, "Wahrscheinlich ein Stuhl, auf 12 Uhr.")
        sentence.language = "de"
        renderer.render(sentence)
        let cells = "⠺⠓⠱⠫⠸⠀⠫⠀⠾⠥⠓⠇⠂⠀⠡⠀⠼⠁⠃⠀⠥⠓⠗⠄"
        let deadline = Date().addingTimeInterval(5)
        while !server.displayedDots().hasPrefix(cells), Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        let dots = Array(server.displayedDots().unicodeScalars)
        #expect(String(String.UnicodeScalarView(dots.prefix(24))) == cells, "the display shows '\(server.displayedDots())'")
        #expect(dots.dropFirst(24).allSatisfy { $0 == "\u{2800}" })
        #expect(renderer.failure == nil)
    }

    /// A line of an English page read for a German listener is written in English contracted
    /// braille ("the", "ch", "with" each a cell), not in the Kurzschrift of the listener's own
    /// sentences.
    @Test func aLineIsWrittenInTheBrailleOfItsLanguage() throws {
        let server = try BrailleServer()
        defer { server.stop() }
        let renderer = try BrailleRenderer(host: server.host, auth: server.auth, wording: Language.german.wording,
                                           grade: .contracted)
        defer { renderer.finish(timeoutSeconds: 1) }
        let line = "Probably the chair with a child."
        let englishTable = try #require(try BrailleTranslator(language: .english, grade: .contracted))
        let germanTable = try #require(try BrailleTranslator(language: .german, grade: .contracted))
        let english = try #require(englishTable.cells(line))
        let german = try #require(germanTable.cells(line))
        #expect(english != german)
        var event = event(.text, line)
        event.language = "en"
        renderer.render(event)
        let cells = english.replacingOccurrences(of: " ", with: "\u{2800}")
        let deadline = Date().addingTimeInterval(5)
        while !server.displayedDots().hasPrefix(cells), Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(server.displayedDots().hasPrefix(cells), "the display shows '\(server.displayedDots())', English is '\(english)'")
    }

    @Test func computerGradeIsTheDefaultAndTranslatesNothing() throws {
        try connected { _, renderer in #expect(renderer.translator == nil) }
    }

    @Test func readingLineIsShownAndProgressSkipped() throws {
        try connected { server, renderer in
            renderer.render(event(.text, "Platform 4: trains to Leeds"))
            #expect(server.waitForDisplay { $0 == "Platform 4: trains to Leeds" } != nil,
                    "the display shows '\(server.displayed())'")
            #expect(!renderer.conveys(event(.progress, "40% done.")))
            #expect(renderer.conveys(event(.status, "Paused.")))
            renderer.render(event(.progress, "40% done."))
            renderer.render(event(.text, "Café ouvert ✓"))
            #expect(server.waitForDisplay { $0 == "Café ouvert ✓" } != nil, "the display shows '\(server.displayed())'")
            // Progress never entered the history: one pan left is the reading before.
            server.press(.panLeft)
            #expect(server.waitForDisplay { $0 == "Platform 4: trains to Leeds" } != nil,
                    "the display shows '\(server.displayed())'")
        }
    }

    @Test func panningWalksSegmentsThenEvents() throws {
        let segments = BrailleWording.segments(Self.leaflet, width: 40)
        #expect(segments == ["Take one tablet twice a day with food.", "Do not exceed the stated dose."])
        try connected { server, renderer in
            renderer.render(event(.objects, objects: [person()]))
            renderer.render(event(.text, Self.leaflet))
            #expect(server.waitForDisplay { $0 == segments[0] } != nil, "the display shows '\(server.displayed())'")
            server.press(.panRight)
            #expect(server.waitForDisplay { $0 == segments[1] } != nil, "the display shows '\(server.displayed())'")
            server.press(.panLeft)
            #expect(server.waitForDisplay { $0 == segments[0] } != nil, "the display shows '\(server.displayed())'")
            server.press(.panLeft)
            #expect(server.waitForDisplay { $0 == "person 11h ~2m" } != nil, "the display shows '\(server.displayed())'")
            server.press(.panRight)
            #expect(server.waitForDisplay { $0 == segments[0] } != nil, "the display shows '\(server.displayed())'")
            // A new event is shown at once, from its start.
            renderer.render(event(.guidance, "Move closer."))
            #expect(server.waitForDisplay { $0 == "Move closer" } != nil, "the display shows '\(server.displayed())'")
            server.press(.panLeft)
            #expect(server.waitForDisplay { $0 == segments[1] } != nil, "the display shows '\(server.displayed())'")
        }
    }

    @Test func otherKeysReachTheCallbackPanAndLineKeysDoNot() throws {
        let keys = Mutex<[BrailleKey]>([])
        try connected(onKey: { key in keys.withLock { $0.append(key) } }) { server, renderer in
            renderer.render(event(.text, "hello"))
            #expect(server.waitForDisplay { $0 == "hello" } != nil)
            for key: BrailleServer.Key in [.panRight, .lineUp, .panLeft, .lineDown, .character("p")] { server.press(key) }
            let deadline = Date().addingTimeInterval(5)
            while keys.withLock({ $0.isEmpty }), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            Thread.sleep(forTimeInterval: 0.2)  // anything else would have come by now
            #expect(keys.withLock { $0 } == [.character("p")])
        }
    }

    /// The display's review: line up and down go a whole event (a reading's line) at a time,
    /// from its start, over as many events as the spoken review keeps.
    @Test func lineKeysWalkWholeEventsOverTheReviewsHistory() throws {
        #expect(BrailleRenderer.historyLimit == ReviewHistory.utteranceLimit)
        let segments = BrailleWording.segments(Self.leaflet, width: 40)
        try connected { server, renderer in
            for index in 0..<(BrailleRenderer.historyLimit + 5) { renderer.render(event(.text, "Line \(index)")) }
            renderer.render(event(.text, Self.leaflet))
            renderer.render(event(.text, "Keep cool"))
            #expect(server.waitForDisplay { $0 == "Keep cool" } != nil, "the display shows '\(server.displayed())'")
            server.press(.lineUp)
            #expect(server.waitForDisplay { $0 == segments[0] } != nil, "the display shows '\(server.displayed())'")
            server.press(.lineUp)
            #expect(server.waitForDisplay { $0 == "Line 204" } != nil, "the display shows '\(server.displayed())'")
            server.press(.lineDown)
            #expect(server.waitForDisplay { $0 == segments[0] } != nil, "the display shows '\(server.displayed())'")
            // 200 kept: the leaflet, "Keep cool" and 198 lines before them, back to "Line 7".
            for _ in 0..<250 { server.press(.lineUp); Thread.sleep(forTimeInterval: 0.01) }
            #expect(server.waitForDisplay(timeout: 20) { $0 == "Line 7" } != nil, "the display shows '\(server.displayed())'")
            Thread.sleep(forTimeInterval: 0.3)
            #expect(server.displayed() == "Line 7", "line up went past the oldest event kept")
        }
    }

    @Test func interruptClearsTheDisplay() throws {
        try connected { server, renderer in
            renderer.render(event(.objects, objects: [person()]))
            #expect(server.waitForDisplay { $0 == "person 11h ~2m" } != nil)
            renderer.interrupt()
            let deadline = Date().addingTimeInterval(5)
            while !server.isBlank, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
            #expect(server.isBlank, "the display shows '\(server.displayed())'")
            // Cleared, not forgotten: pan left brings the last event back.
            server.press(.panLeft)
            #expect(server.waitForDisplay { $0 == "person 11h ~2m" } != nil, "the display shows '\(server.displayed())'")
        }
    }

    /// The display goes back to BRLTTY: the server is told, and another program can use it.
    /// (The picture cannot tell: with no screen driver BRLTTY does not redraw when a client
    /// leaves, so its log is the witness.)
    @Test func finishGivesTheDisplayBack() throws {
        let server = try BrailleServer()
        defer { server.stop() }
        let renderer = try BrailleRenderer(host: server.host, auth: server.auth, wording: .english)
        renderer.render(event(.text, "mine"))
        #expect(server.waitForDisplay { $0 == "mine" } != nil)
        let started = Date()
        renderer.finish(timeoutSeconds: 1)
        #expect(Date().timeIntervalSince(started) < 0.5)
        // "received LeaveTtyMode request on fd 30", then "closing connection on fd 30".
        let deadline = Date().addingTimeInterval(5)
        var released: Substring?
        var closed = false
        while !closed, Date() < deadline {
            let log = server.log
            if let match = log.firstMatch(of: /received LeaveTtyMode request on fd (\d+)/) {
                released = match.output.1
                closed = log[match.range.upperBound...].contains("closing connection on fd \(match.output.1)\n")
            }
            if !closed { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(released != nil && closed, "BRLTTY's log: \(server.log)")
        renderer.render(event(.text, "too late"))
        let next = try BrailleRenderer(host: server.host, auth: server.auth, wording: .english)
        defer { next.finish(timeoutSeconds: 1) }
        next.render(event(.text, "next program"))
        #expect(server.waitForDisplay { $0 == "next program" } != nil, "the display shows '\(server.displayed())'")
        #expect(!server.log.contains("too late"))
    }

    /// BRLTTY going away mid-session is survived (no SIGPIPE, no abort) and reported.
    @Test func brlttyEndingIsSurvived() throws {
        let server = try BrailleServer()
        defer { server.stop() }
        let renderer = try BrailleRenderer(host: server.host, auth: server.auth, wording: .english)
        defer { renderer.finish(timeoutSeconds: 1) }
        renderer.render(event(.text, "before"))
        #expect(server.waitForDisplay { $0 == "before" } != nil)
        server.stop()
        let deadline = Date().addingTimeInterval(5)
        while renderer.failure == nil, Date() < deadline {
            renderer.render(event(.text, "after"))
            Thread.sleep(forTimeInterval: 0.02)
        }
        let failure = try #require(renderer.failure)
        #expect(failure.hasPrefix("The braille display stopped"))
    }

    /// Writing into a connection BRLTTY has closed is an error, not SIGPIPE (which would end
    /// the process). Through the shim, with no key thread to notice the end first.
    @Test func writingAfterBrlttyEndedIsAnErrorNotASignal() throws {
        let server = try BrailleServer()
        defer { server.stop() }
        var braille: OpaquePointer?
        var tty: Int32 = -1
        #expect(callShim { CVision_braille_create(server.host, server.auth, &braille, $0, $1) }.status == CVision_OK)
        let connection = try #require(braille)
        defer { CVision_braille_destroy(connection) }
        #expect(callShim { CVision_braille_enter_tty_mode(connection, &tty, $0, $1) }.status == CVision_OK)
        #expect(tty == 0, "no console here: the root of BRLTTY's tty tree")
        server.stop()
        var failed = 0
        for _ in 0..<20 where failed < 2 {
            if callShim({ CVision_braille_write_text(connection, "into the void", $0, $1) }).status != CVision_OK { failed += 1 }
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(failed >= 2)
    }

    @Test(arguments: ["127.0.0.1:30000", ":57"])
    func noServerIsOneSentenceQuickly(host: String) {
        let started = Date()
        #expect(throws: RendererError(.brailleNotRunning)) {
            _ = try BrailleRenderer(host: host, wording: .english)
        }
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func wrongKeyIsOneSentence() throws {
        let server = try BrailleServer(key: "right key")
        defer { server.stop() }
        let wrong = server.directory + "/wrong.key"
        _ = FileManager.default.createFile(atPath: wrong, contents: Data("wrong key".utf8))
        #expect(throws: RendererError(.brailleKeyRefused)) {
            _ = try BrailleRenderer(host: server.host, auth: "keyfile:" + wrong, wording: .english)
        }
        let renderer = try BrailleRenderer(host: server.host, auth: server.auth, wording: .english)
        renderer.render(event(.text, "with the key"))
        #expect(server.waitForDisplay { $0 == "with the key" } != nil)
        renderer.finish(timeoutSeconds: 1)
    }

    /// Renders from several threads while keys pan: every call is served, nothing crashes,
    /// and the display ends on a line that was rendered.
    @Test func concurrentRendersAndKeys() throws {
        try connected { server, renderer in
            let lines = (0..<4).flatMap { thread in (0..<40).map { "thread \(thread) line \($0)" } }
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<40 {
                    renderer.render(event(.text, "thread \(thread) line \(index)"))
                    if index % 10 == 0 { server.press(index % 20 == 0 ? .panLeft : .panRight) }
                }
            }
            renderer.render(event(.text, "last"))
            #expect(server.waitForDisplay { $0 == "last" } != nil, "the display shows '\(server.displayed())'")
            server.press(.panLeft)
            #expect(server.waitForDisplay { lines.contains($0) } != nil, "the display shows '\(server.displayed())'")
            #expect(renderer.failure == nil)
        }
    }
}

