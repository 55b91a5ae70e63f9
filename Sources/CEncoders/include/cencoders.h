#ifndef MONOGRAM_CENCODERS_H
#define MONOGRAM_CENCODERS_H

// Output encoders beyond libpng: lossless WebP (libwebp), AVIF (libavif with aom), JPEG
// (libjpeg-turbo's TurboJPEG) and raw
// DEFLATE (libdeflate, for our own PNG writer). Each encode call creates and frees its library
// handles inside itself and returns a status, so Swift sees no handle it could leak or share;
// the one handle Swift keeps (a libdeflate compressor, reused per thread) has its own owner,
// `DeflateCompressor`.

#include <libdeflate.h>
#include <stddef.h>
#include <stdint.h>

/// Statuses shared by the functions below: 0 is success.
enum {
    MONOGRAM_ENCODE_OK = 0,
    MONOGRAM_ENCODE_BAD_ARGUMENT = 1,
    MONOGRAM_ENCODE_OUT_OF_MEMORY = 2,
    MONOGRAM_ENCODE_LIBRARY = 3, // the library refused; `detail` holds its own code
};

/// Lossless WebP of straight-alpha RGBA8 rows (`stride` bytes apart). `exact` keeps the RGB of
/// fully transparent pixels; `level` is libwebp's lossless preset (0 fastest … 9 smallest).
/// On success *out is a buffer the caller frees with monogram_free.
int monogram_webp_encode(const uint8_t *rgba, int width, int height, size_t stride, int level, int exact,
                         uint8_t **out, size_t *out_size, int *detail);

/// AVIF (YUV 4:4:4, 8-bit, full range) of straight-alpha RGBA8 rows with the aom encoder.
/// `quantizer` 0 (lossless) … 63 for colour, `alpha_quantizer` likewise for alpha, `speed`
/// aom's 0 (slowest) … 10, one thread. On success *out is freed with monogram_free.
int monogram_avif_encode(const uint8_t *rgba, int width, int height, size_t stride, int quantizer,
                         int alpha_quantizer, int speed, uint8_t **out, size_t *out_size, int *detail);

/// Baseline JPEG (libjpeg-turbo's TurboJPEG API) of opaque pixels in cairo's native-endian ARGB32
/// layout (`stride` bytes a row; alpha is ignored: the caller composites onto the matte first).
/// `quality` 1…100; `subsampling_444` nonzero keeps full-resolution chroma (4:4:4), zero halves
/// it both ways (4:2:0). On success *out is freed with monogram_free.
int monogram_jpeg_encode(const uint8_t *argb32, int width, int height, size_t stride, int quality, int subsampling_444,
                         uint8_t **out, size_t *out_size, int *detail);

/// Decodes a JPEG to RGBA8 (alpha 255; freed with monogram_free), refusing images over
/// `max_pixels`; *subsampling is TurboJPEG's TJSAMP_* of the file. For tests and benchmarks.
int monogram_jpeg_decode(const uint8_t *data, size_t size, size_t max_pixels, uint8_t **out, int *width, int *height,
                         int *subsampling);

/// zlib-wrapped DEFLATE of `in` at libdeflate `level` (0…12) into `out` with the calling
/// thread's own compressor, created on first use and freed when the thread exits (allocating
/// one costs more than compressing a small avatar). Returns the bytes written, 0 when `out` is
/// too small or the level is out of range or memory ran out.
size_t monogram_zlib_compress(int level, const void *in, size_t in_size, void *out, size_t out_capacity);

/// zlib's own deflate at level 1 (what libpng ran before): the fallback for images that are
/// not made of runs (pictures), where it compresses better than libdeflate's level 1.
/// Returns the bytes written, 0 on failure.
size_t monogram_zlib1_compress(const void *in, size_t in_size, void *out, size_t out_capacity);

/// An output size that always suffices for either compressor above with `in_size` bytes.
size_t monogram_zlib_bound(size_t in_size);

/// Frees a buffer returned above (each library has its own allocator; this knows which).
void monogram_free(uint8_t *buffer);

#endif
