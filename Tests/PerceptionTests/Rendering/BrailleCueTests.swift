// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Narration
@testable import Stages
@testable import Rendering

/// Braille shows the guidance as text; a cue is a sound, and the display never gets it.
extension BrailleRendererTests {
    @Test func aCueNeverReachesTheDisplay() throws {
        let server = try BrailleServer()
        defer { server.stop() }
        let renderer = try BrailleRenderer(host: server.host, auth: server.auth, wording: .english)
        defer { renderer.finish(timeoutSeconds: 1) }
        let frame = Frame(image: try TestResources.greyImage(width: 2, height: 2) { _, _ in 0 }, timestamp: .zero, index: 0)
        let cue = NarrationEvent.cue(Tone(hertz: 1_000, seconds: 0.015, perSecond: 5), at: frame)
        #expect(!renderer.conveys(cue))
        renderer.render(NarrationEvent(time: .zero, frame: 0, kind: .guidance, priority: .notification, text: "Move closer."))
        #expect(server.waitForDisplay { $0 == "Move closer" } != nil, "the display shows '\(server.displayed())'")
        renderer.render(cue)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(server.displayed() == "Move closer", "braille drops the full stop; the cue changed nothing")
    }
}
