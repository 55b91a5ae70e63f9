#ifndef MONOGRAM_CPANGOCAIRO_SHIM_H
#define MONOGRAM_CPANGOCAIRO_SHIM_H

#include <pango/pangocairo.h>
#include <hb-ot.h>
#include <cairo.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>
#include <png.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Typed unrefs: g_object_unref takes a void pointer, which Swift would accept for anything.
// These keep each owner in MonogramRender honest about what it frees.
static inline void monogram_layout_unref(PangoLayout *layout) { g_object_unref(layout); }
static inline void monogram_context_unref(PangoContext *context) { g_object_unref(context); }
static inline void monogram_font_map_unref(PangoFontMap *map) { g_object_unref(map); }

// Whether any run of `layout` uses a font with colour glyphs (CBDT/sbix bitmaps, COLR layers or
// SVG): cairo draws those as ARGB images, not as coverage, so they cannot go through an alpha
// mask. Walks the laid-out runs (a handful for initials); the tables are looked up once per face.
static inline int monogram_layout_uses_colour_fonts(PangoLayout *layout) {
    for (GSList *line = pango_layout_get_lines_readonly(layout); line; line = line->next) {
        for (GSList *run = ((PangoLayoutLine *)line->data)->runs; run; run = run->next) {
            PangoFont *font = ((PangoGlyphItem *)run->data)->item->analysis.font;
            if (!font) continue;
            hb_face_t *face = hb_font_get_face(pango_font_get_hb_font(font));
            if (hb_ot_color_has_png(face) || hb_ot_color_has_layers(face) || hb_ot_color_has_svg(face)) return 1;
        }
    }
    return 0;
}

// An ARGB32 image surface over malloc'd memory that is not cleared (cairo's own surfaces are
// calloc'd): for a painter that writes every pixel itself. `poison` >= 0 fills the memory with
// that byte instead, so a test sees any pixel left unwritten. The memory is freed when cairo
// finalises the surface (user data destroy), so it cannot go before the last reference. A NULL
// from malloc or a too-large size gives a surface in an error state, as cairo's constructors do.
static inline cairo_surface_t *monogram_image_surface_create_unwritten(int width, int height, int poison) {
    static cairo_user_data_key_t memory_key;
    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width);
    if (width <= 0 || height <= 0 || stride <= 0 || (size_t)height > SIZE_MAX / (size_t)stride)
        return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, -1, -1); // CAIRO_STATUS_INVALID_SIZE
    unsigned char *memory = (unsigned char *)malloc((size_t)stride * (size_t)height);
    if (!memory) return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, -1, -1);
    if (poison >= 0) memset(memory, poison, (size_t)stride * (size_t)height);
    cairo_surface_t *surface = cairo_image_surface_create_for_data(memory, CAIRO_FORMAT_ARGB32, width, height, stride);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        free(memory); // an error surface never uses the memory
        return surface;
    }
    if (cairo_surface_set_user_data(surface, &memory_key, memory, free) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        free(memory);
        return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, -1, -1);
    }
    return surface;
}

// Whether no two glyph images of `layout`, drawn with its top-left corner at (x, y) device
// pixels, can touch the same pixel: each glyph's ink box, grown by `margin` and rounded out to
// whole pixels, is disjoint from every other's. Cairo composites glyphs one by one when it finds
// no overlap, and through a summed mask otherwise; the two agree on every pixel that only one
// glyph touches. Glyph origins are found as pango's renderer finds them (run by run, adding the
// glyphs' widths, plus their offsets). More than 16 inked glyphs: not worth checking, 0.
static inline int monogram_layout_glyphs_apart(PangoLayout *layout, double x, double y, double margin) {
    enum { most = 16 };
    double boxes[most][4];
    int count = 0, apart = 1;
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    do {
        PangoLayoutRun *run = pango_layout_iter_get_run_readonly(iter);
        if (!run) continue;
        PangoRectangle logical;
        pango_layout_iter_get_run_extents(iter, NULL, &logical);
        int baseline = pango_layout_iter_get_baseline(iter), advance = 0;
        PangoGlyphString *glyphs = run->glyphs;
        for (int i = 0; i < glyphs->num_glyphs && apart; i++) {
            PangoGlyphInfo *glyph = &glyphs->glyphs[i];
            int origin_x = logical.x + advance + glyph->geometry.x_offset;
            int origin_y = baseline + glyph->geometry.y_offset;
            advance += glyph->geometry.width;
            if (glyph->glyph == PANGO_GLYPH_EMPTY) continue;
            PangoRectangle ink;
            pango_font_get_glyph_extents(run->item->analysis.font, glyph->glyph, &ink, NULL);
            if (ink.width <= 0 || ink.height <= 0) continue;
            if (count == most) { apart = 0; break; }
            double s = PANGO_SCALE, *box = boxes[count++];
            box[0] = floor(x + (origin_x + ink.x) / s - margin);
            box[1] = floor(y + (origin_y + ink.y) / s - margin);
            box[2] = ceil(x + (origin_x + ink.x + ink.width) / s + margin);
            box[3] = ceil(y + (origin_y + ink.y + ink.height) / s + margin);
            for (int j = 0; j < count - 1; j++) {
                double *other = boxes[j];
                if (box[0] < other[2] && other[0] < box[2] && box[1] < other[3] && other[1] < box[3]) { apart = 0; break; }
            }
        }
    } while (apart && pango_layout_iter_next_run(iter));
    pango_layout_iter_free(iter);
    return apart;
}

// ---------------------------------------------------------------------------------------------
// PNG encoding. libpng reports errors by longjmp-ing out of png_error, which must never cross
// Swift frames, so every libpng call of the encoder lives in this one C function and Swift only
// sees a status. (A systemLibrary target cannot hold .c files, hence static inline.)

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} monogram_png_buffer;

// png_set_write_fn callback: append to a growable malloc'd buffer instead of a FILE.
static inline void monogram_png_write_callback(png_structp png, png_bytep bytes, png_size_t length) {
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

static inline void monogram_png_flush_callback(png_structp png) { (void)png; }

/// Encodes straight-alpha RGBA8 rows (`stride` bytes apart) as an 8-bit RGBA PNG with zlib
/// level `compression` and no row filters (the fastest combination that still compresses flat
/// avatars well). When `palette_count` is 1…256, `rgba` instead holds one palette index per
/// pixel and `palette` holds `palette_count` RGBA entries: an indexed PNG is written.
/// On success returns 0 and a malloc'd buffer the caller must free(); otherwise non-zero.
static inline int monogram_png_encode(const unsigned char *rgba, int width, int height, size_t stride,
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

#endif
