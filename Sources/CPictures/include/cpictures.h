#ifndef MONOGRAM_CPICTURES_H
#define MONOGRAM_CPICTURES_H

// The C side of picture fetching and decoding: libcurl (one HTTP exchange, no redirects
// followed), libturbojpeg, libwebp and libpng. Everything that takes C callbacks, setjmp or
// variadic calls lives in cpictures.c; Swift sees plain functions with status codes.

#include <stddef.h>
#include <stdint.h>

// ---------------------------------------------------------------------------------------------
// Fetching

/// Decides whether connecting to an address is allowed: `family` is AF_INET (4 bytes) or
/// AF_INET6 (16 bytes) in network order. Returns non-zero to allow. Called for every address
/// libcurl is about to connect to, so the check is on the address actually used (DNS
/// rebinding cannot slip a private address past a check made on an earlier lookup).
typedef int (*monogram_address_check)(int family, const unsigned char *address);

typedef struct {
    const char *url;
    long connect_timeout_ms;
    long total_timeout_ms;
    /// Largest body accepted; the transfer is aborted as soon as more arrives.
    size_t max_bytes;
    /// NULL allows every address (the allow-list names this host's address explicitly).
    monogram_address_check address_check;
    const char *user_agent;
} monogram_fetch_request;

enum {
    MONOGRAM_FETCH_OK = 0,
    MONOGRAM_FETCH_TOO_LARGE = 1,
    MONOGRAM_FETCH_ADDRESS_REFUSED = 2,
    MONOGRAM_FETCH_TIMEOUT = 3,
    MONOGRAM_FETCH_CONNECT_FAILED = 4,
    MONOGRAM_FETCH_FAILED = 5,
};

typedef struct {
    int outcome;
    long status;
    /// malloc'd; free with monogram_fetch_result_free.
    unsigned char *body;
    size_t body_size;
    /// The absolute redirect target libcurl resolved from Location, or NULL.
    char *location;
    char *cache_control;
    char *content_type;
    char error[256];
} monogram_fetch_result;

/// Calls curl_global_init once; must run before any fetch (thread-safe through Swift's once).
int monogram_fetch_global_init(void);
/// One GET of `request->url`. Fills `result` (always free it afterwards).
void monogram_fetch(const monogram_fetch_request *request, monogram_fetch_result *result);
void monogram_fetch_result_free(monogram_fetch_result *result);

// ---------------------------------------------------------------------------------------------
// Decoding. Every decoder writes cairo's ARGB32 layout: premultiplied, one native-endian
// uint32 per pixel (0xAARRGGBB), rows packed. Header functions read only the dimensions, so
// the pixel limit is checked before any pixel memory is allocated.

enum {
    MONOGRAM_DECODE_OK = 0,
    MONOGRAM_DECODE_INVALID = 1,
    MONOGRAM_DECODE_NO_MEMORY = 2,
};

/// The linked libpng's version (`monogram --version`): libpng lives here, with its one decoder.
const char *monogram_libpng_version(void);

int monogram_png_header(const unsigned char *data, size_t size, int *width, int *height);
/// Decodes the whole PNG into `pixels` (width * height uint32s, allocated by the caller).
int monogram_png_decode_argb(const unsigned char *data, size_t size, uint32_t *pixels, int width, int height);

int monogram_jpeg_header(const unsigned char *data, size_t size, int *width, int *height);
/// Decodes at `width × height`, which must be a DCT-scaled size (k/8 of the stored size,
/// rounded up; PictureHeader.jpegScaledSize).
/// Corrupt or truncated data is an error, not a grey-filled image.
int monogram_jpeg_decode_argb(const unsigned char *data, size_t size, uint32_t *pixels, int width, int height);

/// Dimensions, and whether the bitstream is lossless (VP8L decodes the whole image into a
/// buffer of its own, so it costs 4 bytes per pixel whatever the output size).
int monogram_webp_header(const unsigned char *data, size_t size, int *width, int *height, int *lossless, int *alpha);
/// Decodes the `crop_side` square at (`crop_left`, `crop_top`) scaled to `out_side`
/// (libwebp crops and scales while decoding, so the full image is never held).
int monogram_webp_decode_square_argb(const unsigned char *data, size_t size, int crop_left, int crop_top,
                                     int crop_side, uint32_t *pixels, int out_side);

#endif
