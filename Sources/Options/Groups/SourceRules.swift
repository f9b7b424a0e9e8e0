// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Perception

/// Mistakes in what a command is pointed at, said before anything loads, each in one sentence
/// with its fix: a folder where one picture is looked at, a still image given as `--video`, a
/// video given as the image, both an image and a video. Told by the file's kind (a folder) or
/// its name's extension, as `batch` tells images from videos.
public enum SourceRules {
    /// The rules for a command that takes an image (`aware`, `read`, `scan`, `light`, `colour`);
    /// those about `--video` hold only where the command declares it.
    /// The rules for a command whose mode `batches` (so a folder is for `batch`) or not.
    public static func all(batches: Bool) -> [OptionRule] {
        [imageAndVideo, folder("image", batches: batches), folder("video", batches: batches), stillImageAsVideo, videoAsImage]
    }

    /// `aware photo.jpg --video clip.mp4`: two things to look at.
    static let imageAndVideo = OptionRule { command in
        guard InputOptions.hasVideo.holds(command), let image = command.argument("image") else { return nil }
        return UsageError(Message(.usageImageAndVideo, ["image": .text(image)]), path: command.path)
    }

    /// `light FOLDER`: a folder is for `batch`, in the modes it has; the others look at one image.
    static func folder(_ argument: String, batches: Bool) -> OptionRule {
        OptionRule { command in
            guard let path = given(argument, in: command), isFolder(path) else { return nil }
            let name = command.path.last ?? ""
            let message = batches
                ? Message(.usageFolderForBatch, ["path": .text(path), "mode": .text(name)])
                : Message(.usageFolderOneImage, ["path": .text(path), "command": .text(name)])
            return UsageError(message, path: command.path)
        }
    }

    /// `aware --video photo.jpg`.
    static let stillImageAsVideo = OptionRule { command in
        guard let path = given("video", in: command), ImageFile.hasImageExtension(path) else { return nil }
        return UsageError(Message(.usageStillImageAsVideo, ["path": .text(path)]), path: command.path)
    }

    /// `aware clip.mp4`, where the command takes `--video`.
    static let videoAsImage = OptionRule { command in
        guard command.declares("video"), let path = command.argument("image"), BatchInputs.hasVideoExtension(path) else { return nil }
        return UsageError(Message(.usageVideoAsImage, ["path": .text(path)]), path: command.path)
    }

    /// The image argument, or `--video` as the command line (not the settings file) gives it.
    private static func given(_ name: String, in command: ParsedCommand) -> String? {
        name == "image" ? command.argument("image") : (Condition.given(name).holds(command) ? command.text(of: name) : nil)
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
