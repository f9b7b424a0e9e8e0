// SPDX-License-Identifier: GPL-3.0-or-later
// BrlAPI through one opaque handle: connect, take the display, write text, read keys.
#include "support/ShimSupport.hpp"

#include <brlapi.h>

#include <cerrno>
#include <csignal>
#include <memory>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <pthread.h>
#include <string>

struct CVision_Braille {
    brlapi_handle_t *handle = nullptr;
    bool connected = false;
    bool in_tty_mode = false;
    /// Cached at creation and by CVision_braille_display_size; 0 when BRLTTY has no display yet.
    int columns = 0, rows = 0;
    /// What BRLTTY last refused asynchronously (reported by the next write), guarded by `lock`.
    std::mutex lock;
    std::string exception;
};

namespace {

/// BrlAPI's description of this thread's last error: a developer's detail, never said.
std::string brlapi_problem() {
    char text[256];
    brlapi_strerror_r(&brlapi_error, text, sizeof text);
    return text;
}

/// Why a connection failed, as the status the caller words: no BRLTTY, a refused key, an
/// unknown host, or anything else.
CVision_Status connection_problem() {
    const brlapi_error_t error = brlapi_error;
    const bool refused = error.brlerrno == BRLAPI_ERROR_CONNREFUSED
        || (error.brlerrno == BRLAPI_ERROR_LIBCERR && (error.libcerrno == ECONNREFUSED || error.libcerrno == ENOENT));
    if (refused) return CVision_ErrorNotRunning;
    if (error.brlerrno == BRLAPI_ERROR_AUTHENTICATION) return CVision_ErrorRefused;
    if (error.brlerrno == BRLAPI_ERROR_GAIERR) return CVision_ErrorBadAddress;
    return CVision_ErrorInternal;
}

/// Replaces BrlAPI's default handler, which prints and aborts: a refused request is kept
/// for the next write to report instead.
void BRLAPI_STDCALL keep_exception(brlapi_handle_t *handle, int error, brlapi_packetType_t type,
                                   const void *packet, size_t size) {
    auto *braille = static_cast<CVision_Braille *>(brlapi__getClientData(handle));
    if (braille == nullptr) return;
    char text[256];
    brlapi__strexception(handle, text, sizeof text, error, type, packet, size);
    std::lock_guard<std::mutex> guard(braille->lock);
    braille->exception = text;
}

/// Queries the display size into the handle's cache.
bool refresh_size(CVision_Braille *braille) {
    unsigned int columns = 0, rows = 0;
    cvision::NoSigpipe quiet;
    if (brlapi__getDisplaySize(braille->handle, &columns, &rows) < 0) return false;
    braille->columns = int(columns);
    braille->rows = int(rows);
    return true;
}

/// The byte length of at most `cells` UTF-8 characters of `text`, and their count.
size_t utf8_prefix(const char *text, int cells, int *characters) {
    size_t bytes = 0;
    int count = 0;
    while (text[bytes] != '\0') {
        if ((static_cast<unsigned char>(text[bytes]) & 0xC0) != 0x80) {
            if (cells > 0 && count == cells) break;
            ++count;
        }
        ++bytes;
    }
    *characters = count;
    return bytes;
}

}  // namespace

extern "C" {

const uint64_t CVision_BRAILLE_KEY_TYPE_MASK = BRLAPI_KEY_TYPE_MASK;
const uint64_t CVision_BRAILLE_KEY_CODE_MASK = BRLAPI_KEY_CODE_MASK;
const uint64_t CVision_BRAILLE_KEY_TYPE_COMMAND = BRLAPI_KEY_TYPE_CMD;
const uint64_t CVision_BRAILLE_COMMAND_PAN_LEFT = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_FWINLT;
const uint64_t CVision_BRAILLE_COMMAND_PAN_RIGHT = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_FWINRT;
const uint64_t CVision_BRAILLE_COMMAND_LINE_UP = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_LNUP;
const uint64_t CVision_BRAILLE_COMMAND_LINE_DOWN = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_LNDN;
const uint64_t CVision_BRAILLE_COMMAND_FREEZE = BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_FREEZE;

// BrlAPI's default exception handler prints and aborts; ours keeps the complaint instead.
CVision_Status CVision_braille_create(const char *host, const char *auth, CVision_Braille **out,
                                    char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        *out = nullptr;
        auto braille = std::make_unique<CVision_Braille>();
        braille->handle = static_cast<brlapi_handle_t *>(std::calloc(1, brlapi_getHandleSize()));
        if (braille->handle == nullptr) throw std::bad_alloc();
        brlapi_connectionSettings_t settings = {auth, host};
        int opened;
        {
            cvision::NoSigpipe quiet;
            opened = brlapi__openConnection(braille->handle, &settings, nullptr);
        }
        if (opened < 0) {
            const CVision_Status problem = connection_problem();
            cvision::write_message(message, capacity, brlapi_problem());
            std::free(braille->handle);
            return problem;
        }
        braille->connected = true;
        brlapi__setClientData(braille->handle, braille.get());
        brlapi__setExceptionHandler(braille->handle, keep_exception);
        if (!refresh_size(braille.get())) {
            cvision::write_message(message, capacity, brlapi_problem());
            CVision_braille_destroy(braille.release());
            return CVision_ErrorInternal;
        }
        *out = braille.release();
        return CVision_OK;
    });
}

