// The miss ceiling for `make bench`: the avatar Monogram draws for a cache miss of
// /avatar/Jane+Roe.png?shape=circle (128 px circle, two initials, Noto Sans at half the side,
// grey anti-aliasing, no hinting), drawn by a plain C loop with pangocairo and encoded as 8-bit
// RGBA PNG with libpng at zlib level 1 and no row filter, into memory. Nothing else: no HTTP, no
// cache, no option parsing. Monogram's unique-name req/s is compared with these renders/s.
//
// The drawing is Monogram's, operation for operation and pixel for pixel (bench/run.py checks
// the decoded pixels every round):
// * the initials are separated by ZERO WIDTH NON-JOINERs (AvatarPainter.separatingInitials);
// * vertically the band of the reference letter "H" (cap height to baseline, measured once per
//   thread at 256 px like PangoThreadState.referenceBand) is centred, horizontally the ink;
//   the ink must fit the circle inset by 6 % of the side, or the text shrinks about the centre
//   (TextSafeArea) — "JR" at 128 px fits;
// * the background is the circle filled (not a clip and a paint: same pixels, no clip mask);
// * the text is shown unclipped through an alpha mask the size of its ink, the glyphs summed
//   with ADD, which is how cairo composites glyphs under an anti-aliased clip whose coverage
//   is 255 there (AvatarPainter+Unclipped / CairoContext.showThroughCoverageMask).
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

// One thread's pango state, as Monogram's PangoThreadState: the context and the reference
// letter's band (distances below the baseline per pixel of em size; the top is negative).
typedef struct {
    PangoContext *context;
    int have_band;
    double band_top, band_bottom;
} thread_state_t;

static PangoLayout *new_layout(PangoContext *context, const char *utf8, double size) {
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_auto_dir(layout, TRUE);
    pango_layout_set_single_paragraph_mode(layout, TRUE);
    pango_layout_set_text(layout, utf8, -1);
    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, family);
    pango_font_description_set_weight(font, PANGO_WEIGHT_NORMAL);
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    return layout;
}

typedef struct { double min_x, min_y, max_x, max_y; } box_t;

// bench/run.py links without libm: floor and ceil by hand (exact below 2^53), and on x86-64
// the correctly rounded square root as the one instruction it is (Swift's squareRoot()).
static double floor_(double v) { double t = (double)(long long)v; return t > v ? t - 1 : t; }
static double ceil_(double v) { double t = (double)(long long)v; return t < v ? t + 1 : t; }
static double sqrt_(double v) {
#if defined(__x86_64__)
    double r;
    __asm__("sqrtsd %1, %0" : "=x"(r) : "x"(v));
    return r;
#else
    return __builtin_sqrt(v); // needs -lm here
#endif
}

static box_t ink_box(PangoLayout *layout) {
    PangoRectangle ink;
    pango_layout_get_extents(layout, &ink, NULL);
    double s = PANGO_SCALE;
    return (box_t){ink.x / s, ink.y / s, (ink.x + ink.width) / s, (ink.y + ink.height) / s};
}

static double baseline_of(PangoLayout *layout) { return pango_layout_get_baseline(layout) / (double)PANGO_SCALE; }

// TextSafeArea for a circle: every corner of the box within the circle inset by the margin.
static int fits(box_t b) {
    double m = 0.06 * SIDE, r = SIDE / 2.0 - m, c = SIDE / 2.0;
    if (b.min_x < m || b.min_y < m || b.max_x > SIDE - m || b.max_y > SIDE - m) return 0;
    double xs[2] = {b.min_x, b.max_x}, ys[2] = {b.min_y, b.max_y};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            if (sqrt_((xs[i] - c) * (xs[i] - c) + (ys[j] - c) * (ys[j] - c)) > r) return 0;
    return 1;
}

static double fitting_scale(box_t b) {
    if (fits(b)) return 1;
    double c = SIDE / 2.0, low = 0, high = 1;
    for (int i = 0; i < 24; i++) {
        double k = (low + high) / 2;
        box_t scaled = {c + (b.min_x - c) * k, c + (b.min_y - c) * k, c + (b.max_x - c) * k, c + (b.max_y - c) * k};
        if (fits(scaled)) low = k; else high = k;
    }
    return low;
}

