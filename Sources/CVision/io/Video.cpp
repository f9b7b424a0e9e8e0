// Video files through OpenCV's FFmpeg backend.
#include "support/ShimSupport.hpp"

#include <opencv2/videoio.hpp>

#include <memory>

using cvision::guarded;
using cvision::write_message;

struct CVision_Video {
    cv::VideoCapture capture;
};

CVision_Status CVision_video_create(const char *path, CVision_Video **out, char *message, size_t capacity) {
    *out = nullptr;
    cvision::QuietStderr quiet;  // FFmpeg prints its own diagnostics
    return guarded(CVision_ErrorDecode, message, capacity, [&] {
        auto video = std::make_unique<CVision_Video>();
        if (!video->capture.open(path, cv::CAP_FFMPEG)) {
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

CVision_Status CVision_video_read(CVision_Video *video, CVision_Image **image, double *milliseconds,
                                  char *message, size_t capacity) {
    *image = nullptr;
    *milliseconds = 0;
    cvision::QuietStderr quiet;
    return guarded(CVision_ErrorDecode, message, capacity, [&] {
        cv::Mat frame;
        if (!video->capture.read(frame) || frame.empty()) return CVision_OK;  // end of stream
        *milliseconds = video->capture.get(cv::CAP_PROP_POS_MSEC);
        if (frame.type() != CV_8UC3) {
            write_message(message, capacity, "the video's frames are not 8-bit colour");
            return CVision_ErrorDecode;
        }
        *image = new CVision_Image{std::move(frame), 0};
        return CVision_OK;
    });
}
