// SPDX-License-Identifier: GPL-3.0-or-later
// Barcodes and 2-D codes: decoding with ZXing-C++ 1.4, and where in a picture a code may be
// before it can be decoded (ZXing's own positions of damaged symbols, and an OpenCV test for
// barcode-like stripes), so aiming guidance can start before a decode succeeds.
#ifndef CVISION_CODES_H
#define CVISION_CODES_H

#include "CVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The symbologies read. ZXing's others (Codabar, Code 93, DataBar, MaxiCode, Micro QR) are
/// left out: rare on what a person holds up, and each one more is one more way to misread.
typedef enum CVision_CodeFormat {
    CVision_CodeEAN8 = 1,
    CVision_CodeEAN13 = 2,
    CVision_CodeUPCA = 3,
    CVision_CodeUPCE = 4,
    CVision_CodeCode128 = 5,
    CVision_CodeCode39 = 6,
    CVision_CodeITF = 7,
    CVision_CodeQR = 8,
    CVision_CodeDataMatrix = 9,
    CVision_CodePDF417 = 10,
    CVision_CodeAztec = 11,
} CVision_CodeFormat;

/// How hard to look. A camera frame gets one pass; a still also gets an enlarged and a
/// contrast-equalised pass when the first finds nothing (small or faint codes).
typedef enum CVision_CodeEffort {
    CVision_CodeEffortLive = 0,
    CVision_CodeEffortStill = 1,
} CVision_CodeEffort;

/// One symbol found. `decoded` 0 means ZXing located it but could not read it (a checksum or
/// error-correction failure): its place is known, its text is not to be trusted or shown.
typedef struct CVision_CodeSymbol {
    CVision_CodeFormat format;
    int decoded;
    /// The corners in picture pixels: top-left, top-right, bottom-right, bottom-left of the
    /// symbol as printed (for a linear code, the ends of the scan lines that read it).
    float corners[8];
} CVision_CodeSymbol;

/// The symbols of one picture; their texts are held here, UTF-8.
typedef struct CVision_CodeList CVision_CodeList;

/// Reads every code in `image`. Never fails for want of a code: an empty list is an answer.
CVision_Status CVision_codes_read(const CVision_Image *image, CVision_CodeEffort effort, CVision_CodeList **out,
                                  char *message, size_t message_capacity);
/// Reads the codes in one region of `image` (x, y, width, height in picture pixels, widened by a
/// margin for the quiet zone), enlarged and sharpened first when small: where a stripe test says
/// bars are but a look at the whole frame read nothing. Corners are in the picture's pixels.
CVision_Status CVision_codes_read_region(const CVision_Image *image, const float *region, CVision_CodeList **out,
                                         char *message, size_t message_capacity);
/// Frees the list and its texts (NULL is ignored).
void CVision_code_list_destroy(CVision_CodeList *list);
/// How many symbols the list holds, decoded or only located.
int CVision_code_list_count(const CVision_CodeList *list);
/// The symbol at `index` (0 ≤ index < count).
CVision_CodeSymbol CVision_code_list_symbol(const CVision_CodeList *list, int index);
/// Its text (NUL-terminated UTF-8, valid while the list lives) and its length in bytes; texts
/// may hold line breaks. Empty for a symbol that was located but not decoded.
const char *CVision_code_list_text(const CVision_CodeList *list, int index, size_t *length);

/// A region that looks like a barcode's bars: many parallel edges close together.
typedef struct CVision_StripeRegion {
    /// The corners of its rotated bounding box in picture pixels, clockwise.
    float corners[8];
    /// Mean coherence of the edges' directions inside it, 0–1: bars are near 1, text and
    /// texture far lower.
    float coherence;
    /// Light-dark transitions counted across its middle, along the bars' normal.
    int transitions;
} CVision_StripeRegion;

/// Finds up to `capacity` stripe regions, largest first; `*count` says how many.
CVision_Status CVision_codes_find_stripes(const CVision_Image *image, CVision_StripeRegion *regions, int capacity,
                                          int *count, char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif
