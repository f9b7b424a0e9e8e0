// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// A renderer that remembers what it was given.
final class RecordingRenderer: Renderer {
    let name: String
    let skipsProgress: Bool
    let log = Mutex<[String]>([])
    let received = Mutex<[NarrationEvent]>([])

    init(_ name: String, skipsProgress: Bool = false) {
        self.name = name
        self.skipsProgress = skipsProgress
    }

    func render(_ event: NarrationEvent) {
        log.withLock { $0.append(event.text) }
        received.withLock { $0.append(event) }
    }
    func interrupt() { log.withLock { $0.append("<interrupt>") } }
    func finish(timeoutSeconds: Double) { log.withLock { $0.append("<finish>") } }
    func conveys(_ event: NarrationEvent) -> Bool { !(skipsProgress && event.kind == .progress) }
    var said: [String] { log.withLock { $0 } }
    /// The events rendered, in order.
    var events: [NarrationEvent] { received.withLock { $0 } }
}

/// The rule every channel shares: each event reaches each of the person's senses once.
@Suite struct OutputRouterTests {
    static func event(_ kind: NarrationKind = .objects, _ text: String = "Probably a chair.") -> NarrationEvent {
        NarrationEvent(time: .zero, frame: 0, kind: kind, priority: .text, text: text)
    }

    /// Routes as (channel, sense) → the channels that get an ordinary event.
    @Test(arguments: [
        // blind: speech, and the terminal is read by a screen reader → said once, by speech.
        ([(Channel.speech, Sense.hearing), (.text, .hearing)], [Channel.speech]),
        // low-vision: heard and seen.
        ([(.speech, .hearing), (.text, .sight)], [.speech, .text]),
        // deafblind: braille, and BRLTTY would show the terminal too → brailled once.
        ([(.braille, .touch), (.text, .touch)], [.braille]),
        // speech and braille reach different senses: both.
        ([(.speech, .hearing), (.braille, .touch)], [.speech, .braille]),
        // text to a file reaches no one now: a record, always written.
        ([(.speech, .hearing), (.text, nil), (.jsonl, nil)], [.speech, .text, .jsonl]),
        // developer: sentences to read and JSON for programs.
        ([(.text, .sight), (.jsonl, nil)], [.text, .jsonl]),
        // two speech routes (never built, but the rule holds): the first only.
        ([(.speech, .hearing), (.speech, .hearing)], [.speech]),
    ] as [([(Channel, Sense?)], [Channel])])
    func eachSenseOnce(routes: [(Channel, Sense?)], expected: [Channel]) {
        let built = routes.map { OutputRouter.Route(channel: $0.0, renderer: RecordingRenderer("\($0.0)"), sense: $0.1) }
        #expect(OutputRouter.deliveries(of: Self.event(), over: built).map(\.channel) == expected)
    }

    @Test func whatOneChannelLeavesOutAnotherCarries() {
        // A braille line skips progress ticks, so the terminal (brailled by BRLTTY) gets them.
        let braille = RecordingRenderer("braille", skipsProgress: true), text = RecordingRenderer("text")
        let router = OutputRouter(events: [.init(channel: .braille, renderer: braille, sense: .touch),
                                           .init(channel: .text, renderer: text, sense: .touch)], reports: [])
        router.render(Self.event(.objects, "Probably a person."))
        router.render(Self.event(.progress, "40 percent."))
        #expect(braille.said == ["Probably a person."])
        #expect(text.said == ["40 percent."])
    }

    @Test func reportsGoToTheirOwnRoutesAndErrorsAreImportant() {
        let speech = PriorityRecorder(), stdout = RecordingRenderer("stdout"), stderr = RecordingRenderer("stderr")
        let router = OutputRouter(events: [.init(channel: .speech, renderer: speech, sense: .hearing),
                                           .init(channel: .text, renderer: stdout, sense: nil)],
                                  reports: [.init(channel: .speech, renderer: speech, sense: .hearing),
                                            .init(channel: .text, renderer: stderr, sense: nil)])
        router.report("Batch complete. 3 images.")
        router.report("The model is missing; run make setup.", kind: .error)
        #expect(stdout.said.isEmpty, "a report is not narration: it never reaches standard output")
        #expect(stderr.said == ["Batch complete. 3 images.", "The model is missing; run make setup."])
        #expect(speech.received.map(\.priority) == [.message, .important])
    }

    @Test func interruptAndFinishReachEveryRendererOnceAndNothingAfterFinish() {
        let speech = RecordingRenderer("speech"), text = RecordingRenderer("text")
        let router = OutputRouter(events: [.init(channel: .speech, renderer: speech, sense: .hearing),
                                           .init(channel: .text, renderer: text, sense: .sight)],
                                  reports: [.init(channel: .speech, renderer: speech, sense: .hearing)])
        router.render(Self.event())
        router.interrupt()
        router.finish()
        router.finish()
        router.render(Self.event(.objects, "Too late."))
        router.report("Too late.")
        #expect(speech.said == ["Probably a chair.", "<interrupt>", "<finish>"])
        #expect(text.said == ["Probably a chair.", "<interrupt>", "<finish>"])
    }
}

final class PriorityRecorder: Renderer {
    let log = Mutex<[NarrationEvent]>([])
    func render(_ event: NarrationEvent) { log.withLock { $0.append(event) } }
    func interrupt() {}
    func finish(timeoutSeconds: Double) {}
    var received: [NarrationEvent] { log.withLock { $0 } }
}
