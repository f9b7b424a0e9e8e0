/// Detects JPEG files that were cut short. libjpeg decodes such a file "successfully",
/// filling the missing part with grey and printing a warning to stderr; the user would get
/// a confident description of half a picture. So the check happens before decoding.
enum JPEGIntegrity {
    static func isJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    /// Walks the marker segments from the start until the end-of-image marker (FF D9).
    /// Running out of bytes first means the file was cut short. Bytes after the end marker
    /// (phones append videos to "motion photos") do not matter. A structure this walk does
    /// not expect is left to the decoder to judge.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            let count = b.count
            var i = 2  // after SOI
            while i + 1 < count {
                guard b[i] == 0xFF else { return true }
                let marker = b[i + 1]
                switch marker {
                case 0xD9: return true                           // end of image
                case 0xFF: i += 1; continue                      // fill byte
                case 0x01, 0xD0...0xD8: i += 2; continue         // markers without a length
                default: break
                }
                guard i + 3 < count else { return false }
                let segmentEnd = i + 2 + (Int(b[i + 2]) << 8 | Int(b[i + 3]))
                guard segmentEnd <= count else { return false }
                i = segmentEnd
                guard marker == 0xDA else { continue }
                // Entropy-coded data after a start-of-scan: FF is stuffed as FF 00, and restart
                // markers FF D0–D7 sit inside it; any other FF xx is the next marker.
                while i + 1 < count {
                    if b[i] == 0xFF, b[i + 1] != 0x00, !(0xD0...0xD7).contains(b[i + 1]), b[i + 1] != 0xFF { break }
                    i += 1
                }
            }
            return false
        }
    }
}
