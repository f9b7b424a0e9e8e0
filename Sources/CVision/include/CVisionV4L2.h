// SPDX-License-Identifier: GPL-3.0-or-later
// The camera's system-call seam: libv4l2's calls, variadic in C (so Swift cannot call them),
// made callable, and the V4L2 request codes, function-like macros Swift cannot import. The
// kernel's own structs come from <linux/videodev2.h> unchanged. These calls alone keep the
// system's convention (a file descriptor, -1 and errno) rather than a handle, a status and a
// message, and libv4l2's names: they are where Swift's one system-call wrapper turns errno into
// typed errors, and where the injected test camera stands in for the driver.
#ifndef CVISION_V4L2_H
#define CVISION_V4L2_H

#include <linux/videodev2.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// V4L2 request codes, one per ioctl the capture code makes.
extern const unsigned long CVision_VIDIOC_QUERYCAP;
extern const unsigned long CVision_VIDIOC_ENUM_FMT;
extern const unsigned long CVision_VIDIOC_ENUM_FRAMESIZES;
extern const unsigned long CVision_VIDIOC_ENUM_FRAMEINTERVALS;
extern const unsigned long CVision_VIDIOC_G_FMT;
extern const unsigned long CVision_VIDIOC_S_FMT;
extern const unsigned long CVision_VIDIOC_G_PARM;
extern const unsigned long CVision_VIDIOC_S_PARM;
extern const unsigned long CVision_VIDIOC_REQBUFS;
extern const unsigned long CVision_VIDIOC_QUERYBUF;
extern const unsigned long CVision_VIDIOC_QBUF;
extern const unsigned long CVision_VIDIOC_DQBUF;
extern const unsigned long CVision_VIDIOC_STREAMON;
extern const unsigned long CVision_VIDIOC_STREAMOFF;

/// libv4l2's open: passes native formats straight through and converts odd ones (vendor
/// Bayer, compressed YUV) to BGR24 when asked for it. Returns the fd, or -1 with errno.
int CVision_v4l2_open(const char *path, int flags);
/// libv4l2's close, which also frees what its open set up for the fd.
int CVision_v4l2_close(int fd);
/// libv4l2's ioctl (variadic in C). Returns -1 with errno on failure.
int CVision_v4l2_ioctl(int fd, unsigned long request, void *argument);
/// Maps a driver buffer for reading and writing; NULL with errno on failure.
void *CVision_v4l2_mmap(int fd, size_t length, int64_t offset);
/// Unmaps a buffer CVision_v4l2_mmap mapped (libv4l2 may have mapped a conversion buffer instead).
int CVision_v4l2_munmap(void *start, size_t length);

#ifdef __cplusplus
}
#endif

#endif
