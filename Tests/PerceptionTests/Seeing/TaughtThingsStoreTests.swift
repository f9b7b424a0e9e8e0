// SPDX-License-Identifier: GPL-3.0-or-later
import CameraTestSupport
import Foundation
import Glibc
import Testing
@testable import Perception
@testable import Words
@testable import Frames
@testable import Capture
@testable import Seeing
@testable import Narration
@testable import Stages
@testable import Rendering

/// The taught things' folder cannot be fooled (issue 41): a link, a pipe, a folder or another
/// user's file in a thing's place is refused in one sentence, as is a folder others may write
/// to; a killed `teach` leaves nothing `forget` and the next `teach` do not clean; "Card" and
/// "card" taught at once make one file; system failures are catalog sentences.
@Suite struct TaughtThingsStoreTests {
    static func image() throws -> Image {
        try TestResources.requireSets("detect/coco-val", "barcode")  // what the photos are rendered from
        return try ImageFile.load(TaughtThingPhotos(packageRoot: TestResources.packageRoot).teach[0])
    }

    /// A folder of things with "card" taught, and the card file's bytes.
    static func taughtCard(in folder: URL) throws -> (things: TaughtThings, bytes: Data) {
        let things = TaughtThings(folder: folder.appendingPathComponent("things").path)
        _ = try things.teach(name: "card", images: [try image()])
        return (things, try Data(contentsOf: URL(fileURLWithPath: things.path(of: "card"))))
    }

    /// Removes what is at `path` and makes something else there.
    static func replace(_ path: String, with make: () throws -> Void) throws {
        try? FileManager.default.removeItem(atPath: path)
        try make()
    }

    @Test func aThingFileThatIsNotAPlainFileOfTheUsersIsRefusedAndSaysWhy() throws {
        try TestResources.withTemporaryDirectory { try Self.aThingFileThatIsNotAPlainFileOfTheUsersIsRefusedAndSaysWhy(in: $0) }
    }

