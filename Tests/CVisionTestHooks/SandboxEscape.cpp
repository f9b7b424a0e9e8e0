// SPDX-License-Identifier: GPL-3.0-or-later
// System calls the sandbox probe tries and Swift cannot call (glibc has no io_uring wrapper).
#include "CVisionSandboxEscape.h"

#include <linux/io_uring.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

int CVision_test_io_uring_setup(void) {
    io_uring_params parameters{};
    long ring = syscall(SYS_io_uring_setup, 4, &parameters);
    if (ring < 0) return errno;
    close(static_cast<int>(ring));
    return 0;
}
