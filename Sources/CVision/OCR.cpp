// One Tesseract engine, initialised once and reused for every page.
#include "ShimSupport.hpp"

#include <opencv2/imgproc.hpp>
#include <tesseract/baseapi.h>
#include <tesseract/resultiterator.h>

#include <memory>
#include <string>
#include <vector>

using cvision::guarded;
using cvision::write_message;

struct CVision_OCR {
    tesseract::TessBaseAPI api;
    cv::Mat rgb;  // reused conversion buffer
    std::vector<CVision_OCRWord> words;
    std::vector<std::string> texts;
};

CVision_Status CVision_ocr_create(const char *tessdata_dir, const char *language, int detect_orientation,
                                  CVision_OCR **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorOCRInit, message, capacity, [&] {
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
        // analysis (columns, tables, reading order) like Tesseract's own tool — plus, when the
        // data for it is installed, orientation detection: a blind reader cannot see that the
        // page is upside down. On ocr/documents it changes nothing; rotated pages read right.
        ocr->api.SetPageSegMode(detect_orientation ? tesseract::PSM_AUTO_OSD : tesseract::PSM_AUTO);
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
    ocr->words.clear();
    ocr->texts.clear();
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        // Tesseract takes RGB byte order.
        cv::cvtColor(image->bgr, ocr->rgb, cv::COLOR_BGR2RGB);
        ocr->api.SetImage(ocr->rgb.data, ocr->rgb.cols, ocr->rgb.rows, 3, int(ocr->rgb.step));
        // Like Tesseract's own tool: trust the file's resolution when it has one (Tesseract
        // still estimates when the value is implausible), else let Tesseract estimate.
        if (image->pixels_per_inch > 0) ocr->api.SetSourceResolution(image->pixels_per_inch);
        if (ocr->api.Recognize(nullptr) != 0) {
            write_message(message, capacity, "Tesseract could not recognise the page");
            return CVision_ErrorInternal;
        }
        std::unique_ptr<tesseract::ResultIterator> it(ocr->api.GetIterator());
        if (!it) return CVision_OK;  // nothing found is an ordinary result
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
            ocr->words.push_back(word);
            ocr->texts.emplace_back(text.get());
        } while (it->Next(tesseract::RIL_WORD));
        ocr->api.Clear();
        *word_count = int(ocr->words.size());
        return CVision_OK;
    });
}

void CVision_ocr_word(const CVision_OCR *ocr, int index, CVision_OCRWord *word, const char **text) {
    *word = ocr->words[size_t(index)];
    *text = ocr->texts[size_t(index)].c_str();
}
