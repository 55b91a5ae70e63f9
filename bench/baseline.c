// The miss ceiling for `make bench`: the avatar Monogram draws for a cache miss
// (128 px circle, two initials, Noto Sans at half the side, ink-centred, grey anti-aliasing,
// no hinting), drawn by a plain C loop with pangocairo and encoded as 8-bit RGBA PNG with
// libpng at zlib level 1 and no row filter, into memory. Nothing else: no HTTP, no cache,
// no option parsing. Monogram's unique-name req/s is compared with these renders/s.
//
//   baseline [-n renders-per-thread] [-t threads[,threads...]] [-b RRGGBB] [-f family]
//            [-s text] [-o out.png]
// Prints one line per thread count:
//   "threads=N renders=R seconds=S renders_per_s=X cpu_us_per_render=C"
// (C: the workers' own CPU time, so it stays meaningful when other processes share the cores).
#define _GNU_SOURCE
#include <pango/pangocairo.h>
#include <png.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SIDE = 128 };

static int renders_per_thread = 2000;
static double bg_r = 0x79 / 255.0, bg_g = 0x55 / 255.0, bg_b = 0x48 / 255.0; // "Jane Roe"
static const char *family = "Noto Sans";
static const char *text = "JR";

typedef struct { unsigned char *data; size_t size, capacity; } buffer_t;

static void write_cb(png_structp png, png_bytep bytes, png_size_t length) {
    buffer_t *b = png_get_io_ptr(png);
    if (b->size + length > b->capacity) {
        size_t want = b->capacity ? b->capacity * 2 : 8192;
        while (want < b->size + length) want *= 2;
        b->data = realloc(b->data, want);
        b->capacity = want;
    }
    memcpy(b->data + b->size, bytes, length);
    b->size += length;
}
static void flush_cb(png_structp png) { (void)png; }

// Premultiplied native-endian ARGB32 → straight RGBA8, then libpng level 1, PNG_FILTER_NONE.
static size_t encode(cairo_surface_t *surface, unsigned char *rgba, buffer_t *out) {
    cairo_surface_flush(surface);
    const unsigned char *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < SIDE; y++) {
        const uint32_t *row = (const uint32_t *)(data + y * stride);
        for (int x = 0; x < SIDE; x++) {
            uint32_t p = row[x], a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
            if (a != 0 && a != 255) {
                r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
            }
            unsigned char *o = rgba + (y * SIDE + x) * 4;
            o[0] = r; o[1] = g; o[2] = b; o[3] = a;
        }
    }
    out->size = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "libpng failed\n"); exit(1); }
    png_set_write_fn(png, out, write_cb, flush_cb);
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, SIDE, SIDE, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    png_bytep rows[SIDE];
    for (int y = 0; y < SIDE; y++) rows[y] = rgba + y * SIDE * 4;
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return out->size;
}

// One render, as Monogram does it: fresh surface and layout, the thread's warm font map.
static size_t render(PangoContext *context, unsigned char *rgba, buffer_t *out) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, SIDE, SIDE);
    cairo_t *cr = cairo_create(surface);
    cairo_arc(cr, SIDE / 2.0, SIDE / 2.0, SIDE / 2.0, 0, 2 * G_PI);
    cairo_clip(cr);
    cairo_set_source_rgb(cr, bg_r, bg_g, bg_b);
    cairo_paint(cr);

    pango_cairo_update_context(cr, context);
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_auto_dir(layout, TRUE);
    pango_layout_set_single_paragraph_mode(layout, TRUE);
    pango_layout_set_text(layout, text, -1);
    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, family);
    pango_font_description_set_weight(font, PANGO_WEIGHT_NORMAL);
    pango_font_description_set_absolute_size(font, 0.5 * SIDE * PANGO_SCALE);
    pango_layout_set_font_description(layout, font);
    PangoRectangle ink;
    pango_layout_get_extents(layout, &ink, NULL);
    double ix = ink.x / (double)PANGO_SCALE, iy = ink.y / (double)PANGO_SCALE;
    double iw = ink.width / (double)PANGO_SCALE, ih = ink.height / (double)PANGO_SCALE;
    cairo_move_to(cr, SIDE / 2.0 - (ix + iw / 2), SIDE / 2.0 - (iy + ih / 2));
    cairo_set_source_rgb(cr, 1, 1, 1);
    pango_cairo_show_layout(cr, layout);
    pango_font_description_free(font);
    g_object_unref(layout);
    cairo_destroy(cr);

    size_t size = encode(surface, rgba, out);
    cairo_surface_destroy(surface);
    return size;
}

