#include "ctestcodecs.h"

#include <avif/avif.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <zlib.h>

// Codecs only the tests (and the `png-writer` fuzz target) use, moved out of the product's C
// targets: decoders that check what the server writes, and the libpng encoder our PNG writer
// replaced, kept as the reference it is compared with. Every buffer handed to Swift is
// malloc'd, so CEncoders' monogram_free frees it.

static int copy_out(const uint8_t *data, size_t size, uint8_t **out, size_t *out_size) {
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) return MONOGRAM_ENCODE_OUT_OF_MEMORY;
    memcpy(copy, data, size);
    *out = copy;
    *out_size = size;
    return MONOGRAM_ENCODE_OK;
}

int monogram_webp_decode(const uint8_t *data, size_t size, uint8_t **out, int *width, int *height) {
    *out = NULL;
    if (!data || !WebPGetInfo(data, size, width, height)) return MONOGRAM_ENCODE_BAD_ARGUMENT;
    uint8_t *pixels = WebPDecodeRGBA(data, size, width, height);
    if (!pixels) return MONOGRAM_ENCODE_LIBRARY;
    size_t bytes = (size_t)*width * (size_t)*height * 4;
    size_t ignored;
    int status = copy_out(pixels, bytes, out, &ignored);
    WebPFree(pixels);
    return status;
}

int monogram_avif_decode(const uint8_t *data, size_t size, size_t max_pixels, uint8_t **out, int *width,
                         int *height, int *detail) {
    *out = NULL;
    *detail = 0;
    if (!data) return MONOGRAM_ENCODE_BAD_ARGUMENT;
    avifDecoder *decoder = avifDecoderCreate();
    avifImage *image = avifImageCreateEmpty();
    int status = MONOGRAM_ENCODE_OK;
    avifRGBImage rgb;
    memset(&rgb, 0, sizeof rgb);
    if (!decoder || !image) {
        status = MONOGRAM_ENCODE_OUT_OF_MEMORY;
        goto done;
    }
    decoder->maxThreads = 1;
    decoder->imageSizeLimit = (uint32_t)(max_pixels < 0xffffffffu ? max_pixels : 0xffffffffu);
    avifResult result = avifDecoderReadMemory(decoder, image, data, size);
    if (result == AVIF_RESULT_OK) {
        avifRGBImageSetDefaults(&rgb, image);
        rgb.format = AVIF_RGB_FORMAT_RGBA;
        rgb.depth = 8;
        avifRGBImageAllocatePixels(&rgb);
        result = avifImageYUVToRGB(image, &rgb);
    }
    if (result != AVIF_RESULT_OK) {
        *detail = (int)result;
        status = MONOGRAM_ENCODE_LIBRARY;
        goto done;
    }
    uint8_t *pixels = malloc((size_t)rgb.width * rgb.height * 4);
    if (!pixels) {
        status = MONOGRAM_ENCODE_OUT_OF_MEMORY;
        goto done;
    }
    for (uint32_t y = 0; y < rgb.height; y++) memcpy(pixels + (size_t)y * rgb.width * 4, rgb.pixels + (size_t)y * rgb.rowBytes, (size_t)rgb.width * 4);
    *out = pixels;
    *width = (int)rgb.width;
    *height = (int)rgb.height;
done:
    avifRGBImageFreePixels(&rgb);
    if (image) avifImageDestroy(image);
    if (decoder) avifDecoderDestroy(decoder);
    return status;
}

// ---- Checking our own PNG writer (tests and the `png-writer` fuzz target) ----

static uint32_t big_endian_u32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

// The chunk layout and the zlib stream, checked more strictly than libpng does (it tolerates
// some trailing data): signature; IHDR first; CRCs; consecutive IDATs; IEND last and nothing
// after; one zlib stream (adler32 checked by zlib) that inflates to exactly `expected` bytes and
// ends exactly where the IDAT data does.
static int check_png_structure(const uint8_t *data, size_t size, size_t expected_for(uint32_t, uint32_t, int, int), uint32_t *w, uint32_t *h) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    if (size < 8 || memcmp(data, signature, 8) != 0) return 10;
    size_t at = 8, expected = 0;
    int seen_header = 0, idat_state = 0, ended = 0; // idat_state: 0 none yet, 1 in IDATs, 2 after them
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return MONOGRAM_ENCODE_OUT_OF_MEMORY;
    uint8_t *inflated = NULL;
    int status = 0, stream_ended = 0;
    while (!ended) {
        if (size - at < 12) { status = 11; break; }
        uint32_t length = big_endian_u32(data + at);
        if (length > 0x7fffffffu || size - at - 12 < length) { status = 12; break; }
        const uint8_t *type = data + at + 4, *body = data + at + 8;
        if ((uint32_t)crc32(crc32(0, NULL, 0), type, length + 4) != big_endian_u32(body + length)) { status = 13; break; }
        int is_idat = memcmp(type, "IDAT", 4) == 0;
        if (!seen_header) {
            if (memcmp(type, "IHDR", 4) != 0 || length != 13) { status = 14; break; }
            *w = big_endian_u32(body);
            *h = big_endian_u32(body + 4);
            if (*w == 0 || *h == 0 || body[10] != 0 || body[11] != 0 || body[12] != 0) { status = 15; break; }
            expected = expected_for(*w, *h, body[8], body[9]);
            if (expected == 0) { status = 16; break; }
            inflated = malloc(expected);
            if (!inflated) { status = MONOGRAM_ENCODE_OUT_OF_MEMORY; break; }
            stream.next_out = inflated;
            stream.avail_out = (uInt)expected;
            seen_header = 1;
        } else if (is_idat) {
            if (idat_state == 2 || stream_ended) { status = 17; break; }
            idat_state = 1;
            stream.next_in = (Bytef *)body;
            stream.avail_in = length;
            int result = inflate(&stream, Z_NO_FLUSH);
            if (result == Z_STREAM_END) stream_ended = 1;
            else if (result != Z_OK && !(result == Z_BUF_ERROR && length == 0)) { status = 18; break; }
            if (stream.avail_in != 0) { status = 19; break; } // data after the stream's end
        } else {
            if (idat_state == 1) idat_state = 2;
            if (memcmp(type, "IEND", 4) == 0) {
                if (length != 0 || at + 12 != size) { status = 20; break; }
                ended = 1;
            }
        }
        at += 12 + (size_t)length;
    }
    if (status == 0 && (!stream_ended || stream.total_out != expected)) status = 21;
    inflateEnd(&stream);
    free(inflated);
    return status;
}

