// SPDX-License-Identifier: GPL-3.0-or-later
import Perception
import Testing

@testable import Options

/// A small table shaped like sensecam's own, so the tests read like real command lines.
/// Its words are the tool's own messages, so the help tests read real English.
private let sample = CommandSpec(
    name: "sensecam",
    abstract: Message(.helpSensecam),
    discussion: Message(.helpDevicesDiscussion),
    subcommands: [
        CommandSpec(
            name: "aware", abstract: Message(.helpAware),
            arguments: [ArgumentSpec(name: "image", help: Message(.helpMeasureImage))],
            options: [
                .flag("json", help: Message(.helpJSON)),
                .option("min-confidence", help: Message(.helpMinConfidence), default: "0.25"),
            ]),
        CommandSpec(
            name: "read", abstract: Message(.helpRead),
            arguments: [ArgumentSpec(name: "image", help: Message(.helpReadImage))],
            options: [
                .flag("json", help: Message(.helpJSON)),
                .option("language", value: "code", help: Message(.helpLanguage), default: "eng"),
            ]),
        CommandSpec(
            name: "batch", abstract: Message(.helpBatch),
            arguments: [ArgumentSpec(name: "path", help: Message(.helpBatchPath), isRepeating: true)],
            options: [
                .option("mode", value: "mode", help: Message(.helpBatchMode), allowed: ["aware", "read"], required: true),
                .option("out", value: "file", help: Message(.helpBatchOut)),
                .option("jobs", short: "j", value: "n", help: Message(.helpCheckCameraFrames), default: "1"),
                .flag("quiet", short: "q", help: Message(.helpBenchRealtime)),
            ]),
    ])

private struct NotRun: Error, CustomStringConvertible {
    var description: String
}

/// Parses `argv` and insists the outcome is a command to run.
private func parsed(_ argv: [String], root: CommandSpec = sample) throws -> ParsedCommand {
    let outcome = try parse(argv, root: root)
    guard case .run(let command) = outcome else {
        throw NotRun(description: "Expected \(argv) to run a command; got \(outcome).")
    }
    return command
}

// MARK: - Parsing

@Test(arguments: [
    (["aware", "a.jpg"], "min-confidence", nil),  // default
    (["aware", "a.jpg", "--min-confidence", "0.5"], "min-confidence", "0.5"),
    (["aware", "a.jpg", "--min-confidence=0.5"], "min-confidence", "0.5"),
    (["aware", "--min-confidence", "-0.5", "a.jpg"], "min-confidence", "-0.5"),  // negative value
    (["aware", "a.jpg", "--min-confidence=-0.5"], "min-confidence", "-0.5"),
    (["aware", "a.jpg", "--min-confidence", "0.1", "--min-confidence", "0.9"], "min-confidence", "0.9"),
    (["read", "a.jpg"], "language", nil),  // a default is the typed option's to give, not the parser's
    (["read", "--language", "deu", "a.jpg"], "language", "deu"),
    (["batch", "p", "--mode", "read", "-j", "4"], "jobs", "4"),
    (["batch", "p", "--mode", "read", "-j4"], "jobs", "4"),
    (["batch", "p", "--mode", "read", "-j=4"], "jobs", "4"),
    (["batch", "p", "--mode", "read", "-qj4"], "jobs", "4"),  // grouped flag, then attached value
    (["batch", "p", "--mode", "read"], "jobs", nil),
    (["batch", "p", "--mode=aware"], "mode", "aware"),
    (["batch", "p", "--mode", "read", "--out="], "out", ""),  // an explicit empty value is still a value
] as [([String], String, String?)])
func optionValue(argv: [String], option: String, expected: String?) throws {
    #expect(try parsed(argv).text(of: option) == expected)
}

@Test func optionWithoutValueOrDefaultIsNil() throws {
    #expect(try parsed(["batch", "p", "--mode", "read"]).text(of: "out") == nil)
}

@Test func repeatedOptionKeepsEveryValue() throws {
    let command = try parsed(["batch", "p", "--out", "a", "--mode", "read", "--out", "b"])
    #expect(command.values("out") == ["a", "b"])
    #expect(command.text(of: "out") == "b")
    #expect(command.values("jobs") == [])  // defaults are not occurrences
}

@Test(arguments: [
    (["aware", "a.jpg"], "json", false),
    (["aware", "a.jpg", "--json"], "json", true),
    (["aware", "--json", "a.jpg"], "json", true),
    (["batch", "p", "--mode", "read"], "quiet", false),
    (["batch", "p", "--mode", "read", "-q"], "quiet", true),
    (["batch", "p", "--mode", "read", "--quiet"], "quiet", true),
] as [([String], String, Bool)])
func flag(argv: [String], name: String, expected: Bool) throws {
    #expect(try parsed(argv).flag(name) == expected)
}

