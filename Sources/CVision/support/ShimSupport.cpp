// SPDX-License-Identifier: GPL-3.0-or-later
// ShimSupport.hpp's out-of-line helpers, and the one switch that silences OpenCV's and Leptonica's logs.
#include "support/ShimSupport.hpp"

#include <opencv2/core/utils/logger.hpp>

#include <fcntl.h>
#include <leptonica/allheaders.h>
#include <unistd.h>

#include <mutex>

namespace {

// OpenCV logs warnings (e.g. "can't read header") to stderr; a screen-reader user would
// hear them. Every failure is reported through our own one-sentence messages instead.
struct SilenceOpenCVLogging {
    SilenceOpenCVLogging() {
        cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
        setMsgSeverity(L_SEVERITY_NONE);  // Leptonica's, likewise
    }
} silence_opencv_logging;

std::mutex quiet_lock;
int quiet_depth = 0;
int saved_stderr = -1;

}  // namespace

namespace cvision {

CVision_Status jpeg_problem_status(const std::string &problem, bool fatal) {
    if (problem.find("Premature end of JPEG file") != std::string::npos) return CVision_ErrorTruncated;
    // Stray bytes between segments are harmless (some cameras write them); anything else
    // means corrupt picture data.
    if (fatal || problem.find("extraneous bytes") == std::string::npos) return CVision_ErrorCorrupt;
    return CVision_OK;
}

QuietStderr::QuietStderr() {
    std::lock_guard<std::mutex> guard(quiet_lock);
    if (quiet_depth++ > 0) return;
    std::fflush(stderr);
    saved_stderr = dup(STDERR_FILENO);
    int null_device = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null_device >= 0) {
        dup2(null_device, STDERR_FILENO);
        close(null_device);
    }
}

QuietStderr::~QuietStderr() {
    std::lock_guard<std::mutex> guard(quiet_lock);
    if (--quiet_depth > 0) return;
    std::fflush(stderr);
    if (saved_stderr >= 0) {
        dup2(saved_stderr, STDERR_FILENO);
        close(saved_stderr);
        saved_stderr = -1;
    }
}

}  // namespace cvision
