// SPDX-License-Identifier: GPL-3.0-or-later
import CVision
import Foundation
import Frames

/// The restrictions a live, video or batch run puts on itself once its inputs and outputs are
/// open, so that the promise that no picture leaves the process is kept by the kernel, not only
/// by careful code: Landlock lets it write only the files and folders it was told to write and
/// make no TCP connection; a seccomp filter refuses every socket but a local one (AF_UNIX, what
/// speech-dispatcher, BRLTTY and the sound server use). Reading stays allowed everywhere.
/// Irreversible, and inherited by every thread started afterwards and by child processes.
public struct Sandbox: Sendable, Equatable {
    /// Files (written, truncated) and folders (anything inside them) the run may change;
    /// each must exist when the sandbox is applied.
    public var writable: [String]

    /// The device folder, where only files that already exist may be opened for writing: the
    /// camera (V4L2 needs read-write, and a replugged camera is a new device node), the sound
    /// cards and /dev/null. Nothing can be created, renamed or removed there, /dev/shm included.
    public static let devices = "/dev"

    /// The newest Landlock ABI this kernel offers, nil when it has none or it is switched off.
    public static var kernelLandlockABI: Int? {
        let abi = Int(CVision_landlock_abi())
        return abi > 0 ? abi : nil
    }

    public init(writable: [String]) {
        self.writable = writable
    }

    /// Applies the sandbox to this process, as far as the kernel allows, and says what took
    /// effect. Call it on the thread that will start every other one, before it starts any:
    /// Landlock restricts only the calling thread and those it creates later (the seccomp
    /// filter is put on every thread at once).
    public func apply() -> SandboxStatus {
        var status = SandboxStatus(writableCount: writable.count)
        let earlierThreads = ProcessStatus.current().threads - 1
        let paths = writable.map { strdup($0) }
        defer { paths.forEach { free($0) } }
        var applied = CVision_LandlockApplied()
        let landlock = paths.map { UnsafePointer($0) }.withUnsafeBufferPointer { list in
            callShim { CVision_landlock_restrict_writes(list.baseAddress, list.count, Self.devices, &applied, $0, $1) }
        }
        if landlock.status == CVision_OK {
            status.landlockABI = Int(applied.abi)
            status.landlockRefusesTCP = applied.refuses_tcp != 0
            status.threadsOutsideLandlock = max(0, earlierThreads)
        } else {
            status.problems.append(landlock.message)
        }
        let seccomp = callShim { CVision_seccomp_refuse_network($0, $1) }
        if seccomp.status == CVision_OK { status.seccomp = true } else { status.problems.append(seccomp.message) }
        return status
    }
}
