// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

import Options
@testable import sensecam
@testable import Modes

// The committed man page renders with Debian's groff and man, without a warning: what
// `man ./docs/man/sensecam.1` shows a user from a checkout.

private let page = SensecamProcess.packageRoot.appendingPathComponent("docs/man/sensecam.1")

@Suite struct ManPageRenderingTests {
    @Test func groffRendersItWithoutWarnings() throws {
        // -ww turns on every warning; -z renders without output, so stderr holds only them.
        let run = try SensecamProcess.run(["-man", "-Tutf8", "-ww", "-z", page.path], program: URL(fileURLWithPath: "/usr/bin/groff"))
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "", "\(run)")
    }

    @Test func manShowsEverySectionAndTheExitStatuses() throws {
        let run = try SensecamProcess.run(["-l", page.path], environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"],
                                          program: URL(fileURLWithPath: "/usr/bin/man"))
        #expect(run.status == 0, "\(run)")
        let text = run.stdout
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "FILES", "ENVIRONMENT", "EXAMPLES"] {
            #expect(text.contains("\n\(section)\n"), "no \(section) section")
        }
        // The statuses the dispatch returns, each on a line of its own.
        for status in [0, 1, ExitStatus.usage, ExitStatus.channelLost, 78] as [Int32] {
            #expect(text.contains("\n       \(status)"), "exit status \(status) is not listed")
        }
        // An option copied from the page must work in a shell: an ASCII hyphen-minus, not U+2212 or U+2010.
        #expect(text.contains("--min-confidence"))
        #expect(!text.contains("\u{2212}\u{2212}min") && !text.contains("\u{2010}\u{2010}min"))
        #expect(text.contains("sensecam products import"))
    }
}
