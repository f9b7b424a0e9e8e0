// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers shared by the shim's C++ files; never included from a public header.
#pragma once

#include "CVision.h"

#include <opencv2/core.hpp>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <pthread.h>
#include <exception>
#include <string>

struct CVision_Image {
    cv::Mat bgr;                // CV_8UC3, continuous or not
    int pixels_per_inch = 0;    // from the file's metadata; 0 when unknown
};

namespace cvision {

/// Copies a developer's detail (a library's own text) into the caller's buffer, always
/// NUL-terminated. The user hears the status, worded by the caller.
inline void write_message(char *buffer, size_t capacity, const std::string &text) {
    if (buffer == nullptr || capacity == 0) return;
    std::snprintf(buffer, capacity, "%s", text.c_str());
}

/// Runs `body`, turning any C++ exception into `failure` plus its message, so that no
/// exception ever unwinds into Swift.
template <typename Body>
CVision_Status guarded(CVision_Status failure, char *message, size_t capacity, Body body) {
    try {
        return body();
    } catch (const cv::Exception &error) {
        write_message(message, capacity, error.msg);
    } catch (const std::exception &error) {
        write_message(message, capacity, error.what());
    } catch (...) {
        write_message(message, capacity, "unknown error");
    }
    return failure;
}

/// What a TurboJPEG complaint means for the picture: cut short, corrupt, or harmless.
CVision_Status jpeg_problem_status(const std::string &problem, bool fatal);

/// While alive, sends the process's stderr to /dev/null. Image libraries (libpng, libjpeg,
/// libtiff) and OpenCV's decoders print their complaints there, and a screen-reader user
/// would hear every one; we report problems in our own sentences instead. Reference-counted,
/// so overlapping decodes on worker threads restore stderr only when the last one ends.
class QuietStderr {
public:
    QuietStderr();
    ~QuietStderr();
    QuietStderr(const QuietStderr &) = delete;
    QuietStderr &operator=(const QuietStderr &) = delete;
};

/// While alive, a connection the other side has closed gives EPIPE instead of SIGPIPE, which
/// would kill the process: libspeechd and BrlAPI write to their sockets without MSG_NOSIGNAL.
/// Only this thread's mask changes, and a SIGPIPE already pending before is left for its owner.
class NoSigpipe {
public:
    NoSigpipe() {
        sigemptyset(&pipe_);
        sigaddset(&pipe_, SIGPIPE);
        sigset_t pending;
        sigpending(&pending);
        was_pending_ = sigismember(&pending, SIGPIPE) == 1;
        pthread_sigmask(SIG_BLOCK, &pipe_, &previous_);
    }
    ~NoSigpipe() {
        if (!was_pending_) {
            sigset_t pending;
            sigpending(&pending);
            if (sigismember(&pending, SIGPIPE) == 1) {
                const timespec now{0, 0};
                while (sigtimedwait(&pipe_, nullptr, &now) == -1 && errno == EINTR) {}
            }
        }
        pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
    }
    NoSigpipe(const NoSigpipe &) = delete;
    NoSigpipe &operator=(const NoSigpipe &) = delete;

private:
    sigset_t pipe_, previous_;
    bool was_pending_ = false;
};

}  // namespace cvision
