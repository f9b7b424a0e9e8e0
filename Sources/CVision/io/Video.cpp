// SPDX-License-Identifier: GPL-3.0-or-later
// Video files through OpenCV's FFmpeg backend.
#include "support/ShimSupport.hpp"

#include <opencv2/videoio.hpp>

extern "C" {
#include <libavutil/log.h>
}

#include <cstdarg>
#include <memory>
#include <mutex>

namespace {

/// FFmpeg errors reported on this thread: the demuxer runs on the thread reading frames (the
/// decoder's own threads report elsewhere), so a read that meets a cut-short file counts here,
/// and videos read side by side on other threads do not disturb the count.
thread_local unsigned long demuxer_errors = 0;

/// Every FFmpeg log line goes here instead of to stderr ("[h264 @ 0x…] Invalid NAL unit size"
/// would be read out by a screen reader); errors are only counted.
void discard_ffmpeg_log(void *, int level, const char *, va_list) {
    if (level <= AV_LOG_ERROR) ++demuxer_errors;
}

/// Installed before and after each open: OpenCV registers FFmpeg on the first open and, if
/// OPENCV_FFMPEG_LOGLEVEL is set, puts in a callback of its own that prints to stdout.
void silence_ffmpeg() {
    static std::mutex lock;
    std::lock_guard<std::mutex> guard(lock);
    av_log_set_callback(discard_ffmpeg_log);
}

}  // namespace

using cvision::guarded;
using cvision::write_message;

struct CVision_Video {
    cv::VideoCapture capture;
};

CVision_Status CVision_video_create(const char *path, CVision_Video **out, char *message, size_t capacity) {
    *out = nullptr;
    cvision::QuietStderr quiet;  // anything printed directly, before the callback is in place
    silence_ffmpeg();
    return guarded(CVision_ErrorDecode, message, capacity, [&] {
        auto video = std::make_unique<CVision_Video>();
        const bool opened = video->capture.open(path, cv::CAP_FFMPEG);
        silence_ffmpeg();
        if (!opened) {
            write_message(message, capacity, "FFmpeg could not open it as a video");
            return CVision_ErrorDecode;
        }
        *out = video.release();
        return CVision_OK;
    });
}

void CVision_video_destroy(CVision_Video *video) { delete video; }

double CVision_video_frames_per_second(const CVision_Video *video) {
    return video->capture.get(cv::CAP_PROP_FPS);
}

int CVision_video_frame_count(const CVision_Video *video) {
    return int(video->capture.get(cv::CAP_PROP_FRAME_COUNT));
}

int CVision_video_width(const CVision_Video *video) { return int(video->capture.get(cv::CAP_PROP_FRAME_WIDTH)); }
int CVision_video_height(const CVision_Video *video) { return int(video->capture.get(cv::CAP_PROP_FRAME_HEIGHT)); }

CVision_Status CVision_video_read(CVision_Video *video, CVision_Image **image, double *milliseconds,
                                  char *message, size_t capacity) {
    *image = nullptr;
    *milliseconds = 0;
    cvision::QuietStderr quiet;
    return guarded(CVision_ErrorDecode, message, capacity, [&] {
        cv::Mat frame;
        const unsigned long errors_before = demuxer_errors;
        if (!video->capture.read(frame) || frame.empty()) {
            if (demuxer_errors == errors_before) return CVision_OK;  // end of stream
            write_message(message, capacity, "the stream breaks off: the file is damaged or cut short");
            return CVision_ErrorTruncated;
        }
        *milliseconds = video->capture.get(cv::CAP_PROP_POS_MSEC);
        if (frame.type() != CV_8UC3) {
            write_message(message, capacity, "the video's frames are not 8-bit colour");
            return CVision_ErrorDecode;
        }
        *image = new CVision_Image{std::move(frame), 0};
        return CVision_OK;
    });
}
