// SPDX-License-Identifier: GPL-3.0-or-later
// CLDR plural rules from ICU (Debian's libicu-dev), behind plain prototypes: ICU's C names are
// versioned macros (uplrules_open_72) that do not import into Swift, so they are called here.
// A number's category depends on how it is written ("1 metre", "1.0 metres" in English), so
// each number is formatted with its shown decimals first and the category taken from that.
#include "Catalogs.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

#define MAX_PLACES 3

struct Catalogs_PluralRules {
    UPluralRules *rules;
    UNumberFormatter *formatters[MAX_PLACES + 1];
};

static const UChar *const skeletons[MAX_PLACES + 1] = {
    u"precision-integer", u".0", u".00", u".000",
};

Catalogs_PluralRules *Catalogs_plural_rules_create(const char *language) {
    Catalogs_PluralRules *plural = calloc(1, sizeof *plural);
    if (plural == NULL) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    plural->rules = uplrules_open(language, &status);
    for (int places = 0; places <= MAX_PLACES && U_SUCCESS(status); places++) {
        plural->formatters[places] = unumf_openForSkeletonAndLocale(skeletons[places], -1, language, &status);
    }
    if (U_FAILURE(status)) {
        Catalogs_plural_rules_destroy(plural);
        return NULL;
    }
    return plural;
}

void Catalogs_plural_rules_destroy(Catalogs_PluralRules *plural) {
    if (plural == NULL) return;
    for (int places = 0; places <= MAX_PLACES; places++) {
        if (plural->formatters[places] != NULL) unumf_close(plural->formatters[places]);
    }
    if (plural->rules != NULL) uplrules_close(plural->rules);
    free(plural);
}

int Catalogs_plural_category(const Catalogs_PluralRules *plural, double number, int places) {
    if (places < 0) places = 0;
    if (places > MAX_PLACES) places = MAX_PLACES;
    UErrorCode status = U_ZERO_ERROR;
    UFormattedNumber *formatted = unumf_openResult(&status);
    unumf_formatDouble(plural->formatters[places], number, formatted, &status);
    UChar keyword[16];
    int32_t length = uplrules_selectFormatted(plural->rules, formatted, keyword, 16, &status);
    unumf_closeResult(formatted);
    if (U_FAILURE(status) || length <= 0 || length >= 16) return CATALOGS_PLURAL_OTHER;
    static const UChar *const names[] = {u"zero", u"one", u"two", u"few", u"many", u"other"};
    for (int category = 0; category < 6; category++) {
        if (length == u_strlen(names[category]) && memcmp(keyword, names[category], (size_t)length * sizeof(UChar)) == 0) {
            return category;
        }
    }
    return CATALOGS_PLURAL_OTHER;
}
