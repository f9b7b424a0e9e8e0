// SPDX-License-Identifier: GPL-3.0-or-later
// One Tesseract engine, initialised once and reused for every page.
#include "support/ShimSupport.hpp"

#include <opencv2/imgproc.hpp>
#include <tesseract/baseapi.h>
#include <tesseract/resultiterator.h>

#include <dlfcn.h>

#include <memory>
#include <string>
#include <vector>

using cvision::guarded;
using cvision::write_message;

struct CVision_OCR {
    tesseract::TessBaseAPI api;
    // A second engine with only the orientation-and-script model; null without osd.traineddata.
    std::unique_ptr<tesseract::TessBaseAPI> orientation;
    cv::Mat rgb;      // reused conversion buffer: RGB, or 8-bit gray for a grey page
    cv::Mat upright;  // reused rotation buffer
    std::vector<CVision_OCRWord> words;
    std::vector<std::string> texts;
    int rotation = 0;  // how the page of the last recognition was turned (clockwise degrees); 0 if read as given
};

namespace {

/// Upright pages read at a mean word confidence of 75–95 here; upside-down or sideways
/// ones at about 40. Below this, the page's orientation is worth checking.
constexpr int kCheckOrientationBelowMeanConfidence = 60;
/// Below this, a page the orientation model does not call turned is also read upside down: on
/// a table of figures (table_05 here, digits alike either way up) the model is unsure when it
/// is upside down, and the page reads at 47 that way, 75 upright; every other upright page and
/// receipt here reads at 73 or more.
constexpr int kCheckUpsideDownBelowMeanConfidence = 70;
/// That upside-down reading replaces the first only when this much more confident, and read
/// well (`kCheckOrientationBelowMeanConfidence`): a photo's few words read poorly either way.
constexpr int kUpsideDownConfidenceMargin = 3;
/// A page on its side read as vertical text scored within this of its turned reading here.
constexpr int kSidewaysConfidenceSlack = 10;
/// Fewer words than this say nothing about which way the page lies.
constexpr int kMinimumWordsForSideways = 5;
/// Tesseract's orientation confidence: 4–11 on real pages, under 1 on noise.
constexpr float kMinOrientationConfidence = 2.0f;

void set_page(CVision_OCR *ocr, const cv::Mat &rgb, int pixels_per_inch) {
    ocr->api.SetImage(rgb.data, rgb.cols, rgb.rows, rgb.channels(), int(rgb.step));
    // Like Tesseract's own tool: trust the file's resolution when it has one (Tesseract
    // still estimates when the value is implausible), else let Tesseract estimate.
    if (pixels_per_inch > 0) ocr->api.SetSourceResolution(pixels_per_inch);
}

/// Whether every pixel has equal blue, green and red: a scan or a grey page decoded to BGR.
bool is_grey(const cv::Mat &bgr) {
    for (int y = 0; y < bgr.rows; ++y) {
        const uint8_t *p = bgr.ptr<uint8_t>(y);
        for (int x = 0; x < bgr.cols * 3; x += 3)
            if (p[x] != p[x + 1] || p[x] != p[x + 2]) return false;
    }
    return true;
}

/// Keeps Tesseract's OpenMP loops on the calling thread. Its `num_threads` clauses ask for
/// up to ten threads, which on two cores made a page five to eight times slower; batch work
/// gets its parallelism from one engine per worker instead. libgomp holds this setting per
/// thread, so every thread that runs Tesseract sets it (OMP_THREAD_LIMIT would need to be in
/// the environment before libgomp loads). Looked up at run time: a Tesseract built without
/// OpenMP has no libgomp and needs nothing.
void keep_openmp_on_this_thread() {
    using SetLevels = void (*)(int);
    static const auto set_max_active_levels =
        reinterpret_cast<SetLevels>(dlsym(RTLD_DEFAULT, "omp_set_max_active_levels"));
    // Zero active levels: every parallel region runs on the thread that meets it.
    if (set_max_active_levels != nullptr) set_max_active_levels(0);
}

/// Whether most words of three or more characters are taller than wide, as words are on a page
/// lying on its side. Boxes are those of the image as given; `rotation` is how the reading that
/// made them was turned (a turned reading's boxes were turned back, so 90 and 270 swap the sides).
bool mostly_vertical(const std::vector<CVision_OCRWord> &words, const std::vector<std::string> &texts, int rotation = 0) {
    int counted = 0, vertical = 0;
    for (size_t index = 0; index < words.size(); ++index) {
        if (texts[index].size() < 3) continue;
        ++counted;
        const bool tall = words[index].height > words[index].width;
        vertical += (rotation == 90 || rotation == 270) ? !tall : tall;
    }
    return counted >= kMinimumWordsForSideways && vertical * 2 > counted;
}

/// Clockwise rotation (0, 90, 180, 270) the page shows, or 0 when unsure.
int detect_rotation(CVision_OCR *ocr, const cv::Mat &rgb, int pixels_per_inch) {
    if (!ocr->orientation) return 0;
    ocr->orientation->SetImage(rgb.data, rgb.cols, rgb.rows, rgb.channels(), int(rgb.step));
    if (pixels_per_inch > 0) ocr->orientation->SetSourceResolution(pixels_per_inch);
    int degrees = 0;
    float confidence = 0, script_confidence = 0;
    const char *script = nullptr;
    bool ok = ocr->orientation->DetectOrientationScript(&degrees, &confidence, &script, &script_confidence);
    ocr->orientation->Clear();
    return ok && confidence >= kMinOrientationConfidence ? degrees : 0;
}

/// Maps a box found on the page turned upright back to the image as given (width w, height h),
/// so boxes always refer to the caller's pixels.
void unrotate(CVision_OCRWord &word, int rotation, int w, int h) {
    const int x = word.x, y = word.y, bw = word.width, bh = word.height;
    switch (rotation) {
    case 90:  word.x = w - y - bh; word.y = x; word.width = bh; word.height = bw; break;
    case 270: word.x = y; word.y = h - x - bw; word.width = bh; word.height = bw; break;
    case 180: word.x = w - x - bw; word.y = h - y - bh; break;
    default: break;
    }
}

/// Walks the last recognition's words in reading order into `ocr->words` / `ocr->texts`.
void collect_words(CVision_OCR *ocr, int rotation, int w, int h) {
    ocr->words.clear();
    ocr->texts.clear();
    std::unique_ptr<tesseract::ResultIterator> it(ocr->api.GetIterator());
    if (!it) return;  // nothing found is an ordinary result
    int block = -1, paragraph = -1, line = -1;
    do {
        if (it->Empty(tesseract::RIL_WORD)) continue;
        if (it->IsAtBeginningOf(tesseract::RIL_BLOCK)) ++block;
        if (it->IsAtBeginningOf(tesseract::RIL_PARA)) ++paragraph;
        if (it->IsAtBeginningOf(tesseract::RIL_TEXTLINE)) ++line;
        std::unique_ptr<char[]> text(it->GetUTF8Text(tesseract::RIL_WORD));
        if (!text) continue;
        CVision_OCRWord word{};
        word.block = std::max(block, 0);
        word.paragraph = std::max(paragraph, 0);
        word.line = std::max(line, 0);
        word.confidence = it->Confidence(tesseract::RIL_WORD);
        int left = 0, top = 0, right = 0, bottom = 0;
        it->BoundingBox(tesseract::RIL_WORD, &left, &top, &right, &bottom);
        word.x = left;
        word.y = top;
        word.width = right - left;
        word.height = bottom - top;
        unrotate(word, rotation, w, h);
        ocr->words.push_back(word);
        ocr->texts.emplace_back(text.get());
    } while (it->Next(tesseract::RIL_WORD));
}

}  // namespace

