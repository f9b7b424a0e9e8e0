// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Frames

/// The things the user taught, one file each in a folder of their own data
/// (`$XDG_DATA_HOME/sensecam/things`, else `~/.local/share/sensecam/things`): what `teach`
/// writes, `forget` removes and `find NAME` reads. Nothing here leaves the machine.
///
/// The folder cannot be fooled: it must be a folder the user owns that no one else may write
/// to, and a thing's file a plain file of theirs, opened without following a link, else it is
/// refused in one sentence (`TaughtThingsStore`). Teaching and forgetting hold the folder's
/// lock, so "Card" and "card" taught at once make one file.
public struct TaughtThings: Sendable {
    public let folder: String

    /// A thing's file: its name and this extension.
    static let fileExtension = "thing"

    public init(folder: String) {
        self.folder = folder
    }

    /// The folder following the XDG base directory rules (a relative XDG_DATA_HOME is ignored,
    /// as the rules say).
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let data: String
        if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
            data = home
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            data = URL(fileURLWithPath: home).appendingPathComponent(".local/share").path
        }
        return URL(fileURLWithPath: data).appendingPathComponent("sensecam/things").path
    }

    private var store: TaughtThingsStore { TaughtThingsStore(folder: folder) }

    /// The names taught, in alphabetical order; none when the folder does not exist yet.
    public func names() -> [String] {
        store.entries().filter { !$0.hasPrefix(".") && $0.hasSuffix("." + Self.fileExtension) }
            .map { String($0.dropLast(Self.fileExtension.count + 1)) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// The name `name` was taught as, compared as a person means it (case and accents aside,
    /// `FindTarget.folded`): "Card" for "card"; nil when nothing is taught by it.
    public func taughtName(_ name: String) -> String? {
        let typed = ThingName.folded(name)
        return names().first { ThingName.folded($0) == typed }
    }

    public func path(of name: String) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent(fileName(of: name)).path
    }

    private func fileName(of name: String) -> String { name + "." + Self.fileExtension }

    /// What teaching made of the photos.
    public struct Taught: Sendable, Equatable {
        /// Photos the thing was learned from.
        public var photosUsed: Int
        /// The positions (in the order given) of photos too plain or blurred to learn from.
        public var featureless: [Int]
        /// Something was taught by this name before, and is now replaced.
        public var replacedEarlier: Bool
    }

    /// Learns `name` from the photos and keeps it, replacing what was taught by that name
    /// before. A photo without enough detail is left out; with none left nothing changes.
    /// `name` must be one `ThingName` accepts.
    public func teach(name: String, images: [Image]) throws(TaughtThingsError) -> Taught {
        precondition(ThingName.mistake(in: name) == nil, "the command checks the name first")
        var views: [ThingView] = []
        var featureless: [Int] = []
        for (index, image) in images.enumerated() {
            let view: ThingView
            do { view = try ThingView(learningFrom: image) } catch { throw .failed(reason: "\(error)") }
            if view.isUsable { views.append(view) } else { featureless.append(index) }
        }
        guard !views.isEmpty else { throw .nothingToLearn(name: name) }
        let bytes = ThingFile.encode(views)
        try store.makeFolder()
        return try store.locked { () throws(TaughtThingsError) -> Taught in
            // Taught again as "card" after "Card": the same thing, replaced, not a second one;
            // under the lock, so a "Card" taught at this moment by another run is seen.
            let earlier = taughtName(name)
            try store.write(bytes, as: fileName(of: earlier ?? name))
            return Taught(photosUsed: views.count, featureless: featureless, replacedEarlier: earlier != nil)
        }
    }

    /// Deletes what was taught as `name`, and what a killed `teach` left behind.
    public func forget(name: String) throws(TaughtThingsError) {
        try store.checkFolder(creating: false)
        guard taughtName(name) != nil else { throw .unknown(name: name, taught: names()) }
        try store.locked { () throws(TaughtThingsError) in
            guard let taught = taughtName(name) else { throw .unknown(name: name, taught: names()) }
            try store.remove(fileName(of: taught))
        }
    }

    /// The views taught as `name`, read from its file.
    public func views(of name: String) throws(TaughtThingsError) -> [ThingView] {
        try store.checkFolder(creating: false)
        guard let taught = taughtName(name) else { throw .unknown(name: name, taught: names()) }
        let path = path(of: taught)
        guard let bytes = try store.read(fileName(of: taught), name: taught, maximumBytes: ThingFile.maximumBytes) else {
            throw .unknown(name: name, taught: names())
        }
        guard let views = ThingFile.decode(bytes), !views.isEmpty else { throw .damaged(name: name, path: path) }
        return views
    }

    /// What finds `name` in pictures.
    public func locator(named name: String) throws(TaughtThingsError) -> TaughtThingLocator {
        try TaughtThingLocator(views: views(of: name))
    }
}
