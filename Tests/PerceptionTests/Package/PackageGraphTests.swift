// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The library's walls: its targets in the order data flows, each depending only on earlier
/// ones, read from the package graph itself (`swift package dump-package`) and from every
/// source file's imports, so a reference against the flow fails here as well as in the compiler.
@Suite struct PackageGraphTests {
    /// The Swift targets of the product in the order data flows: the words every layer reports
    /// in; frames and their values; capture; the seeing engines; narration; stages and records;
    /// the renderers; sessions; the command line's options; the modes, each with its command; the tool.
    static let flow = ["Words", "Frames", "Capture", "Seeing", "Narration", "Stages", "Rendering", "Perception", "Options", "Modes", "sensecam"]
    /// The C targets, below every Swift one.
    static let shim = ["CVision", "Catalogs"]

    /// Each product target's dependencies on other targets, from the manifest as SwiftPM reads it.
    static func graph() throws -> [String: [String]] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("package-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch folder of its own: the test run holds the lock on the package's .build.
        process.arguments = ["swift", "package", "--package-path", TestResources.packageRoot.path,
                             "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package dump-package failed")
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var graph: [String: [String]] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            let dependencies = target["dependencies"] as? [[String: Any]] ?? []
            // Each dependency is {"byName"|"target"|"product": [name, condition]}.
            graph[name] = dependencies.compactMap { $0.values.first as? [Any] }.compactMap { $0.first as? String }
        }
        return graph
    }

    /// Every dependency of a flow target on a later one, or on a target outside the flow and the shim.
    static func againstTheFlow(_ graph: [String: [String]]) -> [String] {
        var found: [String] = []
        for (target, dependencies) in graph {
            guard let place = flow.firstIndex(of: target) else { continue }
            for dependency in dependencies where !shim.contains(dependency) {
                guard let other = flow.firstIndex(of: dependency) else {
                    found.append("\(target) depends on \(dependency), which is not in the flow"); continue
                }
                if other >= place { found.append("\(target) depends on \(dependency), which comes after it") }
            }
        }
        return found.sorted()
    }

    @Test func everyTargetDependsOnlyOnEarlierOnes() throws {
        let graph = try Self.graph()
        for target in Self.flow + Self.shim {
            #expect(graph[target] != nil, "Package.swift has no target \(target)")
        }
        #expect(Self.againstTheFlow(graph) == [])
    }

    @Test func aDependencyAgainstTheFlowIsFound() throws {
        var graph = try Self.graph()
        graph["Seeing", default: []].append("Stages")
        graph["Words", default: []].append("Evaluation")
        #expect(Self.againstTheFlow(graph) == ["Seeing depends on Stages, which comes after it",
                                                "Words depends on Evaluation, which is not in the flow"])
    }

    /// Every folder of Sources/ is a target with its place in the flow (or the shim's).
    @Test func everySourceFolderHasItsPlace() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: TestResources.packageRoot.appendingPathComponent("Sources").path)
        #expect(Set(folders) == Set(Self.flow + Self.shim))
    }

    /// SwiftPM lets a file import any module already built, declared or not; a source file
    /// importing a later target would build or fail by chance. Each imports only earlier ones.
    @Test func everyImportIsOfAnEarlierTarget() throws {
        for (index, target) in Self.flow.enumerated() {
            for (path, text) in try ArchitectureTests.swiftFiles("Sources/\(target)") {
                for line in text.split(separator: "\n") where line.contains("import ") {
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), at + 1 < words.count else { continue }
                    let module = String(words[at + 1])
                    guard let other = Self.flow.firstIndex(of: module) else { continue }
                    #expect(other < index, "\(path) imports \(module), which comes after \(target) or is it")
                }
            }
        }
    }

    /// Tests/PerceptionTests mirrors the sources: a folder per target, beside Package/ (checks of
    /// the package as a whole), Evaluation/ (the measuring code's), Support/ and Fixtures/ (what
    /// the tests share); a test named after a source file sits in that file's target's folder.
    @Test func theTestsMirrorTheSources() throws {
        let fileManager = FileManager.default
        let tests = TestResources.packageRoot.appendingPathComponent("Tests/PerceptionTests")
        let shared: Set<String> = ["Package", "Evaluation", "Support", "Fixtures"]
        var sourceTarget: [String: String] = [:]
        for target in Self.flow {
            for (path, _) in try ArchitectureTests.swiftFiles("Sources/\(target)") {
                sourceTarget[URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent] = target
            }
        }
        var placed = 0
        for entry in try fileManager.contentsOfDirectory(atPath: tests.path) {
            #expect(!entry.hasSuffix(".swift"), "\(entry) sits at the top of PerceptionTests, in no target's folder")
            guard !entry.hasSuffix(".swift") else { continue }
            #expect(Self.flow.contains(entry) || shared.contains(entry), "PerceptionTests/\(entry) is no target's folder")
            for file in try fileManager.contentsOfDirectory(atPath: tests.appendingPathComponent(entry).path) where file.hasSuffix("Tests.swift") {
                let subject = String(file.dropLast("Tests.swift".count))
                if let target = sourceTarget[subject] {
                    placed += 1
                    #expect(entry == target, "\(file) tests \(subject).swift, of \(target): it belongs in PerceptionTests/\(target)")
                }
            }
        }
        #expect(placed >= 40, "only \(placed) tests are named after a source file")
    }
}
