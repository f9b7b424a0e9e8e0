// SPDX-License-Identifier: GPL-3.0-or-later
// Test hooks that try what a sandboxed run must not be able to do, for the sandbox probe
// (Tests/SandboxProbe): the system calls Swift cannot make itself.
#ifndef CVISION_SANDBOX_ESCAPE_H
#define CVISION_SANDBOX_ESCAPE_H

#ifdef __cplusplus
extern "C" {
#endif

/// Tries to set up an io_uring (whose requests no seccomp filter sees): 0 when a ring was made
/// (and closed again), else the errno.
int CVision_test_io_uring_setup(void);

#ifdef __cplusplus
}
#endif

#endif
