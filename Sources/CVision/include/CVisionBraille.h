// SPDX-License-Identifier: GPL-3.0-or-later
// The braille part of the shim: one BrlAPI connection to BRLTTY behind an opaque handle.
// brlapi.h reaches its connection through macros and a global; here every call names its
// handle, and no BrlAPI type or macro crosses into Swift.
#ifndef CVISION_BRAILLE_H
#define CVISION_BRAILLE_H

#include "CVision.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One connection to BRLTTY. Keys may be read on one thread while another writes; creating,
/// entering and leaving tty mode and destroying are never concurrent with anything else.
typedef struct CVision_Braille CVision_Braille;

/// Key code fields, as BrlAPI lays them out: the type (command or keysym), the code without
/// flags, and the command type that marks a BRLTTY command. The corresponding BrlAPI
/// constants are `BRLAPI_KEY_TYPE_MASK`, `BRLAPI_KEY_CODE_MASK`, `BRLAPI_KEY_TYPE_CMD`.
extern const uint64_t CVision_BRAILLE_KEY_TYPE_MASK;
extern const uint64_t CVision_BRAILLE_KEY_CODE_MASK;
extern const uint64_t CVision_BRAILLE_KEY_TYPE_COMMAND;
/// The BRLTTY commands Swift acts on (type bits included, flags not): pan left and right
/// (`BRLAPI_KEY_CMD_FWINLT` / `_FWINRT`), line up and down (`_LNUP` / `_LNDN`), and freeze
/// (`_FREEZE`), which the renderer reports as pause.
extern const uint64_t CVision_BRAILLE_COMMAND_PAN_LEFT;
extern const uint64_t CVision_BRAILLE_COMMAND_PAN_RIGHT;
extern const uint64_t CVision_BRAILLE_COMMAND_LINE_UP;
extern const uint64_t CVision_BRAILLE_COMMAND_LINE_DOWN;
extern const uint64_t CVision_BRAILLE_COMMAND_FREEZE;

/// Connects to BRLTTY (NULL host/auth: BrlAPI's defaults, honouring $BRLAPI_HOST and $BRLAPI_AUTH).
/// CVision_ErrorNotRunning when no BRLTTY listens, CVision_ErrorRefused when it refuses this
/// program's key, CVision_ErrorBadAddress when the host cannot be found.
CVision_Status CVision_braille_create(const char *host, const char *auth, CVision_Braille **out,
                                      char *message, size_t message_capacity);

/// The display's size, so Swift can cut text into display-wide pieces for panning.
CVision_Status CVision_braille_display_size(CVision_Braille *braille, int *columns, int *rows,
                                            char *message, size_t message_capacity);

/// Takes the display: this program's console or X window, else (pty, ssh, tests) the root tty.
/// CVision_ErrorInUse when another program holds it.
CVision_Status CVision_braille_enter_tty_mode(CVision_Braille *braille, int *tty,
                                              char *message, size_t message_capacity);

/// Shows UTF-8 text with no cursor whatever the locale, cut or blank-padded to the display.
CVision_Status CVision_braille_write_text(CVision_Braille *braille, const char *utf8,
                                          char *message, size_t message_capacity);

/// Waits at most `timeout_ms` for a key, so a key thread can notice it is asked to stop.
CVision_Status CVision_braille_read_key(CVision_Braille *braille, int timeout_ms, int *has_key, uint64_t *code,
                                        char *message, size_t message_capacity);

/// Gives the display back to BRLTTY's own screen reading before the handle is destroyed.
CVision_Status CVision_braille_leave_tty_mode(CVision_Braille *braille, char *message, size_t message_capacity);

/// Closes the connection and frees the handle (NULL is ignored).
void CVision_braille_destroy(CVision_Braille *braille);

#ifdef __cplusplus
}
#endif

#endif
