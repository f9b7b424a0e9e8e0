// SPDX-License-Identifier: GPL-3.0-or-later
/// Why teaching, forgetting or finding a taught thing failed, each in one sentence with the fix.
public enum TaughtThingsError: WordedError, Equatable {
    /// No photo had enough detail to learn the thing from.
    case nothingToLearn(name: String)
    /// Nothing is taught by that name; `taught` are the names that are.
    case unknown(name: String, taught: [String])
    /// The thing's file cannot be read as one (damaged, or written by a newer sensecam).
    case damaged(name: String, path: String)
    /// The things folder or the thing's file could not be written or removed.
    case notSaved(folder: String, reason: String)
    /// The shim failed while learning or matching (its own words).
    case failed(reason: String)

    public var message: Message {
        switch self {
        case .nothingToLearn(let name):
            Message(.teachNothingLearned, ["name": .text(name)])
        case .unknown(let name, let taught):
            Message(.thingUnknown, ["name": .text(name), "count": .integer(taught.count),
                                    "names": .list(taught.map { .text($0) })])
        case .damaged(let name, let path):
            Message(.thingFileDamaged, ["name": .text(name), "path": .text(path)])
        case .notSaved(let folder, let reason):
            Message(.thingsNotSaved, ["folder": .text(folder), "reason": .text(reason)])
        case .failed(let reason):
            Message(.thingsFailed, ["reason": .text(reason)])
        }
    }
}
