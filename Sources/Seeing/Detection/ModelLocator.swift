// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds the detector weights. They are fetched by `make setup` into `Models/`, never
/// committed, so the binary looks where that step puts them.
public enum ModelLocator {
    public static let fileName = "yolox_nano.onnx"

    /// The explicit path if given; else `$SENSECAM_MODEL`; else `Models/` in the source tree
    /// the binary was built in (`.build/<config>/sensecam` → `../../Models`), then
    /// `share/sensecam/models/` beside an installed binary (`/usr/bin/sensecam` →
    /// `/usr/share/sensecam/models`), then `Models/` in the working directory.
    public static func locate(explicit: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: String = runningExecutable) throws(ModelError) -> String {
        if let explicit { return try existing(explicit) }
        if let fromEnvironment = environment["SENSECAM_MODEL"], !fromEnvironment.isEmpty {
            return try existing(fromEnvironment)
        }
        let candidates = defaultCandidates(executable: executable)
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
            return candidate
        }
        throw .missing(searched: candidates)
    }

    /// This process's binary. Not `argv[0]`: run from `$PATH` it is a bare `sensecam`, which
    /// would be looked for in the working directory.
    public static var runningExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
    }

    static func defaultCandidates(executable: String) -> [String] {
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            binary.appendingPathComponent("../../../Models/\(fileName)").standardized.path,  // .build/<triple>/<config>/
            binary.appendingPathComponent("../../Models/\(fileName)").standardized.path,     // .build/<config>/
            binary.appendingPathComponent("../share/sensecam/models/\(fileName)").standardized.path,
            URL(fileURLWithPath: "Models/\(fileName)").standardized.path,
        ]
        var seen = Set<String>()
        return candidates.filter { seen.insert($0).inserted }
    }

    private static func existing(_ path: String) throws(ModelError) -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(searched: [path]) }
        return path
    }
}
