// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Perception
@testable import Words
@testable import Frames
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering
import Testing

/// speech-dispatcher's priority rules (SSIP manual, "Priority Categories") as paced for a
/// listener — narration never cuts narration off — checked for every pair of priorities, for
/// what waits while an important message is being said, and for narration's moments and age.
@Suite struct SpeechQueueTests {
    typealias Utterance = SpeechQueue.Utterance

    /// What happens to a second utterance arriving while the first is being said.
    enum Outcome: Sendable {
        /// The first is stopped for good and the second said at once.
        case interrupts
        /// The second is said when the first has ended.
        case waits
        /// The second is never said.
        case dropped
    }

    struct Pair: Sendable, CustomTestStringConvertible {
        var speaking: Priority
        var arriving: Priority
        var outcome: Outcome
        var testDescription: String { "\(arriving) arriving while \(speaking) speaks: \(outcome)" }
    }

    static let pairs: [Pair] = [
        // important is never interrupted; only notification is dropped behind it (progress is
        // deferred and said later as the last of its series).
        Pair(speaking: .important, arriving: .important, outcome: .waits),
        Pair(speaking: .important, arriving: .message, outcome: .waits),
        Pair(speaking: .important, arriving: .text, outcome: .waits),
        Pair(speaking: .important, arriving: .notification, outcome: .dropped),
        Pair(speaking: .important, arriving: .progress, outcome: .waits),
        // message: cut off only by important; does not interrupt itself.
        Pair(speaking: .message, arriving: .important, outcome: .interrupts),
        Pair(speaking: .message, arriving: .message, outcome: .waits),
        Pair(speaking: .message, arriving: .text, outcome: .waits),
        Pair(speaking: .message, arriving: .notification, outcome: .dropped),
        Pair(speaking: .message, arriving: .progress, outcome: .waits),
        // text: cut off only by important; a message and newer text wait for its end (SSIP
        // would cut it off, and the listener would hear half a sentence).
        Pair(speaking: .text, arriving: .important, outcome: .interrupts),
        Pair(speaking: .text, arriving: .message, outcome: .waits),
        Pair(speaking: .text, arriving: .text, outcome: .waits),
        Pair(speaking: .text, arriving: .notification, outcome: .dropped),
        Pair(speaking: .text, arriving: .progress, outcome: .waits),
        // notification: cut off by everything but progress, which never interrupts.
        Pair(speaking: .notification, arriving: .important, outcome: .interrupts),
        Pair(speaking: .notification, arriving: .message, outcome: .interrupts),
        Pair(speaking: .notification, arriving: .text, outcome: .interrupts),
        Pair(speaking: .notification, arriving: .notification, outcome: .interrupts),
        Pair(speaking: .notification, arriving: .progress, outcome: .waits),
        // progress: cut off by important, message and text; a newer progress waits.
        Pair(speaking: .progress, arriving: .important, outcome: .interrupts),
        Pair(speaking: .progress, arriving: .message, outcome: .interrupts),
        Pair(speaking: .progress, arriving: .text, outcome: .interrupts),
        Pair(speaking: .progress, arriving: .notification, outcome: .dropped),
        Pair(speaking: .progress, arriving: .progress, outcome: .waits),
    ]

    @Test func everyPairIsListed() {
        let listed = Set(Self.pairs.map { "\($0.speaking)-\($0.arriving)" })
        #expect(listed.count == Priority.allCases.count * Priority.allCases.count)
        #expect(Self.pairs.count == listed.count)
    }

