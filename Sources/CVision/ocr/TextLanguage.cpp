// SPDX-License-Identifier: GPL-3.0-or-later
// libexttextcat's fingerprint calls behind a handle: its own classifier (textcat_Init) reads a
// configuration file listing every language it should consider, while we compare with the
// few sensecam reads, straight from libexttextcat-data's folder.
#include "support/ShimSupport.hpp"

#include <libexttextcat/fingerprint.h>

#include <climits>
#include <memory>
#include <string>
#include <vector>

using cvision::guarded;
using cvision::write_message;

struct CVision_TextLanguages {
    /// One fingerprint a code given, nullptr for a code whose file did not load.
    std::vector<void *> fingerprints;

    ~CVision_TextLanguages() {
        for (void *fingerprint : fingerprints)
            if (fingerprint != nullptr) fp_Done(fingerprint);
    }
};

namespace {

/// libexttextcat's own sizes (constants.h): the n-grams a fingerprint keeps, which its data
/// files were made with.
constexpr int kNgrams = 400;

}  // namespace

CVision_Status CVision_text_languages_create(const char *directory, const char *const *codes, int count,
                                             CVision_TextLanguages **out, char *message, size_t capacity) {
    *out = nullptr;
    return guarded(CVision_ErrorInternal, message, capacity, [&] {
        auto languages = std::make_unique<CVision_TextLanguages>();
        int loaded = 0;
        for (int index = 0; index < count; ++index) {
            void *fingerprint = fp_Init(codes[index]);
            const std::string file = std::string(directory) + "/" + codes[index] + ".lm";
            if (fingerprint != nullptr && fp_Read(fingerprint, file.c_str(), kNgrams) == 0) {
                fp_Done(fingerprint);
                fingerprint = nullptr;
            }
            loaded += fingerprint != nullptr;
            languages->fingerprints.push_back(fingerprint);
        }
        if (loaded == 0) {
            write_message(message, capacity, std::string("No language fingerprint could be read in ") + directory);
            return CVision_ErrorModel;
        }
        *out = languages.release();
        return CVision_OK;
    });
}

void CVision_text_languages_destroy(CVision_TextLanguages *languages) { delete languages; }

int CVision_text_languages_measure(CVision_TextLanguages *languages, const char *text, size_t length, int *distances) {
    void *unknown = fp_Init(nullptr);
    if (unknown == nullptr) return 0;
    // The data files hold UTF-8 n-grams: an accented letter is one character, not two bytes.
    fp_SetProperty(unknown, TCPROP_UTF8AWARE, TC_TRUE);
    const bool made = fp_Create(unknown, text, uint4(length), kNgrams) != 0;
    if (made) {
        for (size_t index = 0; index < languages->fingerprints.size(); ++index) {
            void *fingerprint = languages->fingerprints[index];
            distances[index] = fingerprint == nullptr ? -1 : fp_Compare(fingerprint, unknown, INT_MAX);
        }
    }
    fp_Done(unknown);
    return made ? 1 : 0;
}
