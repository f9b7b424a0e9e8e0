import Foundation
import Glibc
import Options
import Perception

/// One subcommand, as swift-argument-parser shapes them: its spec (name, abstract, arguments,
/// options), the checks that turn a parsed command line into its settings — a mistake is a
/// usage error (exit 64) said before anything is loaded — and the run.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// Reads and checks the command line; loads nothing.
    init(_ command: ParsedCommand) throws(UsageError)
    /// Exit status 0 on success; a `RuntimeFailure` ends it with status 1.
    func run(in context: CommandContext) throws -> Int32
}

/// What a command runs against: where its words go, the environment it reads, the cameras it
/// may open, how speech and braille are opened, where single keys are read from, and the
/// sandbox a run puts itself in. The tool runs against the real ones; tests put an injected
/// camera or a private BRLTTY here, and no sandbox when the command runs in their process.
struct CommandContext: Sendable {
    var console: Console
    var environment: [String: String]
    var cameras: any V4L2System
    var renderers: RendererFactories
    /// Read for single key presses in a live session, when it is a terminal.
    var keyboard: Int32
    var confinement: Confinement

    init(console: Console = Console(), environment: [String: String] = ProcessInfo.processInfo.environment,
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