@Test(arguments: [
    (["aware", "a.jpg"], ["a.jpg"]),
    (["aware", "-3"], ["-3"]),  // a negative number is an argument, not an option
    (["aware", "-"], ["-"]),  // standard input
    (["aware", "--", "--json"], ["--json"]),  // `--` ends options
] as [([String], [String])])
func singleArgument(argv: [String], expected: [String]) throws {
    let command = try parsed(argv)
    #expect(command.arguments("image") == expected)
    #expect(command.argument("image") == expected.first)
    #expect(!command.flag("json"))
    #expect(command.path == ["sensecam", "aware"])
}

@Test(arguments: [
    (["batch", "a", "b", "c", "--mode", "read"], ["a", "b", "c"]),
    (["batch", "a", "--mode", "read", "b", "-j", "2", "c"], ["a", "b", "c"]),
    (["batch", "--mode", "read", "--", "-x", "--out", "batch"], ["-x", "--out", "batch"]),
] as [([String], [String])])
func repeatingArgument(argv: [String], expected: [String]) throws {
    let command = try parsed(argv)
    #expect(command.arguments("path") == expected)
    #expect(command.path == ["sensecam", "batch"])
    #expect(command.text(of: "out") == nil)
}

@Test func optionalArgumentMayBeLeftOut() throws {
    let root = CommandSpec(
        name: "tool", abstract: Message(.helpSensecam),
        arguments: [
            ArgumentSpec(name: "first", help: Message(.helpMeasureImage)),
            ArgumentSpec(name: "second", help: Message(.helpReadImage), isOptional: true),
        ])
    #expect(try parsed(["x"], root: root).arguments("second") == [])
    #expect(try parsed(["x", "y"], root: root).argument("second") == "y")
    #expect(usageLine(root: root, path: ["tool"]) == "tool <first> [<second>]")
}

@Test func repeatingArgumentLeavesOneValueForEachArgumentAfterIt() throws {
    let root = CommandSpec(
        name: "copy", abstract: Message(.helpMerge),
        arguments: [
            ArgumentSpec(name: "source", help: Message(.helpMergeFile), isRepeating: true),
            ArgumentSpec(name: "destination", help: Message(.helpMergeOut)),
        ])
    let command = try parsed(["a", "b", "dir"], root: root)
    #expect(command.arguments("source") == ["a", "b"])
    #expect(command.argument("destination") == "dir")
    #expect(throws: UsageError.missingArgument("<source>...", path: ["copy"])) {
        try parse(["dir"], root: root)
    }
}

// MARK: - Errors

@Test(arguments: [
    (["aware", "a.jpg", "--jsn"], "Unknown option '--jsn'; did you mean '--json'?", ["sensecam", "aware"]),
    (["aware", "a.jpg", "--jsno"], "Unknown option '--jsno'; did you mean '--json'?", ["sensecam", "aware"]),
    (["aware", "a.jpg", "--min"], "Unknown option '--min'; did you mean '--min-confidence'?", ["sensecam", "aware"]),
    (["aware", "a.jpg", "--colour"], "Unknown option '--colour'.", ["sensecam", "aware"]),
    (["aware", "a.jpg", "-x"], "Unknown option '-x'.", ["sensecam", "aware"]),
    (["aware", "a.jpg", "--version"], "Unknown option '--version'.", ["sensecam", "aware"]),
    (["--verison"], "Unknown option '--verison'; did you mean '--version'?", ["sensecam"]),
    (["awre", "a.jpg"], "Unknown subcommand 'awre'; did you mean 'aware'?", ["sensecam"]),
    (["bat"], "Unknown subcommand 'bat'; did you mean 'batch'?", ["sensecam"]),
    (["photo.jpg"], "Unknown subcommand 'photo.jpg'.", ["sensecam"]),
    (["help", "raed"], "Unknown subcommand 'raed'; did you mean 'read'?", ["sensecam"]),
    (["help", "aware", "more"], "Unexpected argument 'more'.", ["sensecam", "aware"]),
    ([], "Missing subcommand.", ["sensecam"]),
    (["batch", "p", "--mode", "read", "--jobs"], "Option '--jobs' needs a value.", ["sensecam", "batch"]),
    (["batch", "p", "--mode", "read", "-j"], "Option '-j' needs a value.", ["sensecam", "batch"]),
    (["batch", "p", "--mode", "--jobs", "2"], "Option '--mode' needs a value.", ["sensecam", "batch"]),
    (["aware", "a.jpg", "--json=yes"], "Flag '--json' takes no value; got 'yes'.", ["sensecam", "aware"]),
    (["aware"], "Missing expected argument '<image>'.", ["sensecam", "aware"]),
    (["aware", "--json"], "Missing expected argument '<image>'.", ["sensecam", "aware"]),
    (["batch", "--mode", "read"], "Missing expected argument '<path>...'.", ["sensecam", "batch"]),
    (["batch", "p"], "Missing expected argument '--mode <mode>'.", ["sensecam", "batch"]),
    (["aware", "a.jpg", "b.jpg"], "Unexpected argument 'b.jpg'.", ["sensecam", "aware"]),
    (["batch", "p", "--mode", "write"], "'--mode' does not take 'write'; it takes aware, read.", ["sensecam", "batch"]),
    // A misspelt value gets the guess a misspelt option gets.
    (["batch", "p", "--mode=Read"], "'--mode' does not take 'Read'; did you mean 'read'?", ["sensecam", "batch"]),
    (["batch", "p", "--mode", "raed"], "'--mode' does not take 'raed'; did you mean 'read'?", ["sensecam", "batch"]),
    (["batch", "p", "--mode", "aw"], "'--mode' does not take 'aw'; did you mean 'aware'?", ["sensecam", "batch"]),
] as [([String], String, [String])])
func usageError(argv: [String], message: String, path: [String]) {
    #expect {
        try parse(argv, root: sample)
    } throws: { error in
        guard let error = error as? UsageError else { return false }
        return Wording.english(error.message) == message && error.path == path
    }
}

