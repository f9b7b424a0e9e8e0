// SPDX-License-Identifier: GPL-3.0-or-later
// Each catalog's bytes, embedded by the compiler (#embed, C23): no resource bundle to
// install beside the binary, and a changed catalog rebuilds this file alone.
#include "Catalogs.h"

#include <string.h>

static const unsigned char english[] = {
#embed "en.po"
};

static const unsigned char german[] = {
#embed "de.po"
};

static const unsigned char french[] = {
#embed "fr.po"
};

static const unsigned char spanish[] = {
#embed "es.po"
};

static const struct {
    const char *language;
    const unsigned char *bytes;
    size_t length;
} catalogs[] = {
    {"en", english, sizeof english},
    {"de", german, sizeof german},
    {"fr", french, sizeof french},
    {"es", spanish, sizeof spanish},
};

const unsigned char *Catalogs_portable_object(const char *language, size_t *length) {
    for (size_t i = 0; i < sizeof catalogs / sizeof catalogs[0]; i++) {
        if (strcmp(catalogs[i].language, language) == 0) {
            *length = catalogs[i].length;
            return catalogs[i].bytes;
        }
    }
    *length = 0;
    return NULL;
}

size_t Catalogs_count(void) { return sizeof catalogs / sizeof catalogs[0]; }

const char *Catalogs_language(size_t index) {
    return index < Catalogs_count() ? catalogs[index].language : NULL;
}
