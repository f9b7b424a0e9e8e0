// SPDX-License-Identifier: GPL-3.0-or-later
// Which language a text is in: libexttextcat's n-gram fingerprints (Debian's libexttextcat-data,
// the profiles LibreOffice guesses languages with), compared with the text's own. Distances
// cross into Swift, never a verdict in words: Swift decides what counts as sure.
#ifndef CVISION_TEXT_LANGUAGE_H
#define CVISION_TEXT_LANGUAGE_H

#include "CVision.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The fingerprints of a few languages, loaded once. Never used from two threads at once.
typedef struct CVision_TextLanguages CVision_TextLanguages;

/// Loads `directory`/CODE.lm for each of the `count` `codes` ("en", "de": libexttextcat-data's
/// file names). A code whose file is missing or unreadable is left out: its distance is then
/// -1. CVision_ErrorModel when not one loads.
CVision_Status CVision_text_languages_create(const char *directory, const char *const *codes, int count,
                                             CVision_TextLanguages **out, char *message, size_t message_capacity);
/// Frees the fingerprints (NULL is ignored).
void CVision_text_languages_destroy(CVision_TextLanguages *languages);

/// How far UTF-8 `text` (`length` bytes) is from each language, `distances[i]` for the i-th
/// code given at creation: Cavnar and Trenkle's out-of-place measure between the text's 400
/// commonest n-grams and the language's, lower being closer; -1 for a language not loaded.
/// Returns 0 (and leaves `distances` alone) when the text is too short to have a fingerprint.
int CVision_text_languages_measure(CVision_TextLanguages *languages, const char *text, size_t length, int *distances);

#ifdef __cplusplus
}
#endif

#endif
