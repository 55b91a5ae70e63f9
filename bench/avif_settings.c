// AVIF settings for one avatar (issue 26): bytes, quality and cost of libavif's encoders at a
// given speed and quantizer, on the straight RGBA of a PNG Monogram served. The encode is
// Sources/CEncoders/cencoders.c's monogram_avif_encode (4:4:4, full range, one thread, one
// quantizer for colour and one for alpha) with the codec and speed as parameters.
//
//   avif_settings [-c aom|rav1e|svt] [-s speed] [-q quantizer] [-a alpha-quantizer] [-n encodes]
//                 [-o key=value (a codec-specific option, repeatable)] [-w decoded.png] in.png
// Prints one line: "codec=… speed=… q=… aq=… bytes=… mean_diff=… max_diff=… cpu_us=…" (+ options).
// mean_diff/max_diff: the decoded AVIF (libavif's default decoder) against the PNG, per channel
// of straight RGBA (the figure AVIFCodec.swift's comments quote). For instruction counts run it
// under callgrind with --toggle-collect=encode_once and divide by -n:
//   valgrind --tool=callgrind --toggle-collect=encode_once bench-out/avif_settings -n 5 … in.png
#include <avif/avif.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static avifCodecChoice codec = AVIF_CODEC_CHOICE_AOM;
static int speed = 8, quantizer = 20, alpha_quantizer = 20;
static const char *options[16][2]; // -o key=value: avifEncoderSetCodecSpecificOption
static int option_count;

__attribute__((noinline)) static avifResult encode_once(const uint8_t *rgba, int width, int height, avifRWData *output) {
    avifImage *image = avifImageCreate(width, height, 8, AVIF_PIXEL_FORMAT_YUV444);
    avifEncoder *encoder = avifEncoderCreate();
    image->yuvRange = AVIF_RANGE_FULL;
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.pixels = (uint8_t *)rgba;
    rgb.rowBytes = (uint32_t)width * 4;
    avifResult result = avifImageRGBToYUV(image, &rgb);
    if (result == AVIF_RESULT_OK) {
        encoder->codecChoice = codec;
        encoder->maxThreads = 1;
        encoder->speed = speed;
        encoder->minQuantizer = quantizer;
        encoder->maxQuantizer = quantizer;
        encoder->minQuantizerAlpha = alpha_quantizer;
        encoder->maxQuantizerAlpha = alpha_quantizer;
        for (int i = 0; i < option_count; i++)
            avifEncoderSetCodecSpecificOption(encoder, options[i][0], options[i][1]);
        result = avifEncoderWrite(encoder, image, output);
    }
    avifEncoderDestroy(encoder);
    avifImageDestroy(image);
    return result;
}

int main(int argc, char **argv) {
    int count = 20;
    const char *write_path = NULL; // -w: the decoded AVIF as a PNG, to look at
    const char *name = "aom";
    for (int opt; (opt = getopt(argc, argv, "c:s:q:a:n:o:w:")) != -1;) {
        switch (opt) {
        case 'c': name = optarg; break;
        case 's': speed = atoi(optarg); break;
        case 'q': quantizer = atoi(optarg); break;
        case 'a': alpha_quantizer = atoi(optarg); break;
        case 'n': count = atoi(optarg); break;
        case 'w': write_path = optarg; break;
        case 'o': {
            char *eq = strchr(optarg, '=');
            if (!eq || option_count == 16) { fprintf(stderr, "-o key=value\n"); return 2; }
            *eq = 0;
            options[option_count][0] = optarg;
            options[option_count++][1] = eq + 1;
            break;
        }
        default: fprintf(stderr, "usage: avif_settings [-c aom|rav1e|svt] [-s speed] [-q q] [-a q] [-n n] in.png\n"); return 2;
        }
    }
    if (optind >= argc) { fprintf(stderr, "avif_settings: a PNG is needed\n"); return 2; }
    codec = avifCodecChoiceFromName(name);
    if (codec == AVIF_CODEC_CHOICE_AUTO || !avifCodecName(codec, AVIF_CODEC_FLAG_CAN_ENCODE)) {
        fprintf(stderr, "avif_settings: no encoder %s\n", name);
        return 1;
    }
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&png, argv[optind])) { fprintf(stderr, "%s: %s\n", argv[optind], png.message); return 1; }
    png.format = PNG_FORMAT_RGBA;
    uint8_t *rgba = malloc(PNG_IMAGE_SIZE(png));
    if (!png_image_finish_read(&png, NULL, rgba, 0, NULL)) { fprintf(stderr, "%s: %s\n", argv[optind], png.message); return 1; }
    int width = (int)png.width, height = (int)png.height;

    avifRWData output = AVIF_DATA_EMPTY;
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (int i = 0; i < count; i++) {
        avifRWDataFree(&output);
        if (encode_once(rgba, width, height, &output) != AVIF_RESULT_OK) { fprintf(stderr, "encode failed\n"); return 1; }
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double cpu_us = ((t1.tv_sec - t0.tv_sec) * 1e6 + (t1.tv_nsec - t0.tv_nsec) / 1e3) / count;

    avifDecoder *decoder = avifDecoderCreate();
    avifImage *decoded = avifImageCreateEmpty();
    if (avifDecoderReadMemory(decoder, decoded, output.data, output.size) != AVIF_RESULT_OK) { fprintf(stderr, "decode failed\n"); return 1; }
    avifRGBImage back;
    avifRGBImageSetDefaults(&back, decoded);
    back.format = AVIF_RGB_FORMAT_RGBA;
    back.depth = 8;
    avifRGBImageAllocatePixels(&back);
    avifImageYUVToRGB(decoded, &back);
    double sum = 0;
    int worst = 0;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width * 4; x++) {
            int d = abs((int)rgba[y * width * 4 + x] - (int)back.pixels[y * back.rowBytes + x]);
            sum += d;
            if (d > worst) worst = d;
        }
    if (write_path) {
        png_image out_png = {.version = PNG_IMAGE_VERSION, .width = (png_uint_32)width, .height = (png_uint_32)height,
                             .format = PNG_FORMAT_RGBA};
        png_image_write_to_file(&out_png, write_path, 0, back.pixels, (png_int_32)back.rowBytes, NULL);
    }
    const uint8_t *corner = back.pixels, *centre = back.pixels + (height / 2) * back.rowBytes + (width / 2) * 4;
    printf("codec=%s speed=%d q=%d aq=%d bytes=%zu mean_diff=%.2f max_diff=%d cpu_us=%.0f corner_alpha=%d centre_alpha=%d",
           name, speed, quantizer, alpha_quantizer, output.size, sum / ((double)width * height * 4), worst, cpu_us,
           corner[3], centre[3]);
    for (int i = 0; i < option_count; i++) printf(" %s=%s", options[i][0], options[i][1]);
    printf("\n");
    return 0;
}
