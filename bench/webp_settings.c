// WebP settings for one avatar (issue 26): bytes and cost of libwebp's lossless encoder at a given
// preset level (and `exact`, and `method`/`quality` over the preset), on the straight RGBA of a PNG
// Monogram served. The encode is Sources/CEncoders/cencoders.c's monogram_webp_encode (lossless
// preset, one thread, ARGB import) with the settings as parameters.
//
//   webp_settings [-l level 0-9] [-e exact 0|1] [-m method 0-6] [-q quality 0-100] [-n encodes] in.png
// Prints one line: "level=… exact=… method=… quality=… bytes=… png_bytes=… lossless=yes|no".
// lossless: the decoded WebP equals the PNG's straight RGBA (with exact=0, RGB under alpha 0 may
// differ; those pixels are compared by alpha only). For instruction counts run it under
// callgrind with --toggle-collect=encode_once and divide by -n:
//   valgrind --tool=callgrind --toggle-collect=encode_once bench-out/webp_settings -n 3 … in.png
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <webp/decode.h>
#include <webp/encode.h>

static int level = 1, exact = 1, method = -1, quality = -1;

__attribute__((noinline)) static int encode_once(const uint8_t *rgba, int width, int height, WebPMemoryWriter *writer) {
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPConfigLosslessPreset(&config, level) || !WebPPictureInit(&picture)) return 0;
    config.exact = exact;
    config.thread_level = 0;
    if (method >= 0) config.method = method;
    if (quality >= 0) config.quality = (float)quality;
    if (!WebPValidateConfig(&config)) return 0;
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    WebPMemoryWriterInit(writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = writer;
    int ok = WebPPictureImportRGBA(&picture, rgba, width * 4) && WebPEncode(&config, &picture);
    WebPPictureFree(&picture);
    return ok;
}

int main(int argc, char **argv) {
    int encodes = 1, option;
    while ((option = getopt(argc, argv, "l:e:m:q:n:")) != -1) {
        switch (option) {
        case 'l': level = atoi(optarg); break;
        case 'e': exact = atoi(optarg); break;
        case 'm': method = atoi(optarg); break;
        case 'q': quality = atoi(optarg); break;
        case 'n': encodes = atoi(optarg); break;
        default: fprintf(stderr, "usage: %s [-l level] [-e exact] [-m method] [-q quality] [-n encodes] in.png\n", argv[0]); return 2;
        }
    }
    if (optind >= argc) { fprintf(stderr, "no input PNG\n"); return 2; }
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&png, argv[optind])) { fprintf(stderr, "%s: %s\n", argv[optind], png.message); return 1; }
    png.format = PNG_FORMAT_RGBA;
    int width = (int)png.width, height = (int)png.height;
    uint8_t *rgba = malloc((size_t)width * height * 4);
    if (!png_image_finish_read(&png, NULL, rgba, 0, NULL)) { fprintf(stderr, "%s: %s\n", argv[optind], png.message); return 1; }
    WebPMemoryWriter writer;
    for (int i = 0; i < encodes; i++) {
        if (i > 0) WebPMemoryWriterClear(&writer);
        if (!encode_once(rgba, width, height, &writer)) { fprintf(stderr, "encode failed\n"); return 1; }
    }
    int w = 0, h = 0;
    uint8_t *back = WebPDecodeRGBA(writer.mem, writer.size, &w, &h);
    int lossless = back && w == width && h == height;
    for (size_t i = 0; lossless && i < (size_t)width * height; i++) {
        const uint8_t *a = rgba + 4 * i, *b = back + 4 * i;
        lossless = a[3] == b[3] && (a[3] == 0 ? exact == 0 || memcmp(a, b, 3) == 0 : memcmp(a, b, 3) == 0);
    }
    struct stat st;
    stat(argv[optind], &st);
    printf("level=%d exact=%d method=%d quality=%d bytes=%zu png_bytes=%lld lossless=%s\n", level, exact, method, quality,
           writer.size, (long long)st.st_size, lossless ? "yes" : "no");
    WebPFree(back);
    WebPMemoryWriterClear(&writer);
    free(rgba);
    return 0;
}
