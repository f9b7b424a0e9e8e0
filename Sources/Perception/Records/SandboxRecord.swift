/// The sandbox a run was in, as the batch summary's `sandbox` field: described in docs/records.md.
extension SandboxStatus {
    /// `{"sandboxed", "landlock_abi", "seccomp", "writable", "reason"}`, in that order.
    public var json: JSONValue {
        .object([
            ("sandboxed", .bool(isSandboxed)),
            ("landlock_abi", landlockABI.map { .integer($0) } ?? .null),
            ("seccomp", .bool(seccomp)),
            ("writable", .integer(writableCount)),
            ("reason", problems.isEmpty ? .null : .string(problems.joined(separator: "; "))),
        ])
    }
}
