// SPDX-License-Identifier: GPL-3.0-or-later
// Text recognition: one Tesseract engine, and the words it read with their place in the layout.
#ifndef CVISION_OCR_H
#define CVISION_OCR_H

#include "CVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One initialised Tesseract engine, reused for every image. Never used from two threads at once.
typedef struct CVision_OCR CVision_OCR;

/// Starts Tesseract with `language` (e.g. "eng" or "eng+deu") from `tessdata_dir`
/// (NULL: Tesseract's own default). With `detect_orientation` (needs osd.traineddata) pages
/// turned sideways or upside down are turned upright before reading.
CVision_Status CVision_ocr_create(const char *tessdata_dir, const char *language, int detect_orientation,
                                  CVision_OCR **out, char *message, size_t message_capacity);
/// Ends the engine and frees the handle (NULL is ignored).
void CVision_ocr_destroy(CVision_OCR *ocr);

/// Where one recognised word sits in the page's layout, in reading order.
typedef struct CVision_OCRWord {
    /// Zero-based block, paragraph (within the page) and line (within the page) indices.
    int block;
    int paragraph;
    int line;
    /// Tesseract's word confidence, 0–100.
    float confidence;
    int x, y, width, height;
} CVision_OCRWord;

/// Recognises the page and keeps its words for CVision_ocr_word; returns their count.
CVision_Status CVision_ocr_recognize(CVision_OCR *ocr, const CVision_Image *image, int *word_count,
                                     char *message, size_t message_capacity);

/// The `index`th word of the last recognition; `text` stays valid until the next recognition.
void CVision_ocr_word(const CVision_OCR *ocr, int index, CVision_OCRWord *word, const char **text);

/// How the page of the last recognition was turned, in clockwise degrees (90, 180 or 270),
/// when it was read turned upright; 0 when it was read as given.
int CVision_ocr_rotation(const CVision_OCR *ocr);

/// 1 when the engine's dictionary for its language knows `word` (UTF-8), else 0: tells a word
/// broken by a hyphen at a line's end ("hyphen-" "ated") from a compound ("well-" "known").
int CVision_ocr_is_word(CVision_OCR *ocr, const char *word);

#ifdef __cplusplus
}
#endif

#endif
