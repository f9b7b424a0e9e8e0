// SPDX-License-Identifier: GPL-3.0-or-later
// Literary braille through liblouis: text translated with a language's table into the cells
// a braille reader expects (uncontracted or contracted), as Unicode braille patterns. No
// liblouis type crosses into Swift; its wide characters stay inside the shim.
#ifndef CVISION_BRAILLE_TRANSLATION_H
#define CVISION_BRAILLE_TRANSLATION_H

#include "CVision.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Translates UTF-8 `utf8` with liblouis's `table_list` ("de-g2.ctb", or several joined by
/// commas) into Unicode braille patterns (U+2800 to U+28FF, one a cell; a blank cell is
/// U+2800) as UTF-8, so Swift can count cells and BRLTTY shows each as its dots. `*out` is
/// NUL-terminated, `*length` its bytes; free it with CVision_buffer_destroy. A table that
/// cannot be found or compiled is CVision_ErrorNoLanguage, with liblouis's complaint as detail. Calls are
/// serialised inside: liblouis keeps its compiled tables in unguarded globals.
CVision_Status CVision_braille_translate(const char *table_list, const char *utf8, char **out, size_t *length,
                                         char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif
