import Perception

/// `--max-megapixels`: the largest picture an image or a video's frames may hold, checked in
/// the file's header before decoding (a small file can claim a huge picture and take gigabytes
/// to decode). For every command that reads image or video files.
enum PixelLimitOption {
    static let maxMegapixels: Option<Int> = .wholeNumber(
        "max-megapixels", value: "n",
        help: "Refuse images and videos whose pictures hold more than this many megapixels, before decoding them.",
        default: PixelLimit.standard.megapixels, in: 1...100_000)

    static func limit(_ command: ParsedCommand) throws(UsageError) -> PixelLimit {
        PixelLimit(megapixels: try maxMegapixels.value(in: command))
    }
}
