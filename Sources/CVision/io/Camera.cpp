// Camera buffers in, BGR images out; and libv4l2's variadic calls made callable from Swift.
#include "support/ShimSupport.hpp"

#include <opencv2/imgproc.hpp>

#include <libv4l2.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <turbojpeg.h>

#include <memory>

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

CVision_Status CVision_image_decode_mjpeg(const void *bytes, size_t length, CVision_Image **out,
                                          char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        *out = nullptr;
        const auto *data = static_cast<const unsigned char *>(bytes);
        tjhandle decoder = tjInitDecompress();
        if (decoder == nullptr) {
            cvision::write_message(message, capacity, "TurboJPEG could not start");
            return CVision_ErrorInternal;
        }
        int width = 0, height = 0, subsampling = 0, colorspace = 0;
        CVision_Status status = CVision_OK;
        auto image = std::make_unique<CVision_Image>();
        if (length < 4 || tjDecompressHeader3(decoder, data, (unsigned long)length, &width, &height,
                                              &subsampling, &colorspace) != 0) {
            cvision::write_message(message, capacity, "the frame is not a JPEG picture");
            status = CVision_ErrorCorrupt;
        } else {
            image->bgr.create(height, width, CV_8UC3);
            // Fast DCT: a camera frame is noisier than the difference it makes.
            if (tjDecompress2(decoder, data, (unsigned long)length, image->bgr.data, width, int(image->bgr.step),
                              height, TJPF_BGR, TJFLAG_FASTDCT) != 0) {
                const std::string problem = tjGetErrorStr2(decoder);
                status = cvision::jpeg_problem_status(problem, tjGetErrorCode(decoder) == TJERR_FATAL);
                if (status != CVision_OK) cvision::write_message(message, capacity, problem);
            }
        }
        tjDestroy(decoder);
        if (status == CVision_OK) *out = image.release();
        return status;
    });
}

CVision_Status CVision_image_create_yuyv(const void *pixels, int width, int height, size_t row_bytes,
                                         CVision_Image **out, char *message, size_t capacity) {
    return cvision::guarded(CVision_ErrorInternal, message, capacity, [&] {
        *out = nullptr;
        if (width < 2 || height < 1 || row_bytes < size_t(width) * 2) {
            cvision::write_message(message, capacity, "the frame's size does not fit YUYV");
            return CVision_ErrorDecode;
        }
        const cv::Mat yuyv(height, width, CV_8UC2, const_cast<void *>(pixels), row_bytes);
        auto image = std::make_unique<CVision_Image>();
        cv::cvtColor(yuyv, image->bgr, cv::COLOR_YUV2BGR_YUYV);
        *out = image.release();
        return CVision_OK;
    });
}

}  // extern "C"
