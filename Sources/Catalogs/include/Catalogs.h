// SPDX-License-Identifier: GPL-3.0-or-later
// The wording catalogs, one gettext PO file per language beside this header's folder,
// compiled into the binary so a translator edits plain text and the tool needs no files at
// run time. Perception parses them (Wording/). Beside them, ICU's plural rules for each language.
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

/// A language's CLDR plural rules (ICU's), for choosing a counted word's form.
typedef struct Catalogs_PluralRules Catalogs_PluralRules;

/// The categories, in this order: zero, one, two, few, many, other.
enum { CATALOGS_PLURAL_ZERO, CATALOGS_PLURAL_ONE, CATALOGS_PLURAL_TWO, CATALOGS_PLURAL_FEW, CATALOGS_PLURAL_MANY,
       CATALOGS_PLURAL_OTHER };

/// The rules for a language code ("de"); NULL when ICU has none. Thread-safe to use once made.
Catalogs_PluralRules *Catalogs_plural_rules_create(const char *language);
void Catalogs_plural_rules_destroy(Catalogs_PluralRules *rules);

/// The category of `number` written with `places` decimals (0–3): "1" is one in English, "1.0" other.
int Catalogs_plural_category(const Catalogs_PluralRules *rules, double number, int places);

#ifdef __cplusplus
}
#endif

#endif
