/// Detects JPEG files that were cut short. libjpeg decodes such a file "successfully",
/// filling the missing part with grey and printing a warning to stderr; the user would get
/// a confident description of half a picture. So the check happens before decoding.
enum JPEGIntegrity {
    static func isJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    /// True when an end-of-image marker (FF D9) follows the last start-of-scan marker (FF DA).
    /// Inside entropy-coded data every FF byte is stuffed (FF 00), so neither marker can
    /// appear there by accident; a thumbnail's markers come before the main image's scans.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        var lastScan: Int?
        var index = bytes.count - 2
        while index >= 0 {
            if bytes[index] == 0xFF && bytes[index + 1] == 0xDA { lastScan = index; break }
            index -= 1
        }
        guard let scan = lastScan else { return false }
        var end = bytes.count - 2
        while end > scan {
            if bytes[end] == 0xFF && bytes[end + 1] == 0xD9 { return true }
            end -= 1
        }
        return false
    }
}
