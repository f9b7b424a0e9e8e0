// SPDX-License-Identifier: GPL-3.0-or-later
// libv4l2's variadic calls made callable from Swift, and the V4L2 request codes as constants.
#include "CVisionV4L2.h"

#include <libv4l2.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

extern "C" {

const unsigned long CVision_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
const unsigned long CVision_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
const unsigned long CVision_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
const unsigned long CVision_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
const unsigned long CVision_VIDIOC_G_FMT = VIDIOC_G_FMT;
const unsigned long CVision_VIDIOC_S_FMT = VIDIOC_S_FMT;
const unsigned long CVision_VIDIOC_G_PARM = VIDIOC_G_PARM;
const unsigned long CVision_VIDIOC_S_PARM = VIDIOC_S_PARM;
const unsigned long CVision_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
const unsigned long CVision_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
const unsigned long CVision_VIDIOC_QBUF = VIDIOC_QBUF;
const unsigned long CVision_VIDIOC_DQBUF = VIDIOC_DQBUF;
const unsigned long CVision_VIDIOC_STREAMON = VIDIOC_STREAMON;
const unsigned long CVision_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;

int CVision_v4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }

int CVision_v4l2_close(int fd) { return v4l2_close(fd); }

int CVision_v4l2_ioctl(int fd, unsigned long request, void *argument) { return v4l2_ioctl(fd, request, argument); }

void *CVision_v4l2_mmap(int fd, size_t length, int64_t offset) {
    void *start = v4l2_mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (int64_t)offset);
    return start == MAP_FAILED ? nullptr : start;
}

int CVision_v4l2_munmap(void *start, size_t length) { return v4l2_munmap(start, length); }

}  // extern "C"
