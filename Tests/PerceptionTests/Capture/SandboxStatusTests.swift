// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Perception
@testable import Words
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// What `--stats` and the batch summary say about the sandbox, and how /proc's account of a
/// process is read.
@Suite struct SandboxStatusTests {
    static func status(abi: Int?, seccomp: Bool, writable: Int, problems: [String] = []) -> SandboxStatus {
        var status = SandboxStatus(writableCount: writable)
        (status.landlockABI, status.seccomp, status.problems) = (abi, seccomp, problems)
        return status
    }

    @Test(arguments: [
        (status(abi: 7, seccomp: true, writable: 2), true,
         "Sandboxed by the kernel: writes only to 2 outputs (Landlock ABI 7), no network, local sockets only (seccomp)."),
        (status(abi: 1, seccomp: true, writable: 1), true,
         "Sandboxed by the kernel: writes only to 1 output (Landlock ABI 1), no network, local sockets only (seccomp)."),
        (status(abi: nil, seccomp: true, writable: 0, problems: ["Landlock is unavailable (Function not implemented)"]), false,
         "This run is not sandboxed: Landlock is unavailable (Function not implemented); the kernel does not enforce that it writes only its outputs and sends nothing."),
        (status(abi: 7, seccomp: true, writable: 0, problems: ["3 threads started earlier are not under Landlock"]), false,
         "This run is not sandboxed: 3 threads started earlier are not under Landlock; the kernel does not enforce that it writes only its outputs and sends nothing."),
        (status(abi: 7, seccomp: false, writable: 0, problems: ["the seccomp filter could not be loaded (Invalid argument)"]), false,
         "This run is not sandboxed: the seccomp filter could not be loaded (Invalid argument); the kernel does not enforce that it writes only its outputs and sends nothing."),
    ])
    func sentence(status: SandboxStatus, sandboxed: Bool, expected: String) {
        #expect(status.isSandboxed == sandboxed)
        #expect(status.sentence(.english) == expected)
    }

    @Test func summaryFieldSaysWhyNot() {
        let missing = Self.status(abi: nil, seccomp: true, writable: 1, problems: ["Landlock is unavailable (Operation not supported)"])
        #expect(missing.json(.english).serialized()
                == #"{"sandboxed":false,"landlock_abi":null,"seccomp":true,"writable":1,"reason":"Landlock is unavailable (Operation not supported)"}"#)
        #expect(Self.status(abi: 7, seccomp: true, writable: 1).json(.english).serialized()
                == #"{"sandboxed":true,"landlock_abi":7,"seccomp":true,"writable":1,"reason":null}"#)
    }

    @Test func procStatusFieldsAreRead() {
        let text = "Name:\tsensecam\nThreads:\t5\nNoNewPrivs:\t1\nSeccomp:\t2\nSeccomp_filters:\t1\nSpeculation_Store_Bypass:\tthread vulnerable\n"
        #expect(ProcessStatus(parsing: text)
                == ProcessStatus(parsing: "Threads: 5\nSeccomp: 2\nSeccomp_filters: 1\nNoNewPrivs: 1"))
        let status = ProcessStatus(parsing: text)
        #expect(status.threads == 5 && status.seccompMode == 2 && status.seccompFilters == 1 && status.noNewPrivileges)
        let plain = ProcessStatus(parsing: "Threads:\t1\nNoNewPrivs:\t0\nSeccomp:\t0\n")
        #expect(plain.seccompMode == 0 && plain.seccompFilters == 0 && !plain.noNewPrivileges)
    }
}
