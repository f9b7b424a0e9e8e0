import Testing

@testable import sensecam

/// A small table shaped like sensecam's own, so the tests read like real command lines.
private let sample = CommandSpec(
    name: "sensecam",
    abstract: "Describe what a camera sees, in plain words.",
    discussion: "Every result is a sentence a screen reader can speak.",
    subcommands: [
        CommandSpec(
            name: "aware", abstract: "Describe the objects in an image.",
            arguments: [ArgumentSpec(name: "image", help: "The image to describe.")],
            options: [
                .flag("json", help: "Print one JSON object instead of sentences."),
                .option("min-confidence", help: "Keep detections at or above this confidence.", default: "0.25"),
            ]),
        CommandSpec(
            name: "read", abstract: "Read the text in an image aloud.",
            arguments: [ArgumentSpec(name: "image", help: "The image to read.")],
            options: [
                .flag("json", help: "Print one JSON object instead of sentences."),
                .option("language", value: "code", help: "The language of the text.", default: "eng"),
            ]),
        CommandSpec(
            name: "batch", abstract: "Run one mode over many images.",
            arguments: [ArgumentSpec(name: "path", help: "Images or folders of images.", isRepeating: true)],
            options: [
                .option(
                    "mode", value: "mode", help: "What to do with each image.", allowed: ["aware", "read"],
                    required: true),
                .option("out", value: "file", help: "Write results to this file."),
                .option("jobs", short: "j", value: "n", help: "How many images to work on at once.", default: "1"),
                .flag("quiet", short: "q", help: "Print nothing but errors."),
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
        name: "tool", abstract: "A tool.",
        arguments: [
            ArgumentSpec(name: "first", help: "First."),
            ArgumentSpec(name: "second", help: "Second.", isOptional: true),
        ])
    #expect(try parsed(["x"], root: root).arguments("second") == [])
    #expect(try parsed(["x", "y"], root: root).argument("second") == "y")
    #expect(usageLine(root: root, path: ["tool"]) == "tool <first> [<second>]")
}

@Test func repeatingArgumentLeavesOneValueForEachArgumentAfterIt() throws {
    let root = CommandSpec(
        name: "copy", abstract: "Copy files.",
        arguments: [
            ArgumentSpec(name: "source", help: "Files to copy.", isRepeating: true),
            ArgumentSpec(name: "destination", help: "Where to put them."),
        ])
    let command = try parsed(["a", "b", "dir"], root: root)
    #expect(command.arguments("source") == ["a", "b"])
    #expect(command.argument("destination") == "dir")
    #expect(throws: UsageError(message: "Missing expected argument '<source>...'.", path: ["copy"])) {
        try parse(["dir"], root: root)
    }
}

// MARK: - Errors

@Test(arguments: [
    (["aware", "a.jpg", "--jsn"], "Unknown option '--jsn'. Did you mean '--json'?", ["sensecam", "aware"]),
    (["aware", "a.jpg", "--jsno"], "Unknown option '--jsno'. Did you mean '--json'?", ["sensecam", "aware"]),
    (["aware", "a.jpg", "--min"], "Unknown option '--min'. Did you mean '--min-confidence'?", ["sensecam", "aware"]),
    (["aware", "a.jpg", "--colour"], "Unknown option '--colour'.", ["sensecam", "aware"]),
    (["aware", "a.jpg", "-x"], "Unknown option '-x'.", ["sensecam", "aware"]),
    (["aware", "a.jpg", "--version"], "Unknown option '--version'.", ["sensecam", "aware"]),
    (["--verison"], "Unknown option '--verison'. Did you mean '--version'?", ["sensecam"]),
    (["awre", "a.jpg"], "Unknown subcommand 'awre'. Did you mean 'aware'?", ["sensecam"]),
    (["bat"], "Unknown subcommand 'bat'. Did you mean 'batch'?", ["sensecam"]),
    (["photo.jpg"], "Unknown subcommand 'photo.jpg'.", ["sensecam"]),
    (["help", "raed"], "Unknown subcommand 'raed'. Did you mean 'read'?", ["sensecam"]),
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
    (["batch", "p", "--mode", "write"], "'--mode' must be one of: aware, read.", ["sensecam", "batch"]),
    (["batch", "p", "--mode=Read"], "'--mode' must be one of: aware, read.", ["sensecam", "batch"]),
] as [([String], String, [String])])
func usageError(argv: [String], message: String, path: [String]) {
    #expect(throws: UsageError(message: message, path: path)) {
        try parse(argv, root: sample)
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
        CommandSpec(name: "model", abstract: "Show the model.", options: [.flag("version", help: "Show its version.")]))
    #expect(try parsed(["model", "--version"], root: root).flag("version"))
}

