import Foundation
import Perception

/// `batch PATH... --mode aware|read`: every image, one JSON line each, workers in parallel.
enum BatchCommand {
    static let spec = CommandSpec(
        name: "batch",
        abstract: "Describe or read every image in folders, writing one JSON line per image.",
        discussion: "Folders are searched recursively for .jpg, .jpeg, .png, .tif, .tiff, .bmp, .webp, .pgm and .ppm files; other files are skipped and counted. An image that cannot be read gets a record with an \"error\" sentence and the batch goes on. Exit status is 1 if any image failed.",
        arguments: [ArgumentSpec(name: "path", help: "Folders or image files to process.", isRepeating: true)],
        options: [
            .option("mode", value: "mode", help: "What to do with each image.", allowed: ["aware", "read"], required: true),
            .option("out", value: "file", help: "Write the JSON lines to this file instead of standard output."),
            .option("jobs", short: "j", value: "n",
                    help: "Images processed at once, each worker with its own engine. (default: the number of cores)"),
        ] + CommonOptions.detectionOptions + CommonOptions.readingOptions + OutputOptions.batch)

    static func run(_ command: ParsedCommand, console: Console) throws -> Int32 {
        let jobs = try command.int("jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let isAware = command.value("mode") == "aware"
        let makeAnalyzer = isAware ? try CommonOptions.awareAnalyzer(command) : try CommonOptions.readAnalyzer(command)

        let paths = command.arguments("path")
        let inputs: ImageInputs
        do { inputs = try ImageFolder.collect(paths) } catch { throw RuntimeFailure(error) }
        guard !inputs.images.isEmpty else {
            let skipped = inputs.skipped > 0 ? " (\(inputs.skipped) other files skipped)" : ""
            throw RuntimeFailure("No images found in \(paths.joined(separator: ", "))\(skipped); batch reads .jpg, .jpeg, .png, .tif, .tiff, .bmp, .webp, .pgm and .ppm files.")
        }

        let output = try openOutput(command.value("out"))
        // Records go to the output; the closing sentence to the person (spoken with --profile blind).
        let router = OutputAssembly.router(try OutputOptions.plan(command), speech: try OutputOptions.speechSettings(command),
                                           console: console)
        defer { router.finish() }
        // Workers run side by side; OpenCV (the network, decoding, colour conversion) gets each
        // worker's share of the cores, not all of them: its idle threads spin and would steal
        // time from the other workers (measured: reading 12 pages with 2 workers took 5 % longer).
        OpenCVThreads.limit(to: ProcessInfo.processInfo.activeProcessorCount / min(jobs, inputs.images.count))
        let runner = try BatchRunner(inputs: inputs, jobs: jobs, makeAnalyzer: makeAnalyzer)
        let summary = runner.run { line in output.print(line) }
        var sentence = summary.sentence
        if summary.failed > 0 {
            sentence += summary.failed == 1 ? " The error field of its record says why." : " The error fields of their records say why."
        }
        router.report(sentence)
        return summary.failed > 0 ? 1 : 0
    }

    /// Standard output, or a file created (or emptied) before any work starts, so an
    /// unwritable path fails at once rather than after an hour of work.
    private static func openOutput(_ path: String?) throws -> Console {
        guard let path else { return Console() }
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw RuntimeFailure("Cannot write \(path); check that its folder exists and is writable.")
        }
        return Console(output: handle)
    }
}