    @Test(arguments: pairs)
    func secondUtterance(_ pair: Pair) {
        var queue = SpeechQueue()
        let first = Utterance("first", pair.speaking), second = Utterance("second", pair.arriving)
        #expect(queue.add(first) == [.speak(first)])
        let actions = queue.add(second)
        switch pair.outcome {
        case .interrupts:
            #expect(actions == [.stopCurrent, .speak(second)])
            #expect(queue.current == second)
            #expect(queue.finished() == nil, "the stopped utterance must not come back")
        case .waits:
            #expect(actions.isEmpty)
            #expect(queue.current == first)
            #expect(queue.finished() == second)
            #expect(queue.finished() == nil)
        case .dropped:
            #expect(actions.isEmpty)
            #expect(queue.current == first)
            #expect(queue.finished() == nil)
        }
        #expect(queue.isIdle)
    }

    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        /// Arrivals while the important "alarm" (added first) is being said.
        var arrivals: [Utterance]
        /// Everything said, in order, starting with the alarm.
        var said: [String]
        var testDescription: String { name }
    }

    static let waitingScenarios: [Scenario] = [
        Scenario(name: "importants queue in order ahead of waiting messages",
                 arrivals: [Utterance("m1", .message), Utterance("i2", .important), Utterance("i3", .important)],
                 said: ["alarm", "i2", "i3", "m1"]),
        Scenario(name: "messages keep their order; text waits behind them",
                 arrivals: [Utterance("t1", .text), Utterance("m1", .message), Utterance("m2", .message),
                            Utterance("t2", .text)],
                 said: ["alarm", "m1", "m2", "t2"]),
        Scenario(name: "a message goes ahead of waiting text, which is still said",
                 arrivals: [Utterance("t1", .text), Utterance("m1", .message)],
                 said: ["alarm", "m1", "t1"]),
        Scenario(name: "newest waiting text wins",
                 arrivals: [Utterance("t1", .text), Utterance("t2", .text), Utterance("t3", .text)],
                 said: ["alarm", "t3"]),
        Scenario(name: "an important postpones waiting text",
                 arrivals: [Utterance("t1", .text), Utterance("i2", .important)],
                 said: ["alarm", "i2", "t1"]),
        Scenario(name: "only the last progress of a series is said",
                 arrivals: (1...9).map { Utterance("\($0)0 percent", .progress) },
                 said: ["alarm", "90 percent"]),
        Scenario(name: "waiting progress comes before waiting text, as a message",
                 arrivals: [Utterance("t1", .text), Utterance("p1", .progress)],
                 said: ["alarm", "p1", "t1"]),
        Scenario(name: "text cancels waiting progress",
                 arrivals: [Utterance("p1", .progress), Utterance("t1", .text)],
                 said: ["alarm", "t1"]),
        Scenario(name: "a message cancels waiting progress",
                 arrivals: [Utterance("p1", .progress), Utterance("m1", .message)],
                 said: ["alarm", "m1"]),
        Scenario(name: "an important cancels waiting progress",
                 arrivals: [Utterance("p1", .progress), Utterance("i2", .important)],
                 said: ["alarm", "i2"]),
        Scenario(name: "a notification is dropped while progress waits",
                 arrivals: [Utterance("p1", .progress), Utterance("n1", .notification)],
                 said: ["alarm", "p1"]),
        Scenario(name: "notifications are dropped whatever waits",
                 arrivals: [Utterance("n1", .notification), Utterance("m1", .message), Utterance("n2", .notification)],
                 said: ["alarm", "m1"]),
    ]

    @Test(arguments: waitingScenarios)
    func whileAnImportantIsSaid(_ scenario: Scenario) {
        var queue = SpeechQueue()
        var said: [String] = []
        var stops = 0
        for utterance in [Utterance("alarm", .important)] + scenario.arrivals {
            for action in queue.add(utterance) {
                switch action {
                case .stopCurrent: stops += 1
                case .speak(let spoken): said.append(spoken.text)
                }
            }
        }
        while let next = queue.finished() { said.append(next.text) }
        #expect(said == scenario.said)
        #expect(stops == 0, "nothing cuts off an important message")
    }

    /// A deferred progress is said at message priority: text, notification and progress wait for
    /// it or are dropped, but cannot cut it off; an important can.
    @Test func deferredProgressIsNotCutOffByText() {
        var queue = SpeechQueue()
        let first = Utterance("10 percent", .progress), last = Utterance("100 percent", .progress)
        _ = queue.add(first)
        #expect(queue.add(last).isEmpty)
        #expect(queue.finished() == last)
        let text = Utterance("door ahead", .text)
        #expect(queue.add(text).isEmpty)
        #expect(queue.add(Utterance("tick", .notification)).isEmpty)
        #expect(queue.current == last)
        #expect(queue.finished() == text)
        let alarm = Utterance("stop", .important)
        #expect(queue.add(alarm) == [.stopCurrent, .speak(alarm)])
    }

    static let scene = SpeechQueue.Moment(time: Timestamp(microseconds: 1_000_000), frame: 30)
    static let nextScene = SpeechQueue.Moment(time: Timestamp(microseconds: 4_000_000), frame: 120)

    /// The sentences of one moment are all said, in order; a newer moment's narration replaces
    /// what is left of an older one, but never the sentence being said.
    @Test func aNewerMomentReplacesWhatWaitsOfAnOlderOne() {
        var queue = SpeechQueue()
        let people = Utterance("Probably two people, at 12 o'clock.", .text, moment: Self.scene, arrival: 0)
        let bag = Utterance("Possibly a handbag, at 1 o'clock.", .text, moment: Self.scene, arrival: 0)
        let zebra = Utterance("Probably a zebra, at 12 o'clock.", .text, moment: Self.nextScene, arrival: 1)
        #expect(queue.add(people) == [.speak(people)])
        #expect(queue.add(bag).isEmpty)
        #expect(queue.waiting == [bag])
        #expect(queue.add(zebra).isEmpty, "the sentence being said is not cut off")
        #expect(queue.current == people)
        #expect(queue.waiting == [zebra], "the older moment's rest is dropped")
        #expect(queue.finished(now: 2.5) == zebra)
        #expect(queue.finished(now: 4) == nil)
    }

    @Test func aMomentsSentencesAreSaidInOrder() {
        var queue = SpeechQueue()
        let sentences = (1...3).map { Utterance("s\($0)", .text, moment: Self.scene, arrival: 0) }
        var said: [String] = []
        for sentence in sentences {
            for case .speak(let spoken) in queue.add(sentence) { said.append(spoken.text) }
        }
        while let next = queue.finished(now: 1) { said.append(next.text) }
        #expect(said == ["s1", "s2", "s3"])
    }

    /// Narration that waited `staleSeconds` for its turn is not said: the scene has moved on.
    /// A message is never dropped, however long it waited.
    @Test func narrationThatWaitedTooLongIsDroppedButAMessageIsNot() {
        var queue = SpeechQueue()
        let long = Utterance("A long summary of everything in view.", .message, arrival: 0)
        let text = Utterance("Probably a cup, at 12 o'clock.", .text, moment: Self.scene, arrival: 0.5)
        let status = Utterance("End of video.", .message, arrival: 1)
        _ = queue.add(long)
        #expect(queue.add(text).isEmpty)
        #expect(queue.add(status).isEmpty)
        #expect(queue.finished(now: 9) == status, "a message waits as long as it must")
        #expect(queue.finished(now: 0.5 + SpeechQueue.staleSeconds) == nil, "narration is stale once it waited staleSeconds")
        #expect(queue.isIdle)

        _ = queue.add(long)
        _ = queue.add(text)
        #expect(queue.finished(now: 0.5 + SpeechQueue.staleSeconds - 0.1) == text, "fresh enough")
    }

    /// A closing client hands what waits to the server at once (which says it after the client
    /// has gone), but never while narration is being said, which that would cut off.
    @Test func handingOverTakesAllButNarrationAndWaitsForNarrationBeingSaid() {
        var queue = SpeechQueue()
        let narration = Utterance("Probably a cup, at 12 o'clock.", .text, moment: Self.scene)
        _ = queue.add(narration)
        let lines = [Utterance("Line one.", .message), Utterance("Line two.", .message)]
        for line in lines { _ = queue.add(line) }
        #expect(queue.handOverWaiting().isEmpty, "the narration being said must end first")
        #expect(queue.finished() == lines[0])
        #expect(queue.handOverWaiting() == [lines[1]])
        #expect(queue.current == lines[1], "the last one handed over is the one to wait for")
        #expect(queue.finished() == nil)
        #expect(queue.isIdle)
    }

    @Test func cancelAllStopsAndForgetsEverything() {
        var queue = SpeechQueue()
        _ = queue.add(Utterance("alarm", .important))
        _ = queue.add(Utterance("i2", .important))
        _ = queue.add(Utterance("m1", .message))
        _ = queue.add(Utterance("t1", .text))
        _ = queue.add(Utterance("p1", .progress))
        #expect(queue.waiting.map(\.text) == ["i2", "m1", "p1", "t1"])
        #expect(queue.cancelAll() == [.stopCurrent])
        #expect(queue.isIdle)
        #expect(queue.finished() == nil)
        #expect(queue.cancelAll().isEmpty, "nothing left to stop")
    }

    @Test func idleQueueSpeaksAnythingAtOnce() {
        for priority in Priority.allCases {
            var queue = SpeechQueue()
            let utterance = Utterance("hello", priority)
            #expect(queue.add(utterance) == [.speak(utterance)], "\(priority)")
        }
    }
}
