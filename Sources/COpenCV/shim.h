// Intentionally empty: this module exists only to carry pkg-config's opencv4 flags
// to the CVision shim. OpenCV's C++ headers never reach Swift.
