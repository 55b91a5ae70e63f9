#include "cencoders.h"

#include <stdlib.h>
#include <turbojpeg.h>

// cairo's ARGB32 is one native-endian 32-bit word per pixel: B, G, R, A in memory on a
// little-endian machine, A, R, G, B on a big-endian one. TurboJPEG reads either layout directly,
// so the encoder needs no RGB copy of the surface.
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MONOGRAM_TJ_NATIVE_ARGB TJPF_BGRX
#else
#define MONOGRAM_TJ_NATIVE_ARGB TJPF_XRGB
#endif

int monogram_jpeg_encode(const uint8_t *argb32, int width, int height, size_t stride, int quality, int subsampling_444,
                         uint8_t **out, size_t *out_size, int *detail) {
    *out = NULL;
    *out_size = 0;
    *detail = 0;
    if (!argb32 || width <= 0 || height <= 0 || width > 65500 || height > 65500 || stride < (size_t)width * 4 ||
        stride > 0x7fffffff || quality < 1 || quality > 100)
        return MONOGRAM_ENCODE_BAD_ARGUMENT;
    int subsampling = subsampling_444 ? TJSAMP_444 : TJSAMP_420;
    // The worst case TurboJPEG states for these dimensions: with TJFLAG_NOREALLOC it writes into
    // this malloc'd buffer and never into its own allocator, so monogram_free can free it.
    unsigned long capacity = tjBufSize(width, height, subsampling);
    if (capacity == (unsigned long)-1) return MONOGRAM_ENCODE_BAD_ARGUMENT;
    unsigned char *buffer = malloc(capacity);
    if (!buffer) return MONOGRAM_ENCODE_OUT_OF_MEMORY;
    tjhandle handle = tjInitCompress();
    if (!handle) {
        free(buffer);
        return MONOGRAM_ENCODE_OUT_OF_MEMORY;
    }
    unsigned long size = capacity;
    int status = tjCompress2(handle, argb32, width, (int)stride, height, MONOGRAM_TJ_NATIVE_ARGB, &buffer, &size,
                             subsampling, quality, TJFLAG_NOREALLOC | TJFLAG_ACCURATEDCT);
    if (status != 0) {
        *detail = tjGetErrorCode(handle);
        tjDestroy(handle);
        free(buffer);
        return MONOGRAM_ENCODE_LIBRARY;
    }
    tjDestroy(handle);
    *out = buffer;
    *out_size = (size_t)size;
    return MONOGRAM_ENCODE_OK;
}

int monogram_jpeg_decode(const uint8_t *data, size_t size, size_t max_pixels, uint8_t **out, int *width, int *height,
                         int *subsampling) {
    *out = NULL;
    *width = 0;
    *height = 0;
    *subsampling = -1;
    if (!data || size == 0 || size > 0x7fffffff) return MONOGRAM_ENCODE_BAD_ARGUMENT;
    tjhandle handle = tjInitDecompress();
    if (!handle) return MONOGRAM_ENCODE_OUT_OF_MEMORY;
    int colorspace = 0;
    int status = MONOGRAM_ENCODE_LIBRARY;
    if (tjDecompressHeader3(handle, data, (unsigned long)size, width, height, subsampling, &colorspace) == 0 &&
        *width > 0 && *height > 0 && (size_t)*width * (size_t)*height <= max_pixels) {
        uint8_t *pixels = malloc((size_t)*width * (size_t)*height * 4);
        if (!pixels) {
            status = MONOGRAM_ENCODE_OUT_OF_MEMORY;
        } else if (tjDecompress2(handle, data, (unsigned long)size, pixels, *width, *width * 4, *height, TJPF_RGBA,
                                 TJFLAG_ACCURATEDCT) != 0) {
            free(pixels);
        } else {
            *out = pixels;
            status = MONOGRAM_ENCODE_OK;
        }
    }
    tjDestroy(handle);
    return status;
}