    static func aThingFileThatIsNotAPlainFileOfTheUsersIsRefusedAndSaysWhy(in folder: URL) throws {
        let (things, bytes) = try Self.taughtCard(in: folder)
        let path = things.path(of: "card")
        let elsewhere = folder.appendingPathComponent("elsewhere.thing").path
        try bytes.write(to: URL(fileURLWithPath: elsewhere))
        // A link out of the folder (to a real thing file, so following it would work): not followed.
        try Self.replace(path) { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere) }
        #expect(throws: TaughtThingsError.fileRefused(name: "card", path: path, problem: .notPlain)) { _ = try things.views(of: "card") }
        try Self.replace(path) { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/nonexistent") }
        #expect(throws: TaughtThingsError.fileRefused(name: "card", path: path, problem: .notPlain)) { _ = try things.views(of: "card") }
        try Self.replace(path) { _ = mkfifo(path, 0o600) }
        #expect(throws: TaughtThingsError.fileRefused(name: "card", path: path, problem: .notPlain)) { _ = try things.views(of: "card") }
        try Self.replace(path) { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        #expect(throws: TaughtThingsError.fileRefused(name: "card", path: path, problem: .notPlain)) { _ = try things.views(of: "card") }
        // Planted: writable by others, or another user's.
        try Self.replace(path) { try bytes.write(to: URL(fileURLWithPath: path)) }
        #expect(chmod(path, 0o666) == 0)
        #expect(throws: TaughtThingsError.fileRefused(name: "card", path: path, problem: .writableByOthers)) { _ = try things.views(of: "card") }
        #expect(chmod(path, 0o600) == 0)
        if geteuid() == 0 {
            #expect(chown(path, 65534, 65534) == 0)
            #expect(throws: TaughtThingsError.fileRefused(name: "card", path: path, problem: .notYours)) { _ = try things.views(of: "card") }
            #expect(chown(path, 0, 0) == 0)
        } else {
            #expect(chmod(path, 0) == 0)
            #expect(throws: TaughtThingsError.unreadable(name: "card", path: path, reason: EACCES)) { _ = try things.views(of: "card") }
            #expect(chmod(path, 0o600) == 0)
        }
        #expect(try things.views(of: "card").count == 1, "the user's own plain file is read")
        // Not "Nothing is taught as card": what is wrong, and the fix.
        let sentence = Wording.english(TaughtThingsError.fileRefused(name: "card", path: path, problem: .notPlain).message)
        #expect(sentence == "\(path) was not read for card: it is not a plain file but a link, a folder or a pipe; "
                    + "remove it with 'sensecam forget card', then teach card again.")
        // forget removes a link itself, never what it points to.
        try Self.replace(path) { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere) }
        try things.forget(name: "card")
        #expect(things.names().isEmpty && FileManager.default.fileExists(atPath: elsewhere))
    }

    @Test func aFolderOthersMayChangeIsNotUsed() throws {
        try TestResources.withTemporaryDirectory { try Self.aFolderOthersMayChangeIsNotUsed(in: $0) }
    }

    static func aFolderOthersMayChangeIsNotUsed(in folder: URL) throws {
        let (things, _) = try Self.taughtCard(in: folder)
        #expect(chmod(things.folder, 0o777) == 0)
        let refused = TaughtThingsError.folderRefused(folder: things.folder, problem: .writableByOthers)
        #expect(throws: refused) { _ = try things.views(of: "card") }
        #expect(throws: refused) { _ = try things.teach(name: "card", images: [try Self.image()]) }
        #expect(throws: refused) { try things.forget(name: "card") }
        #expect(Wording.english(refused.message) == "sensecam does not keep or read taught things in \(things.folder): "
                    + "other users can change it; make it yours alone with 'chmod 700 \(things.folder)'.")
        #expect(chmod(things.folder, 0o700) == 0)
        #expect(try things.views(of: "card").count == 1)
    }

    /// What a killed `teach` left (its temporary file, and Foundation's, some 0644) is gone
    /// after `forget`, and after the next `teach`; what `teach` writes is 0600.
    @Test func leftoversOfAKilledTeachAreRemoved() throws {
        try TestResources.withTemporaryDirectory { try Self.leftoversOfAKilledTeachAreRemoved(in: $0) }
    }

    static func leftoversOfAKilledTeachAreRemoved(in folder: URL) throws {
        let (things, bytes) = try Self.taughtCard(in: folder)
        // A process id that is not running: the highest the kernel may give, plus one.
        let gone = (Int(try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 4_194_304) + 1
        let leftovers = [".\(gone).partial", ".dat.nosync1f2e.AbCdEf"]
        func plant() throws {
            for name in leftovers {
                _ = FileManager.default.createFile(atPath: things.folder + "/" + name, contents: bytes,
                                               attributes: [.posixPermissions: 0o644])
            }
        }
        func left() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: things.folder).filter { leftovers.contains($0) }
        }
        try plant()
        try things.forget(name: "card")
        #expect(try left().isEmpty)
        try plant()
        _ = try things.teach(name: "card", images: [try Self.image()])
        #expect(try left().isEmpty)
        for entry in try FileManager.default.contentsOfDirectory(atPath: things.folder) {
            let mode = try FileManager.default.attributesOfItem(atPath: things.folder + "/" + entry)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(entry)")
        }
    }

    /// "card" taught while another run holds the folder (teaching "Card") waits for it, then
    /// replaces that "Card": one file, not two.
    @Test func namesAreComparedUnderTheFoldersLock() throws {
        try TestResources.withTemporaryDirectory { try Self.namesAreComparedUnderTheFoldersLock(in: $0) }
    }

    static func namesAreComparedUnderTheFoldersLock(in folder: URL) throws {
        let (things, bytes) = try Self.taughtCard(in: folder)
        try things.forget(name: "card")
        let lock = open(things.folder + "/.lock", O_RDWR | O_CREAT, 0o600)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let image = try Self.image()
        final class Outcome: @unchecked Sendable {  // written by the thread before `done` is signalled
            var taught: TaughtThings.Taught?
        }
        let outcome = Outcome(), done = DispatchSemaphore(value: 0)
        Thread {
            outcome.taught = try? things.teach(name: "card", images: [image])
            done.signal()
        }.start()
        Thread.sleep(forTimeInterval: 1.5)
        #expect(things.names().isEmpty, "nothing written while another run holds the folder")
        // The other run writes "Card" and lets go.
        _ = FileManager.default.createFile(atPath: things.path(of: "Card"), contents: bytes, attributes: [.posixPermissions: 0o600])
        flock(lock, LOCK_UN)
        close(lock)
        done.wait()
        #expect(things.names() == ["Card"])
        #expect(outcome.taught?.replacedEarlier == true)
    }

    @Test func aDataFolderThatIsAFileIsSaidInTheRunsLanguage() throws {
        try TestResources.withTemporaryDirectory { try Self.aDataFolderThatIsAFileIsSaidInTheRunsLanguage(in: $0) }
    }

    static func aDataFolderThatIsAFileIsSaidInTheRunsLanguage(in folder: URL) throws {
        let file = folder.appendingPathComponent("data")
        try Data("a file".utf8).write(to: file)
        let things = TaughtThings(folder: file.appendingPathComponent("sensecam/things").path)
        let error = TaughtThingsError.notSaved(folder: things.folder, reason: ENOTDIR)
        let image = try Self.image()  // outside the expectation, which would take a skip for the error
        #expect(throws: error) { _ = try things.teach(name: "card", images: [image]) }
        #expect(Wording.english(error.message).contains("(part of the path is a file, not a folder)"))
        let german = Language.german.wording(error.message)
        #expect(german.contains("(ein Teil des Pfads ist eine Datei, kein Ordner)"), "\(german)")
        #expect(!german.contains("NSCocoaErrorDomain") && !german.contains("Not a directory"))
        // The C library's English is never passed through.
        #expect(Language.german.wording(SystemReason.message(ENAMETOOLONG)) == "der Dateiname ist zu lang")
    }

    @Test func tenThousandNamesAreAFewAndACount() {
        let names = (1...10_000).map { "thing \($0)" }
        let sentence = Wording.english(TaughtThingsError.unknown(name: "keys", taught: names).message)
        #expect(sentence == "Nothing is taught as keys; the things taught are thing 1, thing 2, thing 3, thing 4, thing 5 and 9995 others.",
                "\(sentence.prefix(300))")
        let few = Wording.english(TaughtThingsError.unknown(name: "keys", taught: ["a", "b"]).message)
        #expect(few == "Nothing is taught as keys; the things taught are a and b.")
    }

    @Test func namesAreLimitedInBytesAndControlCharactersAreShownNotCalledSlashes() {
        let emoji = String(repeating: "😀", count: 64)
        #expect(ThingName.mistake(in: emoji) == .tooManyBytes)
        #expect(Wording.english(ThingName.message(for: .tooManyBytes, name: emoji))
                    == "The thing's name takes 256 bytes as a file name, more than the 200 allowed (an emoji takes 4); give a shorter name.")
        let escape = "a\u{1B}[31mb"
        #expect(ThingName.mistake(in: escape) == .controlCharacter)
        let said = Wording.english(ThingName.message(for: .controlCharacter, name: escape))
        #expect(said.hasPrefix("'a\\x1B[31mb' cannot be a thing's name: it contains a control character") && !said.contains("slash"), "\(said)")
    }
}
