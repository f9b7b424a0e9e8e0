// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The PP-OCRv6 model pair scene text runs with: `small` reads more, `tiny` is faster (the
/// docs/performance.md has the measured trade-off). Both share the orientation classifier.
public enum SceneTextModel: String, Sendable, CaseIterable {
    case small, tiny

    /// The files `make setup` puts under `Models/ppocr/` (see Models/manifest.tsv); the
    /// networks are the ones prepared for OpenCV 4.6.
    public var detectorFile: String { "ppocrv6_\(rawValue)_det.opencv.onnx" }
    public var recognizerFile: String { "ppocrv6_\(rawValue)_rec.opencv.onnx" }
    public var dictionaryFile: String { self == .small ? "ppocrv6_dict.txt" : "ppocrv6_tiny_dict.txt" }
    public static let orientationFile = "ppocr_textline_cls.opencv.onnx"

    /// The reference pipeline's box threshold for each model (the models card).
    var minimumBoxScore: Float { self == .small ? 0.45 : 0.4 }
}

/// Where the scene-text files are: `$SENSECAM_SCENE_MODELS` when set; else `ppocr/` beside the
/// detector model `$SENSECAM_MODEL` names, then wherever `ModelLocator` would look for it.
public enum SceneTextFiles {
    public static let folderName = "ppocr"

    public static func locate(_ file: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: String = ModelLocator.runningExecutable) throws(SceneTextError) -> String {
        var folders: [String] = []
        if let folder = environment["SENSECAM_SCENE_MODELS"], !folder.isEmpty {
            folders = [folder]
        } else {
            var detectors = ModelLocator.defaultCandidates(executable: executable)
            if let model = environment["SENSECAM_MODEL"], !model.isEmpty { detectors.insert(model, at: 0) }
            folders = detectors.map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent(folderName).path
            }
        }
        for folder in folders {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(file).path
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw .missing(file: file)
    }
}
