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
    /// Why the sandbox is incomplete, one clause each, as the shim or the kernel put it.
    public var problems: [String] = []

    public init(writableCount: Int) {
        self.writableCount = writableCount
    }

    /// Both parts in force: writes limited to the outputs, and no socket but a local one.
    public var isSandboxed: Bool { landlockABI != nil && seccomp && problems.isEmpty }

    /// One line: what the kernel enforces, or that the run is not sandboxed and why.
    public var sentence: String {
        guard isSandboxed, let abi = landlockABI else {
            return "This run is not sandboxed: \(problems.joined(separator: "; ")); the kernel does not enforce that it writes only its outputs and sends nothing."
        }
        let outputs = writableCount == 1 ? "1 output" : "\(writableCount) outputs"
        return "Sandboxed by the kernel: writes only to \(outputs) (Landlock ABI \(abi)), no network, local sockets only (seccomp)."
    }
}
