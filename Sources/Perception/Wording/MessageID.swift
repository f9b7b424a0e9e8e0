/// Every message sensecam can say, print or show, by the id its catalogs know it by (the
/// case's name). The words are in the catalogs (`Sources/Catalogs/*.po`), never here; a test
/// checks that each id has its English words, and that each is used.
public enum MessageID: String, Sendable, CaseIterable {
    // MARK: How the language writes numbers and lists
    case numberSpellout
    case numberGroupSeparator
    case numberDecimalSeparator
    case listTwo
    case listStart
    case listMiddle
    case listEnd

    // MARK: Objects: hedges, counts, nouns, places, distances

    // MARK: Awareness and the live session: modes, verbosity, pause, repeat, signs

    // MARK: Reading aloud: lines, unclear words, pages

    // MARK: Speech, braille, cues and channels

    // MARK: Review keys' answers

    // MARK: Codes and aiming

    // MARK: Products

    // MARK: Light and colour

    // MARK: Page framing, quality and text engines

    // MARK: Cameras

    // MARK: Image, video and model files

    // MARK: Batches, merges and progress

    // MARK: Benchmarks

    // MARK: The sandbox and the products database's storage

    // MARK: The command line: usage errors and runtime failures

    // MARK: Help: commands, arguments and options

    // MARK: Keys

    // MARK: Services and documentation
}
