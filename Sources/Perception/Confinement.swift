// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Capture
import Rendering

/// How a live, video or batch run puts itself in the kernel's sandbox. The tool applies the
/// real one; a test that runs a command inside its own process applies none, since a sandbox
/// cannot be undone and its seccomp filter would bind the whole test runner.
public struct Confinement: Sendable {
    /// Applies `sandbox` (first starting speech-dispatcher when the run `speaks`), and gives
    /// the status the kernel reports, or nil when nothing was applied on purpose.
    public let apply: @Sendable (_ sandbox: Sandbox, _ speaks: Bool) -> SandboxStatus?

    public static let kernel = Confinement { sandbox, speaks in
        // A server autospawned from inside the sandbox could not make its socket or logs.
        if speaks { SpeechDispatcherRenderer.startServer() }
        return sandbox.apply()
    }
    public static let none = Confinement { _, _ in nil }
}

extension SessionContext {
    /// Puts the run in its sandbox once its output files are open, and before it loads a model
    /// or starts a thread (Landlock binds only threads started afterwards): it may then write
    /// only `outputs`, and the products database's folder, where SQLite's write-ahead log keeps
    /// files even for reading. A run the kernel cannot sandbox says so, once, on standard error.
    public func confine(writing outputs: [String], settings: SessionSettings, speaks: Bool) -> SandboxStatus? {
        var writable = outputs
        if let database = settings.scan.productsDatabase, FileManager.default.fileExists(atPath: database) {
            writable.append(URL(fileURLWithPath: database).deletingLastPathComponent().path)
        }
        let status = confinement.apply(Sandbox(writable: writable), speaks)
        if let status, !status.isSandboxed { console.report(status.sentence(settings.wording)) }
        return status
    }
}
