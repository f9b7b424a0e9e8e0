// SPDX-License-Identifier: GPL-3.0-or-later
import Perception
import Testing

@testable import Options

/// A group shaped like the tool's, over the parser's own sample command line.
private struct Sample: OptionGroup {
    var minConfidence = 0.25
    var jobs = 1
    var out: String?
    var quiet = false
    var include: [String] = []

    init() {}

    static let options: [GroupOption<Self>] = [
        .number(\.minConfidence, "min-confidence", help: Message(.helpMinConfidence), in: 0...1),
        .wholeNumber(\.jobs, "jobs", short: "j", value: "n", help: Message(.helpBatchJobs), in: 1...64),
        .text(\.out, "out", value: "file", help: Message(.helpBatchOut)),
        .flag(\.quiet, "quiet", short: "q", help: Message(.helpStats)),
        .repeated(\.include, "include", value: "glob", help: Message(.helpBatchInclude), expected: Message(.batchPatternExpected),
                  check: { !$0.contains("[") }),
    ]
}

private let root = CommandSpec(
    name: "tool", abstract: Message(.helpSensecam),
    subcommands: [
        CommandSpec(name: "run", abstract: Message(.helpBatch),
                    arguments: [ArgumentSpec(name: "image", help: Message(.helpMeasureImage), isOptional: true)],
                    options: Sample.specs + [.option("video", value: "file", help: Message(.helpVideo))]),
    ])

private func command(_ argv: [String], settings: [String: String] = [:]) throws -> ParsedCommand {
    guard case .run(var command) = try parse(["run"] + argv, root: root) else { throw UsageError.missingSubcommand(path: ["tool"]) }
    command.settings = settings
    return command
}

/// The sentence a usage error says.
private func said(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as UsageError {
        return Wording.english(error.message)
    } catch {
        return "\(error)"
    }
}

@Test func aGroupStartsAtItsDefaultsAndTakesWhatIsGiven() throws {
    let defaults = try Sample(try command([]))
    #expect(defaults.minConfidence == 0.25 && defaults.jobs == 1 && defaults.out == nil && !defaults.quiet && defaults.include.isEmpty)
    let given = try Sample(try command(["--min-confidence", "0.5", "-qj4", "--out=x", "--include", "a", "--include", "b"]))
    #expect(given.minConfidence == 0.5 && given.jobs == 4 && given.out == "x" && given.quiet && given.include == ["a", "b"])
}

@Test(arguments: [("0.5", 0.5), ("1", 1.0), ("0", 0.0)] as [(String, Double)])
func numberInRange(text: String, expected: Double) throws {
    #expect(try Sample(try command(["--min-confidence", text])).minConfidence == expected)
}

@Test(arguments: ["abc", "-0.5", "1.5", "nan", "inf", ""])
func numberOutOfRange(text: String) throws {
    let line = try command(["--min-confidence=\(text)"])
    #expect(said { _ = try Sample(line) } == "'--min-confidence' must be a number from 0 to 1; got '\(text)'.")
}

@Test(arguments: [
    ("4", 1...64, nil),
    ("0", 1...64, "'--jobs' must be a whole number from 1 to 64; got '0'."),
    ("2.5", 1...64, "'--jobs' must be a whole number from 1 to 64; got '2.5'."),
    ("many", 1...Int.max, "'--jobs' must be a whole number of at least 1; got 'many'."),
] as [(String, ClosedRange<Int>, String?)])
func wholeNumberInRange(text: String, range: ClosedRange<Int>, message: String?) throws {
    let line = try command(["--jobs", text])
    let option = GroupOption<Sample>.wholeNumber(\.jobs, "jobs", help: Message(.helpBatchJobs), in: range)
    var group = Sample()
    #expect(said { try option.apply(line, &group) } == message)
    if message == nil { #expect(group.jobs == 4) }
}

@Test func numberRangeWithFractionalAndOpenBounds() throws {
    var group = Sample()
    let nine = try command(["--min-confidence", "9"])
    #expect(said {
        try GroupOption<Sample>.number(\.minConfidence, "min-confidence", help: Message(.helpMinConfidence), in: 0.05...0.95)
            .apply(nine, &group)
    } == "'--min-confidence' must be a number from 0.05 to 0.95; got '9'.")
    #expect(said {
        try GroupOption<Sample>.number(\.minConfidence, "min-confidence", help: Message(.helpMinConfidence), in: -Double.infinity...(-1))
            .apply(nine, &group)
    } == "'--min-confidence' must be a number of at most -1; got '9'.")
    #expect(said {
        try GroupOption<Sample>.number(\.minConfidence, "min-confidence", help: Message(.helpMinConfidence),
                                       in: -Double.infinity ... .infinity, unit: .expectedNumberOfDegrees)
            .apply(try command(["--min-confidence", "inf"]), &group)
    } == "'--min-confidence' must be a number of degrees; got 'inf'.")
}

@Test func aRepeatedOptionRefusesABadValue() throws {
    #expect(said { _ = try Sample(try command(["--include", "a", "--include", "[b"])) }
        == "'--include' must be a shell pattern such as '*.jpg' or '2024/*', with every '[' closed by ']'; got '[b'.")
}

@Test func defaultsShowInHelpAsTheGroupHasThem() {
    let specs = Dictionary(uniqueKeysWithValues: Sample.specs.map { ($0.long, $0) })
    #expect(specs["min-confidence"]?.defaultValue == "0.25")
    #expect(specs["jobs"]?.defaultValue == "1")
    #expect(specs["out"]?.defaultValue == nil)
    #expect(specs["quiet"]?.isFlag == true)
}

/// The settings file stands in where the command line is silent, but the command line wins,
/// and a skipped option keeps its default.
@Test func settingsFileValuesFillInAndTheCommandLineWins() throws {
    #expect(try Sample(try command([], settings: ["jobs": "8"])).jobs == 8)
    #expect(try Sample(try command(["-j", "2"], settings: ["jobs": "8"])).jobs == 2)
    #expect(try Sample(try command(["-j", "2"]), skipping: ["jobs"]).jobs == 1)
}

// MARK: - Rules between options

private let rules: [OptionRule] = [
    .refuse(["quiet", "jobs"], when: .argument("image"), .usageCameraOnly, ["source": .text("image")],
            exempt: ["jobs": .given("out")]),
    .refuse(when: .given("out") && !.given("video"), .usageResumeNeedsOut),
    .require("video", when: .given("include")),
    .refuseArgument("image", when: .given("video")),
]

@Test(arguments: [
    (["a.jpg", "-q"], "'--quiet' applies only to the camera, not to an image."),
    (["a.jpg", "-j", "2"], "'--jobs' applies only to the camera, not to an image."),
    (["a.jpg", "-j", "2", "--out", "o", "--video", "v"], "Unexpected argument 'a.jpg'."),
    (["--out", "o"], "'--resume' needs '--out <file>': only records written to a file can be resumed."),
    (["--include", "x"], "Missing expected argument '--video <file>'."),
    (["-q", "--video", "v", "--include", "x"], nil),
] as [([String], String?)])
func rulesNameTheFirstOptionTheyRefuse(argv: [String], message: String?) throws {
    let line = try command(argv)
    #expect(said { try rules.check(line) } == message)
}

/// A value from the settings file is the user's usual choice, not this run's: it never breaks a rule.
@Test func aSettingsFileValueBreaksNoRule() throws {
    #expect(said { try rules.check(try command(["a.jpg"], settings: ["quiet": "", "jobs": "3"])) } == nil)
}
