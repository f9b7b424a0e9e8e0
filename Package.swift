// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackageDescription

/// Asks pkg-config for OpenCV's compile flags. Only the flags: pkg-config's link line names
/// all ~60 OpenCV modules (with Qt, VTK and HDF5 behind them: 380 shared libraries and 0.3 s
/// to load at every start), so the modules the shim uses are linked by name below.
func pkgConfigCFlags(_ package: String) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags", package]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return [] }
    process.waitUntilExit()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return output.split(whereSeparator: \.isWhitespace).map(String.init)
}

let openCVModules = ["opencv_core", "opencv_imgproc", "opencv_imgcodecs", "opencv_dnn", "opencv_videoio", "opencv_features2d", "opencv_flann", "opencv_calib3d"]

/// The library's targets, last first. A target that imports Perception (which re-exports the
/// others) lists them all: SwiftPM rebuilds a target when a module it lists changes, not one it
/// reaches through another's re-export (a message added in Words once left the options' compiled
/// message ids pointing one case off).
let library: [Target.Dependency] = ["Perception", "Rendering", "Stages", "Narration", "Seeing", "Capture", "Frames", "Words"]

let package = Package(
    name: "sensecam",
    products: [
        .executable(name: "sensecam", targets: ["sensecam"]),
        .library(name: "Perception", targets: ["Perception"]),
    ],
    targets: [
        // The C++ shim, Perception's only door to OpenCV 4.6, Tesseract 5.3 (and libexttextcat, for a page's language), TurboJPEG, FFmpeg's log, libv4l2, the
        // sound and braille libraries (libespeak-ng, pcaudiolib, BrlAPI, liblouis; speech-dispatcher through its own SSIP client),
        // ZXing-C++, SQLite and zlib (the products database and its gzip imports), libseccomp (the
        // sandbox a run puts itself in, with Landlock), and home of the detector's fast DNN layers:
        // small C headers by concern in include/ (CVision.h the umbrella).
        .target(
            name: "CVision",
            // Sources sit in folders by concern; the private headers are included from the
            // target's root ("support/ShimSupport.hpp", "dnn/FastLayers.hpp").
            cxxSettings: [
                .headerSearchPath("."),
                .unsafeFlags(["-O2"] + pkgConfigCFlags("opencv4") + pkgConfigCFlags("zxing")),
            ],
            linkerSettings: openCVModules.map { .linkedLibrary($0) }
                + ["tesseract", "lept", "exttextcat-2.0", "turbojpeg", "avutil", "v4l2", "espeak-ng", "pcaudio", "brlapi", "louis", "ZXing", "sqlite3", "z", "seccomp"]
                    .map { .linkedLibrary($0) }
        ),
        // The wording catalogs, one PO file per language, compiled in (Catalogs.c #embeds them),
        // and the languages' CLDR plural rules from ICU (PluralRules.c).
        .target(name: "Catalogs", exclude: ["en.po", "de.po", "fr.po", "es.po", "sensecam.pot"], cSettings: [.unsafeFlags(["-std=c23"])],
                linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // The Swift library, in the order data flows; each target depends only on earlier ones,
        // so the compiler refuses a reference against the flow (PackageGraphTests keeps the order).
        // The words every layer reports in: message ids, the catalogs, plurals, numbers, lists.
        .target(name: "Words", dependencies: ["Catalogs"]),
        // Frames and the plain values that travel with them: images, files and folders, boxes,
        // points, timestamps and clocks, a frame's steps and their timings.
        .target(name: "Frames", dependencies: ["Words", "CVision"]),
        // Where frames come from and the walls they never leave: the V4L2 camera, the sandbox.
        .target(name: "Capture", dependencies: ["Frames", "Words", "CVision"]),
        // The engines that see: detection and tracking, pages and scene text, codes and
        // products, light and colour, taught things.
        .target(name: "Seeing", dependencies: ["Frames", "Words", "CVision"]),
        // What is worth saying and how: tracks to hedged sentences, places, pictures' remarks.
        .target(name: "Narration", dependencies: ["Seeing", "Frames", "Words"]),
        // Stages that turn frames into narration events, the stream engine and batch runner
        // that drive them, and every JSON record they write.
        .target(name: "Stages", dependencies: ["Narration", "Seeing", "Capture", "Frames", "Words", "CVision"]),
        // Narration events to the senses: speech, braille, text, JSON Lines, captions, review.
        .target(name: "Rendering", dependencies: ["Narration", "Seeing", "Frames", "Words", "CVision"]),
        // Sessions and their modes, keys and output assembly; `import Perception` brings the whole library.
        .target(name: "Perception", dependencies: ["Rendering", "Stages", "Narration", "Seeing", "Capture", "Frames", "Words", "CVision"]),
        // `make catalog`: the message ids (MessageID.swift) and the translators' template
        // (sensecam.pot) written from en.po, so a message is written once; Foundation only.
        // A build-time tool, not part of the product.
        .executableTarget(name: "sensecam-catalog", path: "tools/catalog"),
        // The command line as typed values: the parser, option groups with every option's name,
        // default, range, check and help written once, the rules between options, the settings
        // file. The tool, the fuzz target and the benches read their options through it.
        .target(name: "Options", dependencies: library),
        // Every mode as one unit, a folder each: its stage's assembly, its keys and its command
        // (name, help, options, rules); the one list of modes the tool's table and `m` read.
        .target(name: "Modes", dependencies: library + ["Options"]),
        .executableTarget(name: "sensecam", dependencies: library + ["Modes", "Options"]),
        // Shim functions only tests call (the fast layers checked against OpenCV's, a network's
        // tensors, image encoders for the injected camera), in a target of their own so the
        // product never contains them. They need CVision's private headers, from its root.
        .target(
            name: "CVisionTestHooks",
            dependencies: ["CVision"],
            path: "Tests/CVisionTestHooks",
            cxxSettings: [
                .headerSearchPath("../../Sources/CVision"),
                .unsafeFlags(["-O2"] + pkgConfigCFlags("opencv4")),
            ]
        ),
        // A scripted camera behind the V4L2 system-call seam, shared by the tests and the live
        // benchmark; also the Swift side of the test hooks.
        .target(
            name: "CameraTestSupport",
            dependencies: library + ["CVision", "CVisionTestHooks"],
            path: "Tests/CameraTestSupport"
        ),
        // `make bench-live`: a live session on the injected camera, timed and measured.
        .executableTarget(name: "sensecam-live-bench", dependencies: library + ["Options", "Modes", "CameraTestSupport"], path: "bench/live"),
        // `make soak`: aware on the injected camera with speech for an hour, memory, descriptors and threads sampled.
        .executableTarget(name: "sensecam-soak", dependencies: library + ["Options", "Modes", "CameraTestSupport"], path: "bench/soak"),
        // `make bench-products`: imports of 100,000 generated Open Food Facts rows and lookups, timed and measured.
        .executableTarget(name: "sensecam-products-bench", dependencies: library + ["Options", "CameraTestSupport"], path: "bench/products"),
        // The sandbox test's child: applies the sandbox a run applies, then tries to escape it.
        .executableTarget(name: "sensecam-sandbox-probe", dependencies: library + ["CVisionTestHooks"], path: "Tests/SandboxProbe"),
        // `make fuzz`: every entry point that takes outside bytes as a libFuzzer target, and one
        // runner that fuzzes them (built with --sanitize fuzzer) or else writes seeds and replays inputs.
        .target(name: "FuzzTargets", dependencies: library + ["Options", "CameraTestSupport"], path: "fuzz/Targets"),
        .executableTarget(name: "sensecam-fuzz", dependencies: ["FuzzTargets"], path: "fuzz/Runner"),
        // How well the product sees and reads, against ground truth: detection mAP, character
        // error rate, scene-text word bags and the readers of the shared data's truth files.
        // Measuring, not narrating, so the product does not carry it.
        .target(name: "Evaluation", dependencies: library, path: "Tests/Evaluation"),
        // Fixtures/: reference outputs the tests read by path from the package root.
        .testTarget(name: "PerceptionTests", dependencies: library + ["CameraTestSupport", "CVisionTestHooks", "FuzzTargets", "Evaluation", "sensecam-catalog", "Modes"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "OptionsTests", dependencies: library + ["Options"]),
        .testTarget(name: "sensecamTests", dependencies: library + ["sensecam", "Modes", "Options", "CameraTestSupport", "sensecam-sandbox-probe"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
