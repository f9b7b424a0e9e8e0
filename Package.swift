// swift-tools-version:6.0
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

let openCVModules = ["opencv_core", "opencv_imgproc", "opencv_imgcodecs", "opencv_dnn", "opencv_videoio"]

let package = Package(
    name: "sensecam",
    products: [
        .executable(name: "sensecam", targets: ["sensecam"]),
        .library(name: "Perception", targets: ["Perception"]),
    ],
    targets: [
        // The C++ shim: a small C header over OpenCV 4.6, Tesseract 5.3 and TurboJPEG.
        .target(
            name: "CVision",
            cxxSettings: [.unsafeFlags(["-O2"] + pkgConfigCFlags("opencv4"))],
            linkerSettings: openCVModules.map { .linkedLibrary($0) }
                + [.linkedLibrary("tesseract"), .linkedLibrary("lept"), .linkedLibrary("turbojpeg")]
        ),
        .target(name: "Perception", dependencies: ["CVision"]),
        .executableTarget(name: "sensecam", dependencies: ["Perception"]),
        .testTarget(name: "PerceptionTests", dependencies: ["Perception"]),
        .testTarget(name: "sensecamTests", dependencies: ["sensecam", "Perception"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
