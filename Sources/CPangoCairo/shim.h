#ifndef MONOGRAM_CPANGOCAIRO_SHIM_H
#define MONOGRAM_CPANGOCAIRO_SHIM_H

#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
#include <hb-ot.h>
#include <cairo.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>
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

// Whether any run of `layout` is set in a font fontconfig emboldens synthetically (a bold face
// asked of a family with none, e.g. a fallback font for a rarer script): cairo's glyph boxes
// then leave out the emboldened ink, and a clip's mask cuts it off where an unclipped glyph
// keeps it, so only the clip gives the clip's pixels.
static inline int monogram_layout_uses_synthetic_bold(PangoLayout *layout) {
    for (GSList *line = pango_layout_get_lines_readonly(layout); line; line = line->next) {
        for (GSList *run = ((PangoLayoutLine *)line->data)->runs; run; run = run->next) {
            PangoFont *font = ((PangoGlyphItem *)run->data)->item->analysis.font;
            if (!font || !PANGO_IS_FC_FONT(font)) continue;
            FcBool embolden = FcFalse;
            FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
            if (pattern && FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &embolden) == FcResultMatch && embolden) return 1;
        }
    }
    return 0;
}

// Whether `layout` has more than one run (fonts, scripts or directions change inside it):
// pango_cairo_show_layout shows each run as its own cairo operation, so under a clip glyphs of
// two runs are composited one over the other, not summed into one mask.
static inline int monogram_layout_has_several_runs(PangoLayout *layout) {
    int runs = 0;
    for (GSList *line = pango_layout_get_lines_readonly(layout); line; line = line->next)
        for (GSList *run = ((PangoLayoutLine *)line->data)->runs; run; run = run->next)
            if (++runs > 1) return 1;
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

#endif