@Test func missingSubcommandCanBeRecognised() throws {
    do {
        _ = try parse([], root: sample)
        Issue.record("Expected an error.")
    } catch {
        #expect(error == .missingSubcommand(path: error.path))
        #expect(error != .missingSubcommand(path: ["sensecam", "aware"]))
    }
}

// MARK: - Help and version

@Test(arguments: [
    (["--help"], ["sensecam"]),
    (["-h"], ["sensecam"]),
    (["help"], ["sensecam"]),
    (["help", "batch"], ["sensecam", "batch"]),
    (["help", "batch", "--help"], ["sensecam", "batch"]),
    (["aware", "--help"], ["sensecam", "aware"]),
    (["aware", "-h", "a.jpg"], ["sensecam", "aware"]),
    (["--help", "aware"], ["sensecam", "aware"]),  // the deepest command reached
    (["batch", "-qh"], ["sensecam", "batch"]),  // inside a group of short flags
    (["aware", "--jsn", "--help"], ["sensecam", "aware"]),  // help wins over a mistake
    (["batch", "--jobs", "--help"], ["sensecam", "batch"]),  // not taken as the value of --jobs
    (["--version", "--help"], ["sensecam"]),
] as [([String], [String])])
func helpRequest(argv: [String], path: [String]) throws {
    #expect(try parse(argv, root: sample) == .help(path: path))
}

/// A mistyped subcommand beside `--help` is named, not answered with the tool's help: the
/// help asked for is the one the typo stands for.
@Test(arguments: [["redd", "--help"], ["--help", "awre"], ["help", "bat"]])
func helpForAMistypedSubcommandIsAUsageError(argv: [String]) throws {
    #expect(throws: UsageError.self) { try parse(argv, root: sample) }
    do { _ = try parse(argv, root: sample) } catch { #expect(error.namesUnknownSubcommand, "\(error)") }
}

@Test func helpAfterDoubleDashIsAnArgument() throws {
    #expect(try parsed(["aware", "--", "--help"]).argument("image") == "--help")
}

@Test func versionAtTheRoot() throws {
    #expect(try parse(["--version"], root: sample) == .version)
    // A subcommand's own `--version` flag is just a flag.
    var root = sample
    root.subcommands.append(
        CommandSpec(name: "model", abstract: Message(.helpModel), options: [.flag("version", help: Message(.helpModel))]))
    #expect(try parsed(["model", "--version"], root: root).flag("version"))
}

// MARK: - Did you mean

@Test(arguments: [
    ("json", "json", 0),
    ("jsn", "json", 1),
    ("jsno", "json", 1),  // adjacent swap counts once
    ("kitten", "sitting", 3),
    ("", "abc", 3),
    ("abc", "", 3),
] as [(String, String, Int)])
func distance(a: String, b: String, expected: Int) {
    #expect(editDistance(a, b) == expected)
    #expect(editDistance(b, a) == expected)
}

@Test(arguments: [
    ("jsn", ["json", "min-confidence", "help"], "json"),
    ("min", ["json", "min-confidence", "help"], "min-confidence"),  // unique prefix
    ("lang", ["language", "json"], "language"),
    ("x", ["jo", "help"], nil),  // replacing the whole name is no evidence
    ("colour", ["json", "min-confidence", "help"], nil),
    ("m", ["mode", "mood"], nil),  // prefix of more than one
    ("", ["json"], nil),
] as [(String, [String], String?)])
func suggestion(typed: String, candidates: [String], expected: String?) {
    #expect(closestMatch(to: typed, among: candidates) == expected)
}

// MARK: - Usage, help and error text

@Test(arguments: [
    (["sensecam"], "sensecam <subcommand>"),
    (["sensecam", "aware"], "sensecam aware <image> [--json] [--min-confidence <value>]"),
    (["sensecam", "read"], "sensecam read <image> [--json] [--language <code>]"),
    (["sensecam", "batch"], "sensecam batch <path>... --mode <mode> [--out <file>] [--jobs <n>] [--quiet]"),
    (["sensecam", "nope"], "sensecam <subcommand>"),
] as [([String], String)])
func usage(path: [String], expected: String) {
    #expect(usageLine(root: sample, path: path) == expected)
}

/// A usage error is one line: the sentence, then where the help is; never the usage line,
/// which read aloud buries the one sentence that matters.
@Test func errorReportIsOneLine() throws {
    let error = UsageError.unknownOption("--jsn", suggestion: "--json", path: ["sensecam", "aware"])
    #expect(errorReport(error, root: sample, wording: .english)
        == "Error: Unknown option '--jsn'; did you mean '--json'? See 'sensecam aware --help'.")
    #expect(errorReport(.missingSubcommand(path: ["sensecam"]), root: sample, wording: .english)
        == "Error: Missing subcommand. See 'sensecam --help'.")
}

