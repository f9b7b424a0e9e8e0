// SPDX-License-Identifier: GPL-3.0-or-later
// Video files, read frame by frame through OpenCV's FFmpeg backend.
#ifndef CVISION_VIDEO_H
#define CVISION_VIDEO_H

#include "CVision.h"

#ifdef __cplusplus
extern "C" {
#endif

/// An open video file, read frame by frame. Never used from two threads at once.
typedef struct CVision_Video CVision_Video;

/// Opens the file at `path` (bytes as the file system holds them), so frames can be read one at
/// a time instead of decoded at once. FFmpeg's own log lines are discarded from here on: a
/// screen reader would read them out; problems come back as statuses instead.
CVision_Status CVision_video_create(const char *path, CVision_Video **out, char *message, size_t message_capacity);
/// Closes the file and frees the handle (NULL is ignored).
void CVision_video_destroy(CVision_Video *video);
/// The container's nominal frame rate, or 0 when it does not say.
double CVision_video_frames_per_second(const CVision_Video *video);
/// The container's frame count, or 0 when it does not say.
int CVision_video_frame_count(const CVision_Video *video);
/// The frames' size in pixels as the container states it, or 0 when it does not say: checked
/// against a limit before any frame is decoded.
int CVision_video_width(const CVision_Video *video);
int CVision_video_height(const CVision_Video *video);

/// Decodes the next frame into a new image and its presentation time in milliseconds.
/// `*image` is NULL at the end of the stream. A stream that breaks off because the file is
/// damaged or cut short (FFmpeg reported an error while reading it) ends with
/// CVision_ErrorTruncated instead.
CVision_Status CVision_video_read(CVision_Video *video, CVision_Image **image, double *milliseconds,
                                  char *message, size_t message_capacity);

#ifdef __cplusplus
}
#endif

#endif
