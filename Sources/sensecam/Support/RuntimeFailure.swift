import Options
import Perception

/// A failure that ends the command with exit status 1 after one sentence on stderr.
/// Usage mistakes are `UsageError` (exit 64) instead.
struct RuntimeFailure: Error, CustomStringConvertible {
    var description: String
    /// Already said through the output channels (spoken, brailled or printed), so it is
    /// not printed a second time.
    var alreadySaid = false

    init(_ sentence: String) { description = sentence }
    init(_ error: any Error) {
        if let failure = error as? RuntimeFailure { self = failure } else { description = "\(error)" }
    }
}