// The initials with U+200C between code points (Monogram separates grapheme clusters; for the
// letters the benchmark draws the two are the same).
static char *separated(const char *utf8) {
    size_t length = strlen(utf8);
    char *out = malloc(length * 4 + 1), *o = out;
    for (const char *p = utf8; *p;) {
        const char *next = g_utf8_next_char(p);
        if (p != utf8) { memcpy(o, "\xE2\x80\x8C", 3); o += 3; }
        memcpy(o, p, next - p);
        o += next - p;
        p = next;
    }
    *o = 0;
    return out;
}

// One render, as Monogram does it: fresh surface and layout, the thread's warm font map.
static size_t render(thread_state_t *state, unsigned char *rgba, buffer_t *out) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, SIDE, SIDE);
    cairo_t *cr = cairo_create(surface);
    cairo_arc(cr, SIDE / 2.0, SIDE / 2.0, SIDE / 2.0, 0, 2 * G_PI);
    cairo_set_source_rgb(cr, bg_r, bg_g, bg_b);
    cairo_fill(cr);

    pango_cairo_update_context(cr, state->context);
    if (!state->have_band) { // once per thread, at a size where unhinted outlines scale linearly
        PangoLayout *reference = new_layout(state->context, "H", 256);
        box_t ink = ink_box(reference);
        double base = baseline_of(reference);
        state->band_top = (ink.min_y - base) / 256;
        state->band_bottom = (ink.max_y - base) / 256;
        state->have_band = 1;
        g_object_unref(reference);
    }
    char *initials = separated(text);
    double font_size = 0.5 * SIDE;
    PangoLayout *layout = new_layout(state->context, initials, font_size);
    free(initials);
    box_t ink = ink_box(layout);
    double x = 0, y = 0;
    for (int round = 0; round <= 3; round++) {
        x = SIDE / 2.0 - (ink.min_x + ink.max_x) / 2;
        y = SIDE / 2.0 - font_size * (state->band_top + state->band_bottom) / 2 - baseline_of(layout);
        if (round == 3) break;
        box_t placed = {ink.min_x + x, ink.min_y + y, ink.max_x + x, ink.max_y + y};
        double scale = fitting_scale(placed);
        if (scale >= 1) break;
        font_size *= scale * 0.995;
        PangoFontDescription *font = pango_font_description_copy(pango_layout_get_font_description(layout));
        pango_font_description_set_absolute_size(font, font_size * PANGO_SCALE);
        pango_layout_set_font_description(layout, font);
        pango_font_description_free(font);
        ink = ink_box(layout);
    }
    // The mask covers every pixel the glyphs touch (images at whole pixels, whole pixels each).
    double margin = 1 + font_size / 12;
    double x0 = floor_(ink.min_x + x - margin), y0 = floor_(ink.min_y + y - margin);
    double x1 = ceil_(ink.max_x + x + margin), y1 = ceil_(ink.max_y + y + margin);
    cairo_save(cr);
    cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
    cairo_clip(cr);
    cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA);
    cairo_set_operator(cr, CAIRO_OPERATOR_ADD);
    cairo_set_source_rgba(cr, 1, 1, 1, 1);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout);
    cairo_pattern_t *coverage = cairo_pop_group(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_mask(cr, coverage);
    cairo_pattern_destroy(coverage);
    cairo_restore(cr);
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
    thread_state_t state = {new_context(&map), 0, 0, 0};
    unsigned char *rgba = malloc(SIDE * SIDE * 4);
    buffer_t out = {0};
    render(&state, rgba, &out); // warm the font map, glyph cache and band, as a running server is
    pthread_barrier_wait(&start_line);
    double cpu_begin = clock_seconds(CLOCK_THREAD_CPUTIME_ID);
    for (int i = 0; i < renders_per_thread; i++) render(&state, rgba, &out);
    double cpu = clock_seconds(CLOCK_THREAD_CPUTIME_ID) - cpu_begin;
    pthread_mutex_lock(&cpu_lock);
    cpu_seconds += cpu;
    pthread_mutex_unlock(&cpu_lock);
    free(out.data);
    free(rgba);
    g_object_unref(state.context);
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
        thread_state_t state = {new_context(&map), 0, 0, 0};
        unsigned char *rgba = malloc(SIDE * SIDE * 4);
        buffer_t out = {0};
        render(&state, rgba, &out);
        FILE *f = fopen(output, "wb");
        if (!f || fwrite(out.data, 1, out.size, f) != out.size) { perror(output); return 1; }
        fclose(f);
        free(out.data);
        free(rgba);
        g_object_unref(state.context);
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
