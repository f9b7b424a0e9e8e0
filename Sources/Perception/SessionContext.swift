// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Words
import Capture

/// What a session runs against from outside: where its words go, the environment it reads,
/// the cameras it may open, how speech and braille are opened, where single keys are read
/// from, and the sandbox a run puts itself in. The tool runs against the real ones; tests put
/// an injected camera or a private BRLTTY here, and no sandbox when the session runs in their
/// process.
public struct SessionContext: Sendable {
    public var console: Console
    public var environment: [String: String]
    public var cameras: any V4L2System
    public var renderers: RendererFactories
    /// Read for single key presses in a live session, when it is a terminal.
    public var keyboard: Int32
    public var confinement: Confinement

    /// The words of the tools that are not a mode (devices, check-camera, products, merge,
    /// service): the locale's language, as a mode's `--language` defaults to.
    public var wording: Wording { (Language.fromLocale(environment).language ?? .english).wording }

    public init(console: Console = Console(), environment: [String: String] = ProcessInfo.processInfo.environment,
                cameras: any V4L2System = KernelV4L2System(), renderers: RendererFactories = .system,
                keyboard: Int32 = STDIN_FILENO, confinement: Confinement = .kernel) {
        self.console = console
        self.environment = environment
        self.cameras = cameras
        self.renderers = renderers
        self.keyboard = keyboard
        self.confinement = confinement
    }
}
