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
}