// MARK: - Typed options

private let minConfidence: Option<Double> = .number("min-confidence", help: "", default: 0.25, in: 0...1)
private let jobs: Option<Int> = .wholeNumber("jobs", help: "", default: 1, in: 1...64)
private let out: Option<String?> = .text("out", help: "")

@Test(arguments: [
    ("0.5", 0.5),
    ("1", 1.0),
    ("0", 0.0),
] as [(String, Double)])
func numberInRange(text: String, expected: Double) throws {
    let command = try parsed(["aware", "a.jpg", "--min-confidence", text])
    #expect(try minConfidence.value(in: command) == expected)
}

@Test(arguments: ["abc", "-0.5", "1.5", "nan", "inf", ""])
func numberOutOfRange(text: String) throws {
    let command = try parsed(["aware", "a.jpg", "--min-confidence=\(text)"])
    let expected = UsageError(
        message: "'--min-confidence' must be a number from 0 to 1; got '\(text)'.", path: ["sensecam", "aware"])
    #expect(throws: expected) { try minConfidence.value(in: command) }
}

@Test func typedOptionsFallBackToTheirDefaultOrNil() throws {
    let command = try parsed(["batch", "p", "--mode", "read"])
    #expect(try jobs.value(in: command) == 1)
    #expect(try out.value(in: command) == nil)
    #expect(try minConfidence.value(in: try parsed(["aware", "a.jpg"])) == 0.25)
}

@Test(arguments: [
    ("4", 1...64, "", 4),
    ("0", 1...64, "'--jobs' must be a whole number from 1 to 64; got '0'.", nil),
    ("2.5", 1...64, "'--jobs' must be a whole number from 1 to 64; got '2.5'.", nil),
    ("many", 1...Int.max, "'--jobs' must be a whole number of at least 1; got 'many'.", nil),
] as [(String, ClosedRange<Int>, String, Int?)])
func wholeNumberInRange(text: String, range: ClosedRange<Int>, message: String, expected: Int?) throws {
    let command = try parsed(["batch", "p", "--mode", "read", "--jobs", text])
    let option: Option<Int> = .wholeNumber("jobs", help: "", default: 1, in: range)
    if let expected {
        #expect(try option.value(in: command) == expected)
    } else {
        #expect(throws: UsageError(message: message, path: ["sensecam", "batch"])) { try option.value(in: command) }
    }
}

@Test func numberRangeWithFractionalAndOpenBounds() throws {
    let command = try parsed(["aware", "a.jpg", "--min-confidence", "9"])
    #expect(throws: UsageError(
        message: "'--min-confidence' must be a number from 0.05 to 0.95; got '9'.", path: ["sensecam", "aware"])
    ) { try Option<Double>.number("min-confidence", help: "", default: 0.5, in: 0.05...0.95).value(in: command) }
    #expect(throws: UsageError(
        message: "'--min-confidence' must be a number of at most -1; got '9'.", path: ["sensecam", "aware"])
    ) { try Option<Double>.number("min-confidence", help: "", default: -2, in: -Double.infinity...(-1)).value(in: command) }
    let infinite = try parsed(["aware", "a.jpg", "--min-confidence", "inf"])
    #expect(throws: UsageError(
        message: "'--min-confidence' must be a number; got 'inf'.", path: ["sensecam", "aware"])
    ) { try Option<Double>.number("min-confidence", help: "", default: 0, in: -Double.infinity ... .infinity).value(in: infinite) }
}

/// An option whose value is itself optional (given or not) must still refuse a bad text:
/// each of the tool's own, given a value it cannot be.
@Test(arguments: [
    (["aware", "--video", "v.mp4", "--describe-every", "0"], "'--describe-every' must be a number from 1 to 3600; got '0'."),
    (["aware", "--video", "v.mp4", "--captions", "c.txt"], "'--captions' must be a file name ending in .vtt or .srt; got 'c.txt'."),
    (["aware", "--camera", "video0"], "'--camera' must be a device path such as \"/dev/video0\"; got 'video0'."),
    (["aware", "--video", "v.mp4", "--output", "text,beep"], "'--output' must be text, jsonl, speech or braille, joined by commas; got 'text,beep'."),
    (["batch", "p", "--mode", "read", "--shard", "4/3"], "'--shard' must be K/N, two whole numbers with K from 1 to N, such as 2/4; got '4/3'."),
    (["batch", "p", "--mode", "read", "--include", "[a"], "'--include' must be a shell pattern such as '*.jpg' or '2024/*', with every '[' closed by ']'; got '[a'."),
    (["bench", "--video", "v.mp4", "--mode", "aware", "--report", "r.json", "--frames", "0"], "'--frames' must be a whole number of at least 1; got '0'."),
    (["aware", "a.jpg", "--language", "en glish"], "'--language' must be Tesseract language codes such as \"eng\" or \"eng+deu\"; got 'en glish'."),
])
func optionalValuesStillRefuseBadText(arguments: [String], message: String) throws {
    let command = try parsed(arguments, root: Sensecam.root)
    #expect {
        _ = try Sensecam.commandType(for: command).init(command)
    } throws: { error in
        (error as? UsageError)?.message == message
    }
}

