#ifndef MONOGRAM_CTESTCODECS_H
#define MONOGRAM_CTESTCODECS_H

// Codecs for tests only (and the `png-writer` fuzz target): decoders that check what the server
// writes, and the libpng encoder our own PNG writer replaced, kept as the reference it is
// compared with. Statuses are CEncoders' MONOGRAM_ENCODE_*; buffers are malloc'd, freed with
// its monogram_free (or free()).

#include <cencoders.h>
#include <stddef.h>
#include <stdint.h>

/// Decodes an AVIF to straight RGBA8 (`width * height * 4` bytes, freed with monogram_free),
/// refusing images over `max_pixels`. Used by tests and benchmarks to check what we serve.
int monogram_avif_decode(const uint8_t *data, size_t size, size_t max_pixels, uint8_t **out, int *width,
                         int *height, int *detail);

/// Decodes a WebP to straight RGBA8 (freed with monogram_free). For tests and benchmarks.
int monogram_webp_decode(const uint8_t *data, size_t size, uint8_t **out, int *width, int *height);

/// Decodes a PNG to straight RGBA8 (freed with monogram_free) through libpng's simplified API,
/// after checking the file more strictly than libpng: CRCs, chunk order, nothing after IEND,
/// and one zlib stream that inflates to exactly the scanlines' size and ends with the IDAT
/// data. For tests and the fuzz target checking our own PNG writer (`detail` says which check
/// failed). Refuses images over `max_pixels`.
int monogram_png_decode_rgba(const uint8_t *data, size_t size, size_t max_pixels, uint8_t **out, int *width,
                             int *height, int *detail);

/// The avatar encoder before `PNGWriter`: straight-alpha RGBA8 rows (`stride` bytes apart) as an
/// 8-bit RGBA PNG by libpng with zlib level `compression` and no row filters; when
/// `palette_count` is 1…256, `rgba` holds one palette index per pixel and `palette` that many
/// RGBA entries, and an indexed PNG is written. Returns 0 and a malloc'd buffer the caller
/// frees, otherwise non-zero. libpng's errors longjmp, which must never cross Swift frames:
/// every libpng call stays inside this function.
int monogram_png_encode(const unsigned char *rgba, int width, int height, size_t stride, int compression,
                        const unsigned char *palette, int palette_count, unsigned char **out_data, size_t *out_size);

#endif
