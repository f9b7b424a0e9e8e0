// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Words
import Frames

/// Why teaching, forgetting or finding a taught thing failed, each in one sentence with the fix.
public enum TaughtThingsError: WordedError, Equatable {
    /// What makes a folder or file unfit to keep the user's things in.
    public enum FileProblem: String, Sendable, Equatable {
        /// A link, a pipe, a folder where a file should be (or a file where the folder should be).
        case notPlain = "not_plain"
        /// Another user's: planted there.
        case notYours = "not_yours"
        /// Others may change it: anyone could plant a thing there.
        case writableByOthers = "writable_by_others"
    }

    /// No photo had enough detail to learn the thing from.
    case nothingToLearn(name: String)
    /// Nothing is taught by that name; `taught` are the names that are.
    case unknown(name: String, taught: [String])
    /// The thing's file cannot be read as one (damaged, or written by a newer sensecam).
    case damaged(name: String, path: String)
    /// The thing's file is there but the system would not read it (`reason`: an errno).
    case unreadable(name: String, path: String, reason: Int32)
    /// The thing's file is not one sensecam will read: a link, not a plain file, or not the user's alone.
    case fileRefused(name: String, path: String, problem: FileProblem)
    /// The things folder is not one sensecam will use.
    case folderRefused(folder: String, problem: FileProblem)
    /// The things folder or the thing's file could not be written or removed (`reason`: an errno).
    case notSaved(folder: String, reason: Int32)
    /// The shim failed while learning or matching (its own words).
    case failed(reason: String)

    /// A list of names says this many, then how many more: 10,000 names are not one sentence.
    static let namesListed = 5

    public var message: Message {
        switch self {
        case .nothingToLearn(let name):
            Message(.teachNothingLearned, ["name": .text(name)])
        case .unknown(let name, let taught):
            Message(.thingUnknown, ["name": .text(name), "count": .integer(taught.count), "names": Self.listed(taught)])
        case .damaged(let name, let path):
            Message(.thingFileDamaged, ["name": .text(name), "path": .text(path)])
        case .unreadable(let name, let path, let reason):
            Message(.thingFileUnreadable, ["name": .text(name), "path": .text(path), "reason": .message(SystemReason.message(reason))])
        case .fileRefused(let name, let path, let problem):
            Message(.thingFileRefused, ["name": .text(name), "path": .text(path), "problem": .text(problem.rawValue),
                                        "forget": .text(ShellWord.quoted(name))])
        case .folderRefused(let folder, let problem):
            Message(.thingsFolderRefused, ["folder": .text(folder), "problem": .text(problem.rawValue),
                                           "chmod": .text(ShellWord.quoted(folder))])
        case .notSaved(let folder, let reason):
            Message(.thingsNotSaved, ["folder": .text(folder), "reason": .message(SystemReason.message(reason))])
        case .failed(let reason):
            Message(.thingsFailed, ["reason": .text(reason)])
        }
    }

    /// The names as a list: all of a few, else the first `namesListed` and how many more.
    public static func listed(_ names: [String]) -> MessageArgument {
        guard names.count > namesListed + 1 else { return .list(names.map { .text(EchoedText.shown($0)) }) }
        return .list(names.prefix(namesListed).map { .text(EchoedText.shown($0)) }
                     + [.message(Message(.namesMore, ["count": .integer(names.count - namesListed)]))])
    }
}