/// A value from the settings file stands in for the option, but is never taken for one the
/// user typed: a camera in the file does not make `aware IMAGE` a usage error.
@Test func settingsValuesAreUsedButNotTakenForTypedOnes() throws {
    var command = try parsed(["aware", "a.jpg"], root: Sensecam.root)
    command.settings = ["camera": "/dev/video2", "hfov": "90"]
    #expect(try CameraOptions.camera.value(in: command) == "/dev/video2")
    #expect(try DetectionOptions.hfov.value(in: command) == 90)
    #expect(!CameraOptions.camera.isGiven(in: command))
    #expect(throws: Never.self) { try CameraOptions.rejectWithoutCamera(command, source: "an image") }
    let typed = try parsed(["aware", "a.jpg", "--camera", "/dev/video2"], root: Sensecam.root)
    #expect(throws: UsageError(message: "'--camera' applies only to the camera, not to an image.", path: ["sensecam", "aware"])) {
        try CameraOptions.rejectWithoutCamera(typed, source: "an image")
    }
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

@Test func errorReportHasThreeLines() throws {
    let error = UsageError(message: "Unknown option '--jsn'. Did you mean '--json'?", path: ["sensecam", "aware"])
    #expect(errorReport(error, root: sample) == """
        Error: Unknown option '--jsn'. Did you mean '--json'?
        Usage: sensecam aware <image> [--json] [--min-confidence <value>]
        See 'sensecam aware --help' for more information.
        """)
    #expect(errorReport(.missingSubcommand(path: ["sensecam"]), root: sample) == """
        Error: Missing subcommand.
        Usage: sensecam <subcommand>
        See 'sensecam --help' for more information.
        """)
}

@Test func subcommandHelpSnapshot() {
    #expect(helpText(root: sample, path: ["sensecam", "aware"]) == """
        OVERVIEW: Describe the objects in an image.

        USAGE: sensecam aware <image> [--json] [--min-confidence <value>]

        ARGUMENTS:
          <image>                 The image to describe.

        OPTIONS:
          --json                  Print one JSON object instead of sentences.
          --min-confidence <value>
                                  Keep detections at or above this confidence.
                                  (default: 0.25)
          -h, --help              Show help information.
        """)
}

@Test func rootHelpSnapshot() {
    #expect(helpText(root: sample, path: ["sensecam"]) == """
        OVERVIEW: Describe what a camera sees, in plain words.

        Every result is a sentence a screen reader can speak.

        USAGE: sensecam <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          aware                   Describe the objects in an image.
          read                    Read the text in an image aloud.
          batch                   Run one mode over many images.

          See 'sensecam help <subcommand>' for detailed help.
        """)
}

@Test func batchHelpSnapshotWrapsUsageAndShowsValues() {
    #expect(helpText(root: sample, path: ["sensecam", "batch"]) == """
        OVERVIEW: Run one mode over many images.

        USAGE: sensecam batch <path>... --mode <mode> [--out <file>] [--jobs <n>]
                 [--quiet]

        ARGUMENTS:
          <path>...               Images or folders of images.

        OPTIONS:
          --mode <mode>           What to do with each image. (values: aware, read)
          --out <file>            Write results to this file.
          -j, --jobs <n>          How many images to work on at once. (default: 1)
          -q, --quiet             Print nothing but errors.
          -h, --help              Show help information.
        """)
}

@Test(arguments: [["sensecam"], ["sensecam", "aware"], ["sensecam", "read"], ["sensecam", "batch"]])
func helpIsPlainTextWithinEightyColumns(path: [String]) {
    let text = helpText(root: sample, path: path)
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
    #expect(throws: UsageError(message: "Missing expected argument '<image>'.", path: ["sensecam", "aware"])) {
        try parse([], root: root)
    }
    #expect(helpText(root: root, path: ["sensecam"]).contains("\n  aware (default)         Describe"))
}
