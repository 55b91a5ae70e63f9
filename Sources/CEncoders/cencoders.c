#include "cencoders.h"

#include <avif/avif.h>
#include <png.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <zlib.h>

// Every buffer handed to Swift is malloc'd here (copied out of the library's own allocator),
// so one free function serves them all.
void monogram_free(uint8_t *buffer) { free(buffer); }

static int copy_out(const uint8_t *data, size_t size, uint8_t **out, size_t *out_size) {
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) return MONOGRAM_ENCODE_OUT_OF_MEMORY;
    memcpy(copy, data, size);
    *out = copy;
    *out_size = size;
    return MONOGRAM_ENCODE_OK;
}

int monogram_webp_encode(const uint8_t *rgba, int width, int height, size_t stride, int level, int exact,
                         uint8_t **out, size_t *out_size, int *detail) {
    *out = NULL;
    *out_size = 0;
    *detail = 0;
    if (!rgba || width <= 0 || height <= 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION ||
        stride < (size_t)width * 4 || stride > 0x7fffffff)
        return MONOGRAM_ENCODE_BAD_ARGUMENT;
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPConfigLosslessPreset(&config, level) || !WebPPictureInit(&picture))
        return MONOGRAM_ENCODE_BAD_ARGUMENT;
    config.exact = exact ? 1 : 0;
    config.thread_level = 0; // the render pool already runs one render per core
    if (!WebPValidateConfig(&config)) return MONOGRAM_ENCODE_BAD_ARGUMENT;
    picture.use_argb = 1; // lossless works on ARGB; importing straight into it avoids a YUV pass
    picture.width = width;
    picture.height = height;
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int status = MONOGRAM_ENCODE_OK;
    if (!WebPPictureImportRGBA(&picture, rgba, (int)stride)) {
        status = MONOGRAM_ENCODE_OUT_OF_MEMORY;
    } else if (!WebPEncode(&config, &picture)) {
        *detail = (int)picture.error_code;
        status = picture.error_code == VP8_ENC_ERROR_OUT_OF_MEMORY ? MONOGRAM_ENCODE_OUT_OF_MEMORY : MONOGRAM_ENCODE_LIBRARY;
    } else {
        status = copy_out(writer.mem, writer.size, out, out_size);
    }
    WebPPictureFree(&picture);
    WebPMemoryWriterClear(&writer);
    return status;
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

int monogram_avif_encode(const uint8_t *rgba, int width, int height, size_t stride, int quantizer,
                         int alpha_quantizer, int speed, uint8_t **out, size_t *out_size, int *detail) {
    *out = NULL;
    *out_size = 0;
    *detail = 0;
    if (!rgba || width <= 0 || height <= 0 || width > 65536 || height > 65536 || stride < (size_t)width * 4 ||
        stride > 0xffffffffu || quantizer < 0 || quantizer > 63 || alpha_quantizer < 0 || alpha_quantizer > 63 ||
        speed < 0 || speed > 10)
        return MONOGRAM_ENCODE_BAD_ARGUMENT;
    if (!avifCodecName(AVIF_CODEC_CHOICE_AOM, AVIF_CODEC_FLAG_CAN_ENCODE)) return MONOGRAM_ENCODE_LIBRARY;
    avifImage *image = avifImageCreate(width, height, 8, AVIF_PIXEL_FORMAT_YUV444);
    avifEncoder *encoder = avifEncoderCreate();
    avifRWData output = AVIF_DATA_EMPTY;
    int status = MONOGRAM_ENCODE_OK;
    if (!image || !encoder) {
        status = MONOGRAM_ENCODE_OUT_OF_MEMORY;
        goto done;
    }
    image->yuvRange = AVIF_RANGE_FULL;
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.pixels = (uint8_t *)rgba; // read only: avifImageRGBToYUV does not write it
    rgb.rowBytes = (uint32_t)stride;
    avifResult result = avifImageRGBToYUV(image, &rgb);
    if (result == AVIF_RESULT_OK) {
        encoder->codecChoice = AVIF_CODEC_CHOICE_AOM;
        encoder->maxThreads = 1;
        encoder->speed = speed;
        encoder->minQuantizer = quantizer;
        encoder->maxQuantizer = quantizer;
        encoder->minQuantizerAlpha = alpha_quantizer;
        encoder->maxQuantizerAlpha = alpha_quantizer;
        result = avifEncoderWrite(encoder, image, &output);
    }
    if (result != AVIF_RESULT_OK) {
        *detail = (int)result;
        status = result == AVIF_RESULT_OUT_OF_MEMORY ? MONOGRAM_ENCODE_OUT_OF_MEMORY : MONOGRAM_ENCODE_LIBRARY;
    } else {
        status = copy_out(output.data, output.size, out, out_size);
    }
done:
    avifRWDataFree(&output);
    if (encoder) avifEncoderDestroy(encoder);
    if (image) avifImageDestroy(image);
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

// One compressor per thread and level, owned by the thread: the key's destructor frees them
// when the thread exits, so a render worker allocates each at most once.
enum { MONOGRAM_DEFLATE_LEVELS = 13 };
typedef struct { struct libdeflate_compressor *levels[MONOGRAM_DEFLATE_LEVELS]; } monogram_compressors;
static pthread_key_t compressors_key;
static pthread_once_t compressors_once = PTHREAD_ONCE_INIT;
static int compressors_key_ok;

static void free_compressors(void *pointer) {
    monogram_compressors *compressors = pointer;
    for (int i = 0; i < MONOGRAM_DEFLATE_LEVELS; i++)
        if (compressors->levels[i]) libdeflate_free_compressor(compressors->levels[i]);
    free(compressors);
}

static void make_compressors_key(void) { compressors_key_ok = pthread_key_create(&compressors_key, free_compressors) == 0; }

size_t monogram_zlib_compress(int level, const void *in, size_t in_size, void *out, size_t out_capacity) {
    if (level < 0 || level >= MONOGRAM_DEFLATE_LEVELS) return 0;
    pthread_once(&compressors_once, make_compressors_key);
    if (!compressors_key_ok) return 0;
    monogram_compressors *compressors = pthread_getspecific(compressors_key);
    if (!compressors) {
        compressors = calloc(1, sizeof *compressors);
        if (!compressors) return 0;
        if (pthread_setspecific(compressors_key, compressors) != 0) {
            free(compressors);
            return 0;
        }
    }
    if (!compressors->levels[level]) {
        compressors->levels[level] = libdeflate_alloc_compressor(level);
        if (!compressors->levels[level]) return 0;
    }
    return libdeflate_zlib_compress(compressors->levels[level], in, in_size, out, out_capacity);
}

size_t monogram_zlib1_compress(const void *in, size_t in_size, void *out, size_t out_capacity) {
    uLongf written = (uLongf)out_capacity;
    if (in_size > 0xffffffffu || out_capacity > 0xffffffffu) return 0;
    return compress2(out, &written, in, (uLong)in_size, 1) == Z_OK ? (size_t)written : 0;
}

size_t monogram_zlib_bound(size_t in_size) {
    size_t a = libdeflate_zlib_compress_bound(NULL, in_size), b = compressBound((uLong)in_size);
    return a > b ? a : b;
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