CVision_Status CVision_ocr_create(const char *tessdata_dir, const char *language, int detect_orientation,
                                  CVision_OCR **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorOCRInit, message, capacity, [&] {
        keep_openmp_on_this_thread();
        auto ocr = std::make_unique<CVision_OCR>();
        // Tesseract prints diagnostics ("Estimating resolution as …") through its debug
        // file; a screen-reader user would hear every one. Send them nowhere.
        ocr->api.SetVariable("debug_file", "/dev/null");
        if (ocr->api.Init(tessdata_dir, language, tesseract::OEM_DEFAULT) != 0) {
            write_message(message, capacity, "Tesseract could not load its language data");
            return CVision_ErrorOCRInit;
        }
        ocr->api.SetVariable("debug_file", "/dev/null");
        // The library's default is one uniform block of text; we want full automatic layout
        // analysis (columns, tables, reading order), like Tesseract's own tool.
        ocr->api.SetPageSegMode(tesseract::PSM_AUTO);
        // A blind reader cannot see that the page is upside down or sideways. Orientation is
        // checked only when a reading comes out poor: Tesseract's own PSM_AUTO_OSD checks
        // every page, which cost 12 % more time on upright pages.
        if (detect_orientation) {
            auto orientation = std::make_unique<tesseract::TessBaseAPI>();
            orientation->SetVariable("debug_file", "/dev/null");
            if (orientation->Init(tessdata_dir, "osd", tesseract::OEM_DEFAULT) == 0) {
                orientation->SetVariable("debug_file", "/dev/null");
                orientation->SetPageSegMode(tesseract::PSM_OSD_ONLY);
                ocr->orientation = std::move(orientation);
            }
        }
        *out = ocr.release();
        return CVision_OK;
    });
}

