// SPDX-License-Identifier: GPL-3.0-or-later
// `make bench-products`: the products database against the limits. Writes exports of
// 100,000 generated rows in Open Food Facts' real layouts (tab-separated plain and gzip, JSON
// Lines gzip), imports each with the release `sensecam products import` in a child process
// (wall time, and its peak resident memory, its own VmHWM), then times 1,000 lookups of
// random codes in this process and whole `sensecam products lookup` runs.
//
//   swift run -c release sensecam-products-bench [--rows 100000] [--lookups 1000] [--command-lookups 100]
import CameraTestSupport
import Foundation
import Glibc
import Options
import Perception

/// The products benchmark's options.
struct ProductsBenchOptions: OptionGroup {
    var rows = 100_000
    var lookups = 1_000
    /// Each run starts a process (the binary links OpenCV and Tesseract), so fewer than in-process.
    var commandLookups = 100

    init() {}

    static let options: [GroupOption<Self>] = [
        .wholeNumber(\.rows, "rows", value: "n", help: Message(.benchToolRows), in: 1...100_000_000),
        .wholeNumber(\.lookups, "lookups", value: "n", help: Message(.benchToolLookups), in: 1...10_000_000),
        .wholeNumber(\.commandLookups, "command-lookups", value: "n", help: Message(.benchToolCommandLookups), in: 1...100_000),
    ]
}

let options = CommandSpec(name: "sensecam-products-bench", abstract: Message(.benchToolProducts), options: ProductsBenchOptions.specs)
    .parseOrExit { command throws(UsageError) in try ProductsBenchOptions(command) }

/// The acceptance limits.
enum Limits {
    static let importSeconds = 30.0
    static let importMiB = 100.0
    static let lookupMilliseconds = 5.0
}

let rows = options.rows
let lookups = options.lookups
let commandLookups = options.commandLookups
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let sensecam = root.appendingPathComponent(".build/release/sensecam").path
guard FileManager.default.isExecutableFile(atPath: sensecam) else {
    FileHandle.standardError.write(Data("Build the release binary first with 'make build'.\n".utf8))
    exit(1)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensecam-bench-products-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// The child's own high-water resident memory (VmHWM), MiB; nil once it has exited.
///
/// Not wait4's ru_maxrss: a child started by posix_spawn shares this process's memory until it
/// execs, and the kernel carries that memory's high-water mark into the child's ru_maxrss, so
/// a 25 MiB import was reported as this benchmark's own 93 MiB.
func highWaterMiB(_ pid: pid_t) -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
    return kilobytes / 1024
}

/// Runs a program to its end with output discarded: wall seconds, exit status, peak resident MiB
/// (its VmHWM, read every 10 ms until it exits: the mark only rises, so the last reading is
/// the peak but for the last 10 ms).
func runChild(_ arguments: [String]) -> (seconds: Double, status: Int32, peakMiB: Double) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let started = MonotonicClock.now().seconds
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return (0, -1, 0) }
    var status: Int32 = 0
    var peak = 0.0
    while waitpid(pid, &status, WNOHANG) == 0 {
        if let mark = highWaterMiB(pid) { peak = max(peak, mark) }
        usleep(10_000)
    }
    return (MonotonicClock.now().seconds - started, status, peak)
}

func verdict(_ ok: Bool) -> String { ok ? "within" : "OVER" }

print("Products database benchmark: \(rows) generated rows, release binary.")
let tsv = folder.appendingPathComponent("en.openfoodfacts.org.products.csv").path
let jsonl = folder.appendingPathComponent("openfoodfacts-products.jsonl").path
// One malformed row in a thousand, as real exports have a few.
try OpenFoodFactsFixture.write(.tabSeparated, to: tsv, generated: rows, malformedEvery: 1_000, includeNamed: false)
try OpenFoodFactsFixture.write(.jsonLines, to: jsonl, generated: rows, malformedEvery: 1_000, includeNamed: false)
let exports = [tsv, try OpenFoodFactsFixture.gzip(tsv), try OpenFoodFactsFixture.gzip(jsonl)]

var database = ""
for export in exports {
    let size = Double((try FileManager.default.attributesOfItem(atPath: export)[.size] as? NSNumber)?.intValue ?? 0) / 1_048_576
    database = folder.appendingPathComponent("products-\(URL(fileURLWithPath: export).lastPathComponent).sqlite").path
    let run = runChild([sensecam, "products", "import", export, "--products-db", database, "--progress", "none"])
    let count = try ProductDatabase(path: database).productCount()
    print(String(format: "import %@ (%.1f MB): %.2f s (limit %.0f s, %@), peak memory %.1f MiB (limit %.0f, %@), %d products, exit %d",
                 URL(fileURLWithPath: export).lastPathComponent, size, run.seconds, Limits.importSeconds,
                 verdict(run.seconds <= Limits.importSeconds), run.peakMiB, Limits.importMiB,
                 verdict(run.peakMiB <= Limits.importMiB), count, run.status))
}

// Nine in ten codes are in the database; the rest are valid EAN-13s that are not.
var generator = SystemRandomNumberGenerator()
let codes = (0..<lookups).map { _ in
    OpenFoodFactsFixture.ean13(Int.random(in: 0..<rows, using: &generator) + (Int.random(in: 0..<10, using: &generator) == 0 ? 500_000_000_000 : 200_000_000_000))
}
let products = try ProductDatabase(path: database)
var times: [Double] = []
var found = 0
for code in codes {
    let start = MonotonicClock.now().seconds
    let product = try products.lookup(code)
    times.append((MonotonicClock.now().seconds - start) * 1000)
    if product != nil { found += 1 }
}
// The first lookup after opening reads the B-tree's pages from the file; the rest find most
// of them in SQLite's cache. Both are what a scan session sees (one opening, many codes).
let first = times[0]
let slowest = times.enumerated().max { $0.element < $1.element }!
times.sort()
let mean = times.reduce(0, +) / Double(times.count)
print(String(format: "lookup in process, %d random codes (%d found): mean %.3f ms, median %.3f ms, 99th percentile %.3f ms, max %.3f ms (lookup number %d; limit %.0f ms, %@); the first after opening %.3f ms",
             lookups, found, mean, times[times.count / 2], times[times.count * 99 / 100], slowest.element, slowest.offset + 1,
             Limits.lookupMilliseconds, verdict(slowest.element <= Limits.lookupMilliseconds), first))

var commandTimes: [Double] = []
for code in codes.prefix(commandLookups) {
    commandTimes.append(runChild([sensecam, "products", "lookup", code, "--products-db", database]).seconds * 1000)
}
// The start-up alone, for what the command's time is made of.
let startup = runChild([sensecam, "--version"])
commandTimes.sort()
print(String(format: "whole 'sensecam products lookup' command, %d runs: mean %.1f ms, max %.1f ms; 'sensecam --version' alone %.1f ms and %.1f MiB (the libraries the binary loads at start)",
             commandLookups, commandTimes.reduce(0, +) / Double(commandTimes.count), commandTimes.last!,
             startup.seconds * 1000, startup.peakMiB))