static size_t png_scanline_bytes(uint32_t width, uint32_t height, int depth, int colour_type) {
    int channels = colour_type == 6 ? 4 : colour_type == 3 ? 1 : colour_type == 2 ? 3 : colour_type == 0 ? 1 : 0;
    if (!channels || (depth != 1 && depth != 2 && depth != 4 && depth != 8) || (depth < 8 && colour_type != 3 && colour_type != 0)) return 0;
    if ((uint64_t)width * height > (1u << 28)) return 0;
    return (size_t)height * (1 + ((size_t)width * (size_t)channels * (size_t)depth + 7) / 8);
}

int monogram_png_decode_rgba(const uint8_t *data, size_t size, size_t max_pixels, uint8_t **out, int *width, int *height, int *detail) {
    *out = NULL;
    *detail = 0;
    if (!data) return MONOGRAM_ENCODE_BAD_ARGUMENT;
    uint32_t w = 0, h = 0;
    int structure = check_png_structure(data, size, png_scanline_bytes, &w, &h);
    if (structure != 0) {
        *detail = structure;
        return structure == MONOGRAM_ENCODE_OUT_OF_MEMORY ? structure : MONOGRAM_ENCODE_LIBRARY;
    }
    if ((uint64_t)w * h > max_pixels) return MONOGRAM_ENCODE_BAD_ARGUMENT;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        *detail = 30;
        return MONOGRAM_ENCODE_LIBRARY;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (!pixels) {
        png_image_free(&image);
        return MONOGRAM_ENCODE_OUT_OF_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        free(pixels);
        *detail = 31;
        return MONOGRAM_ENCODE_LIBRARY;
    }
    *out = pixels;
    *width = (int)image.width;
    *height = (int)image.height;
    return MONOGRAM_ENCODE_OK;
}

// ---------------------------------------------------------------------------------------------
// PNG encoding. libpng reports errors by longjmp-ing out of png_error, which must never cross
// Swift frames, so every libpng call of the encoder lives in this one C function and Swift only
// sees a status.

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} monogram_png_buffer;

// png_set_write_fn callback: append to a growable malloc'd buffer instead of a FILE.
static void monogram_png_write_callback(png_structp png, png_bytep bytes, png_size_t length) {
    monogram_png_buffer *buffer = (monogram_png_buffer *)png_get_io_ptr(png);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(buffer->data, capacity);
        if (!grown) png_error(png, "out of memory"); // longjmps back into the encoder below
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
}

static void monogram_png_flush_callback(png_structp png) { (void)png; }

/// Encodes straight-alpha RGBA8 rows (`stride` bytes apart) as an 8-bit RGBA PNG with zlib
/// level `compression` and no row filters (the fastest combination that still compresses flat
/// avatars well). When `palette_count` is 1…256, `rgba` instead holds one palette index per
/// pixel and `palette` holds `palette_count` RGBA entries: an indexed PNG is written.
/// On success returns 0 and a malloc'd buffer the caller must free(); otherwise non-zero.
int monogram_png_encode(const unsigned char *rgba, int width, int height, size_t stride,
                        int compression, const unsigned char *palette, int palette_count,
                        unsigned char **out_data, size_t *out_size) {
    *out_data = NULL;
    *out_size = 0;
    if (width <= 0 || height <= 0) return 1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return 2;
    png_infop info = png_create_info_struct(png);
    png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (size_t)height);
    // Heap-allocated so its contents are certain after a longjmp (no volatile locals needed).
    monogram_png_buffer *buffer = (monogram_png_buffer *)calloc(1, sizeof(monogram_png_buffer));
    if (!info || !rows || !buffer) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(rows);
        free(buffer);
        return 2;
    }
    for (int y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * stride);

    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(rows);
        free(buffer->data);
        free(buffer);
        return 3;
    }
    png_set_write_fn(png, buffer, monogram_png_write_callback, monogram_png_flush_callback);
    png_set_compression_level(png, compression);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    if (palette && palette_count > 0 && palette_count <= 256) {
        int depth = palette_count <= 2 ? 1 : palette_count <= 4 ? 2 : palette_count <= 16 ? 4 : 8;
        png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, depth, PNG_COLOR_TYPE_PALETTE,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_color colours[256];
        png_byte alphas[256];
        for (int i = 0; i < palette_count; i++) {
            colours[i].red = palette[i * 4];
            colours[i].green = palette[i * 4 + 1];
            colours[i].blue = palette[i * 4 + 2];
            alphas[i] = palette[i * 4 + 3];
        }
        png_set_PLTE(png, info, colours, palette_count);
        png_set_tRNS(png, info, alphas, palette_count, NULL);
        png_write_info(png, info);
        if (depth < 8) png_set_packing(png); // rows hold one index per byte; libpng packs them
    } else {
        png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
    }
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    *out_data = buffer->data;
    *out_size = buffer->size;
    free(buffer);
    return 0;
}
