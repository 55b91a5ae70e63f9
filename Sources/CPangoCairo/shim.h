#ifndef MONOGRAM_CPANGOCAIRO_SHIM_H
#define MONOGRAM_CPANGOCAIRO_SHIM_H

#include <pango/pangocairo.h>
#include <cairo.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>
#include <png.h>

#endif
