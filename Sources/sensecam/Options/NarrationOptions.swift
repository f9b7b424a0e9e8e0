import Perception

/// How awareness narrates: `--verbosity`, `--describe-every` and `--return-after`, for `aware`
/// and the awareness mode of `read`.
struct NarrationOptions {
    static let verbosity: Option<Verbosity?> = .choice(
        "verbosity", value: "level", help: "How much each sentence says. (default: normal, or the profile's)")
    static let describeEvery: Option<Double?> = .number(
        "describe-every", value: "seconds", help: "Also summarise everything in view this often.", in: 1...3600)
    static let returnAfter: Option<Double> = .number(
        "return-after", value: "seconds", help: "Announce an object again only after it was out of view this long.",
        default: NarrationPolicy().returnAfterSeconds, in: 0...3600)

    static let specs = [verbosity.spec, describeEvery.spec, returnAfter.spec]

    /// The narration rules these options, `--hfov` and the profile ask for; a command without
    /// them (batch, whose records are for programs) keeps the defaults, in normal wording.
    static func policy(_ command: ParsedCommand, horizontalFieldOfView: Double) throws(UsageError) -> NarrationPolicy {
        var policy = NarrationPolicy()
        policy.horizontalFieldOfView = horizontalFieldOfView
        guard command.declares(verbosity.long) else { return policy }
        policy.verbosity = try verbosity(command)
        policy.returnAfterSeconds = try returnAfter.value(in: command)
        policy.describeEverySeconds = try describeEvery.value(in: command)
        return policy
    }

    /// `--verbosity` (or the settings file's), else the profile's, else normal.
    static func verbosity(_ command: ParsedCommand) throws(UsageError) -> Verbosity {
        let chosen = command.declares(verbosity.long) ? try verbosity.value(in: command) : nil
        return chosen ?? OutputOptions.profile(command)?.verbosity ?? .normal
    }

    /// The first of these options the command line gives.
    static func firstGiven(in command: ParsedCommand) -> String? {
        specs.map(\.long).first { command.isGiven($0) }
    }
}