@Test func subcommandHelpSnapshot() {
    #expect(helpText(root: sample, path: ["sensecam", "aware"], wording: .english) == """
        OVERVIEW: Narrate the objects the camera sees, or those in a video or an image,
        in hedged sentences.

        USAGE: sensecam aware <image> [--json] [--min-confidence <value>]

        ARGUMENTS:
          <image>                 The image to measure (JPEG, PNG, TIFF, BMP, WebP, PGM
                                  or PPM).

        OPTIONS:
          --json                  Print one JSON object instead of sentences.
          --min-confidence <value>
                                  Keep detections at or above this confidence, from 0 to
                                  1. Spoken captions use stricter bands. (default: 0.25)
          -h, --help              Show help information.
        """)
}

@Test func rootHelpSnapshot() {
    #expect(helpText(root: sample, path: ["sensecam"], wording: .english) == """
        OVERVIEW: Hear what a camera sees: hedged descriptions of objects, and text read
        aloud.

        Formats that only the conversion library provides are not listed. A camera that
        cannot be opened now is listed with the reason.

        USAGE: sensecam <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          aware                   Narrate the objects the camera sees, or those in a
                                  video or an image, in hedged sentences.
          read                    Read the page held up to the camera, or the text in a
                                  video or an image, aloud, a sentence at a time.
          batch                   Describe, read or scan every image and video in
                                  folders, writing one JSON line per image or video
                                  frame.

          See 'sensecam help <subcommand>' for detailed help.
        """)
}

@Test func batchHelpSnapshotWrapsUsageAndShowsValues() {
    #expect(helpText(root: sample, path: ["sensecam", "batch"], wording: .english) == """
        OVERVIEW: Describe, read or scan every image and video in folders, writing one
        JSON line per image or video frame.

        USAGE: sensecam batch <path>... --mode <mode> [--out <file>] [--jobs <n>]
                 [--quiet]

        ARGUMENTS:
          <path>...               Folders, images or videos to process.

        OPTIONS:
          --mode <mode>           What to do with each image or frame. (values: aware,
                                  read)
          --out <file>            Write the JSON lines to this file instead of standard
                                  output.
          -j, --jobs <n>          How many frames to capture. (default: 1)
          -q, --quiet             Keep to the video's own pace, dropping frames the
                                  pipeline is too slow for.
          -h, --help              Show help information.
        """)
}

@Test(arguments: [["sensecam"], ["sensecam", "aware"], ["sensecam", "read"], ["sensecam", "batch"]])
func helpIsPlainTextWithinEightyColumns(path: [String]) {
    let text = helpText(root: sample, path: path, wording: .english)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        #expect(line.count <= 80, "Too wide: \(line)")
        #expect(line.last != " ", "Trailing space: '\(line)'")
        #expect(line.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F })
    }
}

// MARK: - Default subcommand

@Test func defaultSubcommandRunsWhenNoneIsNamed() throws {
    var root = sample
    root.defaultSubcommand = "aware"
    let command = try parsed(["a.jpg", "--json"], root: root)
    #expect(command.path == ["sensecam", "aware"])
    #expect(command.argument("image") == "a.jpg")
    #expect(command.flag("json"))
    #expect(try parsed(["read", "a.jpg"], root: root).path == ["sensecam", "read"])
    #expect(throws: UsageError.missingArgument("<image>", path: ["sensecam", "aware"])) {
        try parse([], root: root)
    }
    #expect(helpText(root: root, path: ["sensecam"], wording: .english).contains("\n  aware (default)         Narrate"))
}