static PangoContext *new_context(PangoFontMap **map_out) {
    PangoFontMap *map = pango_cairo_font_map_new();
    PangoContext *context = pango_font_map_create_context(map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);
    *map_out = map;
    return context;
}

static pthread_barrier_t start_line;
static pthread_mutex_t cpu_lock = PTHREAD_MUTEX_INITIALIZER;
static double cpu_seconds; // summed over the worker threads of one run

static double clock_seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void *worker(void *arg) {
    (void)arg;
    PangoFontMap *map;
    PangoContext *context = new_context(&map);
    unsigned char *rgba = malloc(SIDE * SIDE * 4);
    buffer_t out = {0};
    render(context, rgba, &out); // warm the font map and glyph cache, as a running server is
    pthread_barrier_wait(&start_line);
    double cpu_begin = clock_seconds(CLOCK_THREAD_CPUTIME_ID);
    for (int i = 0; i < renders_per_thread; i++) render(context, rgba, &out);
    double cpu = clock_seconds(CLOCK_THREAD_CPUTIME_ID) - cpu_begin;
    pthread_mutex_lock(&cpu_lock);
    cpu_seconds += cpu;
    pthread_mutex_unlock(&cpu_lock);
    free(out.data);
    free(rgba);
    g_object_unref(context);
    g_object_unref(map);
    return NULL;
}

static void run(int threads) {
    pthread_t ids[64];
    cpu_seconds = 0;
    pthread_barrier_init(&start_line, NULL, threads + 1);
    for (int i = 0; i < threads; i++) pthread_create(&ids[i], NULL, worker, NULL);
    pthread_barrier_wait(&start_line);
    double begin = clock_seconds(CLOCK_MONOTONIC);
    for (int i = 0; i < threads; i++) pthread_join(ids[i], NULL);
    double seconds = clock_seconds(CLOCK_MONOTONIC) - begin;
    pthread_barrier_destroy(&start_line);
    long total = (long)renders_per_thread * threads;
    printf("threads=%d renders=%ld seconds=%.3f renders_per_s=%.1f cpu_us_per_render=%.1f\n", threads, total,
           seconds, total / seconds, cpu_seconds * 1e6 / total);
    fflush(stdout);
}

int main(int argc, char **argv) {
    const char *thread_list = "1,2", *output = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "-n")) renders_per_thread = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-t")) thread_list = argv[i + 1];
        else if (!strcmp(argv[i], "-f")) family = argv[i + 1];
        else if (!strcmp(argv[i], "-s")) text = argv[i + 1];
        else if (!strcmp(argv[i], "-o")) output = argv[i + 1];
        else if (!strcmp(argv[i], "-b")) {
            unsigned v = (unsigned)strtoul(argv[i + 1], NULL, 16);
            bg_r = (v >> 16 & 255) / 255.0; bg_g = (v >> 8 & 255) / 255.0; bg_b = (v & 255) / 255.0;
        } else { fprintf(stderr, "unknown option %s\n", argv[i]); return 2; }
    }
    if (output) {
        PangoFontMap *map;
        PangoContext *context = new_context(&map);
        unsigned char *rgba = malloc(SIDE * SIDE * 4);
        buffer_t out = {0};
        render(context, rgba, &out);
        FILE *f = fopen(output, "wb");
        if (!f || fwrite(out.data, 1, out.size, f) != out.size) { perror(output); return 1; }
        fclose(f);
        free(out.data);
        free(rgba);
        g_object_unref(context);
        g_object_unref(map);
    }
    for (const char *p = thread_list; *p;) {
        int threads = atoi(p);
        if (threads < 1 || threads > 64) { fprintf(stderr, "threads must be 1...64\n"); return 2; }
        run(threads);
        p = strchr(p, ',');
        if (!p) break;
        p++;
    }
    return 0;
}
