/// A failure that ends the command with exit status 1 after one sentence on stderr.
/// Usage mistakes are `UsageError` (exit 64) instead.
struct RuntimeFailure: Error, CustomStringConvertible {
    var description: String
    init(_ sentence: String) { description = sentence }
    init(_ error: any Error) { description = "\(error)" }
}
