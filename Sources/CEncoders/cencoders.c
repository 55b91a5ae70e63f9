#include "cencoders.h"

#include <avif/avif.h>
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