void CVision_ocr_destroy(CVision_OCR *ocr) {
    if (ocr == nullptr) return;
    ocr->api.End();
    delete ocr;
}

CVision_Status CVision_ocr_recognize(CVision_OCR *ocr, const CVision_Image *image, int *word_count,
                                     char *message, size_t capacity) {
    *word_count = 0;
    ocr->rotation = 0;
    ocr->words.clear();
    ocr->texts.clear();
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        keep_openmp_on_this_thread();
        // Tesseract takes RGB byte order; a grey page goes in as one channel, which skips its
        // per-channel thresholding (8 % faster with Tesseract's own tool on a 5 MP page).
        cv::cvtColor(image->bgr, ocr->rgb, is_grey(image->bgr) ? cv::COLOR_BGR2GRAY : cv::COLOR_BGR2RGB);
        const int ppi = image->pixels_per_inch;
        set_page(ocr, ocr->rgb, ppi);
        if (ocr->api.Recognize(nullptr) != 0) {
            write_message(message, capacity, "Tesseract could not recognise the page");
            return CVision_ErrorInternal;
        }
        const int confidence = ocr->api.MeanTextConf();
        collect_words(ocr, 0, ocr->rgb.cols, ocr->rgb.rows);
        // A page on its side often reads well enough as vertical text (Tesseract looks for it),
        // so a confident reading whose words stand upright is checked too.
        const bool sideways = mostly_vertical(ocr->words, ocr->texts);
        if (confidence < kCheckUpsideDownBelowMeanConfidence || sideways) {
            // The turns to try, the orientation model's first. Its answer is unsure or wrong on
            // some tables (digits look alike either way up), so a page whose words stand upright
            // tries the other quarter turn too: on its side, it can only be one of the two.
            std::vector<int> turns;
            const int detected = detect_rotation(ocr, ocr->rgb, ppi);
            if (detected != 0) turns.push_back(detected);
            // The model sees no turn and the words lie flat: try upside down, which it misses.
            const bool only_upside_down = !sideways && detected == 0;
            if (only_upside_down) turns.push_back(180);
            if (sideways) {
                for (int turn : {90, 270})
                    if (turn != detected) turns.push_back(turn);
            }
            int best_confidence = confidence;
            for (int rotation : turns) {
                // Turn the page upright (undo a clockwise rotation) and read again. Keep the
                // reading Tesseract is more confident of; when the first one ran down the page,
                // a turned one that reads across and nearly as confidently is the page the
                // right way up (a sideways page read as vertical text scores about as well).
                const int turn = rotation == 90 ? cv::ROTATE_90_COUNTERCLOCKWISE
                               : rotation == 180 ? cv::ROTATE_180 : cv::ROTATE_90_CLOCKWISE;
                cv::rotate(ocr->rgb, ocr->upright, turn);
                auto kept_words = std::move(ocr->words);
                auto kept_texts = std::move(ocr->texts);
                set_page(ocr, ocr->upright, ppi);
                bool better = false;
                int turned_confidence = 0;
                if (ocr->api.Recognize(nullptr) == 0) {
                    turned_confidence = ocr->api.MeanTextConf();
                    collect_words(ocr, rotation, ocr->rgb.cols, ocr->rgb.rows);
                    better = only_upside_down
                        ? turned_confidence > best_confidence + kUpsideDownConfidenceMargin
                              && turned_confidence >= kCheckOrientationBelowMeanConfidence
                        : turned_confidence > best_confidence
                          || (sideways && ocr->rotation == 0 && turned_confidence >= kCheckOrientationBelowMeanConfidence
                              && turned_confidence + kSidewaysConfidenceSlack >= best_confidence
                              && !mostly_vertical(ocr->words, ocr->texts, rotation));
                }
                if (better) {
                    ocr->rotation = rotation;
                    best_confidence = turned_confidence;
                    // Read well: the other turn would be the page upside down.
                    if (turned_confidence >= kCheckOrientationBelowMeanConfidence) break;
                } else {
                    ocr->words = std::move(kept_words);
                    ocr->texts = std::move(kept_texts);
                }
            }
        }
        ocr->api.Clear();
        *word_count = int(ocr->words.size());
        return CVision_OK;
    });
}

void CVision_ocr_word(const CVision_OCR *ocr, int index, CVision_OCRWord *word, const char **text) {
    *word = ocr->words[size_t(index)];
    *text = ocr->texts[size_t(index)].c_str();
}

int CVision_ocr_rotation(const CVision_OCR *ocr) { return ocr->rotation; }

int CVision_ocr_is_word(CVision_OCR *ocr, const char *word) {
    try {
        return ocr->api.IsValidWord(word) ? 1 : 0;
    } catch (...) {
        return 0;  // no verdict is "not known": the hyphen is then kept, as printed
    }
}
