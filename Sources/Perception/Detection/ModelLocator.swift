import Foundation

/// Finds the detector weights. They are fetched by `make setup` into `Models/`, never
/// committed, so the binary looks where that step puts them.
public enum ModelLocator {
    public static let fileName = "yolox_nano.onnx"

    /// The explicit path if given; else `$SENSECAM_MODEL`; else `Models/` in the source tree
    /// the binary was built in (`.build/<config>/sensecam` → `../../Models`), then
    /// `share/sensecam/` beside an installed binary, then `Models/` in the working directory.
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

    /// The running binary's own path. `argv[0]` is only the name typed when the binary was
    /// found through `PATH` (as under Slurm or from a package), which would make the folders
    /// beside it relative to the working directory instead.
    public static var runningExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
    }

    static func defaultCandidates(executable: String) -> [String] {
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            binary.appendingPathComponent("../../../Models/\(fileName)").standardized.path,  // .build/<triple>/<config>/
            binary.appendingPathComponent("../../Models/\(fileName)").standardized.path,     // .build/<config>/
            binary.appendingPathComponent("../share/sensecam/\(fileName)").standardized.path,
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
