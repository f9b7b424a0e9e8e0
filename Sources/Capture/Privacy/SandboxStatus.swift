// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// What a `Sandbox` put in force, for `--stats` and the batch summary: each part, and why a
/// part is missing (an older kernel, Landlock switched off at boot).
public struct SandboxStatus: Sendable, Equatable {
    /// The Landlock ABI whose rules limit writes; nil when writes are not limited.
    public var landlockABI: Int?
    /// Landlock refuses TCP connect and bind as well (ABI 4 and later).
    public var landlockRefusesTCP = false
    /// The seccomp filter refusing all but local sockets is on every thread.
    public var seccomp = false
    /// How many files and folders the run may write.
    public var writableCount: Int
    /// Threads that were running before Landlock was applied, and so are not under it.
    public var threadsOutsideLandlock = 0
    /// Why else the sandbox is incomplete, one clause each, as the shim or the kernel put it.
    public var problems: [String] = []

    public init(writableCount: Int) {
        self.writableCount = writableCount
    }

    /// Both parts in force: writes limited to the outputs, and no socket but a local one.
    public var isSandboxed: Bool { landlockABI != nil && seccomp && threadsOutsideLandlock == 0 && problems.isEmpty }

    /// Why the sandbox is incomplete, one clause each; empty when it is not.
    public func reasons(_ wording: Wording) -> [String] {
        let threads = threadsOutsideLandlock > 0
            ? [wording(.sandboxThreadsOutside, ["count": .integer(threadsOutsideLandlock)])] : []
        return threads + problems
    }

    /// One line: what the kernel enforces, or that the run is not sandboxed and why.
    public func sentence(_ wording: Wording) -> String {
        guard isSandboxed, let abi = landlockABI else {
            return wording(.sandboxNot, ["reasons": .text(reasons(wording).joined(separator: "; "))])
        }
        return wording(.sandboxOn, ["outputs": .integer(writableCount), "abi": .integer(abi)])
    }
}