CVision_Status CVision_braille_display_size(CVision_Braille *braille, int *columns, int *rows,
                                            char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        if (!refresh_size(braille)) {
            cvision::write_message(message, capacity, brlapi_problem());
            return CVision_ErrorInternal;
        }
        *columns = braille->columns;
        *rows = braille->rows;
        return CVision_OK;
    });
}

// Commands, not driver key codes, are asked for, so keys mean the same on every display.
CVision_Status CVision_braille_enter_tty_mode(CVision_Braille *braille, int *tty, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        cvision::NoSigpipe quiet;
        int taken = brlapi__enterTtyMode(braille->handle, BRLAPI_TTY_DEFAULT, nullptr);
        // No console or X window to name (a pseudo-terminal, ssh, a test): the root of the
        // tty tree, under $WINDOWPATH or $XDG_VTNR when they are set.
        if (taken < 0 && brlapi_error.brlerrno == BRLAPI_ERROR_UNKNOWNTTY)
            taken = brlapi__enterTtyModeWithPath(braille->handle, nullptr, 0, nullptr);
        if (taken < 0) {
            const bool busy = brlapi_error.brlerrno == BRLAPI_ERROR_TTYBUSY
                || brlapi_error.brlerrno == BRLAPI_ERROR_DEVICEBUSY;
            cvision::write_message(message, capacity, brlapi_problem());
            return busy ? CVision_ErrorInUse : CVision_ErrorInternal;
        }
        braille->in_tty_mode = true;
        *tty = taken;
        return CVision_OK;
    });
}

CVision_Status CVision_braille_write_text(CVision_Braille *braille, const char *utf8, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        {
            std::lock_guard<std::mutex> guard(braille->lock);
            if (!braille->exception.empty()) {
                cvision::write_message(message, capacity, braille->exception);
                braille->exception.clear();
                return CVision_ErrorInternal;
            }
        }
        int characters = 0;
        const size_t bytes = utf8_prefix(utf8, braille->columns * braille->rows, &characters);
        brlapi_writeArguments_t arguments = BRLAPI_WRITEARGUMENTS_INITIALIZER;
        // A negative size pads the rest of the display with blanks; an empty text is one blank.
        arguments.regionBegin = 1;
        arguments.regionSize = characters > 0 ? -characters : -1;
        arguments.text = characters > 0 ? utf8 : " ";
        arguments.textSize = characters > 0 ? int(bytes) : 1;
        arguments.cursor = BRLAPI_CURSOR_OFF;
        arguments.charset = "UTF-8";
        cvision::NoSigpipe quiet;
        if (brlapi__write(braille->handle, &arguments) < 0) {
            cvision::write_message(message, capacity, brlapi_problem());
            return CVision_ErrorInternal;
        }
        return CVision_OK;
    });
}

// `*has_key` is 1 with BrlAPI's raw code, or 0 when none came in time or a signal cut the wait.
CVision_Status CVision_braille_read_key(CVision_Braille *braille, int timeout_ms, int *has_key, uint64_t *code,
                                        char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        *has_key = 0;
        brlapi_keyCode_t key = 0;
        cvision::NoSigpipe quiet;
        const int result = brlapi__readKeyWithTimeout(braille->handle, timeout_ms, &key);
        if (result < 0) {
            if (brlapi_error.brlerrno == BRLAPI_ERROR_LIBCERR && brlapi_error.libcerrno == EINTR) return CVision_OK;
            cvision::write_message(message, capacity, brlapi_problem());
            return CVision_ErrorInternal;
        }
        if (result == 1) {
            *has_key = 1;
            *code = key;
        }
        return CVision_OK;
    });
}

CVision_Status CVision_braille_leave_tty_mode(CVision_Braille *braille, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        if (!braille->in_tty_mode) return CVision_OK;
        braille->in_tty_mode = false;
        cvision::NoSigpipe quiet;
        if (brlapi__leaveTtyMode(braille->handle) < 0) {
            cvision::write_message(message, capacity, brlapi_problem());
            return CVision_ErrorInternal;
        }
        return CVision_OK;
    });
}

void CVision_braille_destroy(CVision_Braille *braille) {
    if (braille == nullptr) return;
    if (braille->connected) {
        cvision::NoSigpipe quiet;
        brlapi__closeConnection(braille->handle);
    }
    std::free(braille->handle);
    delete braille;
}

}  // extern "C"
