// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import FuzzTargets

// One executable for every fuzz target. Built by `make fuzz` with libFuzzer
// (-DSENSECAM_LIBFUZZER: libFuzzer brings its own main, which calls the entry point below with
// the target named by SENSECAM_FUZZ_TARGET); built normally it writes the seed corpus and
// replays inputs, so a crash libFuzzer found can be rerun under a debugger.

/// The target this process fuzzes, chosen once.
let fuzzTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["SENSECAM_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("Set SENSECAM_FUZZ_TARGET to one of \(names).\n".utf8))
        exit(64)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    fuzzTarget.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if !SENSECAM_LIBFUZZER
@main
struct FuzzRunner {
    static let usage = "Usage: sensecam-fuzz seeds FOLDER | sensecam-fuzz replay TARGET FILE..."

    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case "seeds" where arguments.count == 2:
            // FOLDER/<target>/<seed>, one folder per target.
            for target in FuzzTarget.allCases {
                let folder = URL(fileURLWithPath: arguments[1]).appendingPathComponent(target.rawValue)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for seed in try target.seeds() { try Data(seed.bytes).write(to: folder.appendingPathComponent(seed.name)) }
            }
        case "replay" where arguments.count >= 3:
            guard let target = FuzzTarget(rawValue: arguments[1]) else {
                print("Error: there is no fuzz target '\(arguments[1])'; the targets are \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")).")
                exit(64)
            }
            for path in arguments.dropFirst(2) {
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    print("Cannot read \(path); check that it exists.")
                    exit(1)
                }
                let accepted = bytes.withUnsafeBytes { target.run($0) }
                print("\(path): \(accepted ? "accepted" : "refused")")
            }
        default:
            print(usage)
            exit(64)
        }
    }
}
#endif
