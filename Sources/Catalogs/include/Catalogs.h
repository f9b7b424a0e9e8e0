// SPDX-License-Identifier: GPL-3.0-or-later
// The wording catalogs, one gettext PO file per language beside this header's folder,
// compiled into the binary so a translator edits plain text and the tool needs no files at
// run time. Perception parses them (Wording/).
#ifndef SENSECAM_CATALOGS_H
#define SENSECAM_CATALOGS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The PO file for a language code ("en"), as UTF-8 bytes, and its length; NULL when the
/// project has no catalog for that language.
const unsigned char *Catalogs_portable_object(const char *language, size_t *length);

/// How many catalogs there are, and the language code of the one at `index`, for listing them.
size_t Catalogs_count(void);
const char *Catalogs_language(size_t index);

#ifdef __cplusplus
}
#endif

#endif
