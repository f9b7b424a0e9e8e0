// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sensecam",
    products: [
        .executable(name: "sensecam", targets: ["sensecam"]),
        .library(name: "Perception", targets: ["Perception"]),
    ],
    targets: [
        // Carries OpenCV 4.6's compile and link flags from pkg-config to the shim; no Swift sees it.
        .systemLibrary(
            name: "COpenCV",
            pkgConfig: "opencv4",
            providers: [.apt(["libopencv-dev"])]
        ),
        // The C++ shim: a small C header over OpenCV and Tesseract.
        .target(
            name: "CVision",
            dependencies: ["COpenCV"],
            cxxSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("tesseract"), .linkedLibrary("lept")]
        ),
        .target(name: "Perception", dependencies: ["CVision"]),
        .executableTarget(name: "sensecam", dependencies: ["Perception"]),
        .testTarget(name: "PerceptionTests", dependencies: ["Perception"]),
        .testTarget(name: "sensecamTests", dependencies: ["sensecam", "Perception"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
