// Video files, read frame by frame through OpenCV's FFmpeg backend.
#ifndef CVISION_VIDEO_H
#define CVISION_VIDEO_H

#include "CVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// An open video file, read frame by frame. Never used from two threads at once.
typedef struct CVision_Video CVision_Video;

/// Opens the file at `path`, so frames can be read one at a time instead of decoded at once.
CVision_Status CVision_video_create(const char *path, CVision_Video **out, char *message, size_t message_capacity);
/// Closes the file and frees the handle (NULL is ignored).
void CVision_video_destroy(CVision_Video *video);
/// The container's nominal frame rate, or 0 when it does not say.
double CVision_video_frames_per_second(const CVision_Video *video);
/// The container's frame count, or 0 when it does not say.
int CVision_video_frame_count(const CVision_Video *video);

/// Decodes the next frame into a new image and its presentation time in milliseconds.
/// `*image` is NULL at the end of the stream.
CVision_Status CVision_video_read(CVision_Video *video, CVision_Image **image, double *milliseconds,
                                  char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif
