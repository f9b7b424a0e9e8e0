// SPDX-License-Identifier: GPL-3.0-or-later
import Words
import Capture
import Narration

/// The sandbox a run was in, as the batch summary's `sandbox` field: described in docs/records.md.
extension SandboxStatus {
    /// `{"sandboxed", "landlock_abi", "seccomp", "writable", "reason"}`, in that order; the
    /// reason worded in `wording`.
    public func json(_ wording: Wording) -> JSONValue {
        let reasons = reasons(wording)
        return .object([
            ("sandboxed", .bool(isSandboxed)),
            ("landlock_abi", landlockABI.map { .integer($0) } ?? .null),
            ("seccomp", .bool(seccomp)),
            ("writable", .integer(writableCount)),
            ("reason", reasons.isEmpty ? .null : .string(reasons.joined(separator: "; "))),
        ])
    }
}
