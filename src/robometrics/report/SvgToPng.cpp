#include "robometrics/report/SvgToPng.hpp"

#include <cairo-pdf.h>
#include <cairo.h>
#include <fmt/format.h>
#include <librsvg/rsvg.h>

#include <cmath>
#include <memory>

#include "robometrics/core/AtomicFile.hpp"
#include "robometrics/core/SharedLibrary.hpp"

namespace robometrics::report {

namespace {

/// The functions of librsvg, cairo, gobject and glib that the plots use. librsvg is opened the
/// first time a plot is written, not linked (core/SharedLibrary.hpp says why); it depends on the
/// other three, so every function is looked up through it. The headers give the types only.
struct RenderLibrary {
    decltype(&::rsvg_handle_new_from_data) rsvg_handle_new_from_data = nullptr;
    decltype(&::rsvg_handle_set_dpi) rsvg_handle_set_dpi = nullptr;
    decltype(&::rsvg_handle_get_intrinsic_size_in_pixels) rsvg_handle_get_intrinsic_size_in_pixels = nullptr;
    decltype(&::rsvg_handle_render_document) rsvg_handle_render_document = nullptr;
    decltype(&::g_object_unref) g_object_unref = nullptr;
    decltype(&::g_error_free) g_error_free = nullptr;
    decltype(&::cairo_image_surface_create) cairo_image_surface_create = nullptr;
    decltype(&::cairo_pdf_surface_create_for_stream) cairo_pdf_surface_create_for_stream = nullptr;
    decltype(&::cairo_pdf_surface_set_size) cairo_pdf_surface_set_size = nullptr;
    decltype(&::cairo_surface_flush) cairo_surface_flush = nullptr;
    decltype(&::cairo_surface_finish) cairo_surface_finish = nullptr;
    decltype(&::cairo_surface_status) cairo_surface_status = nullptr;
    decltype(&::cairo_surface_write_to_png_stream) cairo_surface_write_to_png_stream = nullptr;
    decltype(&::cairo_surface_destroy) cairo_surface_destroy = nullptr;
    decltype(&::cairo_create) cairo_create = nullptr;
    decltype(&::cairo_destroy) cairo_destroy = nullptr;
    decltype(&::cairo_status) cairo_status = nullptr;
    decltype(&::cairo_status_to_string) cairo_status_to_string = nullptr;
    decltype(&::cairo_set_source_rgb) cairo_set_source_rgb = nullptr;
    decltype(&::cairo_paint) cairo_paint = nullptr;
    decltype(&::cairo_scale) cairo_scale = nullptr;
    decltype(&::cairo_show_page) cairo_show_page = nullptr;
};

Result<RenderLibrary> loadRenderLibrary() {
    auto rsvg = SharedLibrary::open("librsvg-2.so.2", "librsvg2-2", "writing PNG and PDF plots");
    if (!rsvg) return rsvg.error();
    RenderLibrary f;
#define ROBOMETRICS_BIND(name) ROBOMETRICS_TRY(rsvg->bind(f.name, #name))
    ROBOMETRICS_BIND(rsvg_handle_new_from_data);
    ROBOMETRICS_BIND(rsvg_handle_set_dpi);
    ROBOMETRICS_BIND(rsvg_handle_get_intrinsic_size_in_pixels);
    ROBOMETRICS_BIND(rsvg_handle_render_document);
    ROBOMETRICS_BIND(g_object_unref);
    ROBOMETRICS_BIND(g_error_free);
    ROBOMETRICS_BIND(cairo_image_surface_create);
    ROBOMETRICS_BIND(cairo_pdf_surface_create_for_stream);
    ROBOMETRICS_BIND(cairo_pdf_surface_set_size);
    ROBOMETRICS_BIND(cairo_surface_flush);
    ROBOMETRICS_BIND(cairo_surface_finish);
    ROBOMETRICS_BIND(cairo_surface_status);
    ROBOMETRICS_BIND(cairo_surface_write_to_png_stream);
    ROBOMETRICS_BIND(cairo_surface_destroy);
    ROBOMETRICS_BIND(cairo_create);
    ROBOMETRICS_BIND(cairo_destroy);
    ROBOMETRICS_BIND(cairo_status);
    ROBOMETRICS_BIND(cairo_status_to_string);
    ROBOMETRICS_BIND(cairo_set_source_rgb);
    ROBOMETRICS_BIND(cairo_paint);
    ROBOMETRICS_BIND(cairo_scale);
    ROBOMETRICS_BIND(cairo_show_page);
#undef ROBOMETRICS_BIND
    return f;
}

/// Loaded once per process (thread-safe); every later plot reuses it, or its error.
const Result<RenderLibrary> &renderLibrary() {
    static const Result<RenderLibrary> library = loadRenderLibrary();
    return library;
}

/// The library, once renderLibrary() has succeeded (every object below is made through it).
const RenderLibrary &renderApi() { return *renderLibrary(); }

struct GObjectUnref {
    void operator()(gpointer object) const { renderApi().g_object_unref(object); }
};
struct GErrorFree {
    void operator()(GError *error) const { renderApi().g_error_free(error); }
};
struct CairoSurfaceDestroy {
    void operator()(cairo_surface_t *surface) const { renderApi().cairo_surface_destroy(surface); }
};
struct CairoDestroy {
    void operator()(cairo_t *cr) const { renderApi().cairo_destroy(cr); }
};
using Handle = std::unique_ptr<RsvgHandle, GObjectUnref>;
using ErrorPtr = std::unique_ptr<GError, GErrorFree>;
using Surface = std::unique_ptr<cairo_surface_t, CairoSurfaceDestroy>;
using Context = std::unique_ptr<cairo_t, CairoDestroy>;

/// cairo's limit for image surfaces in either direction.
constexpr double kMaxSide = 32767;

Error renderError(const std::string &path, const std::string &what, const char *format = "PNG") {
    return Error{fmt::format("{}: cannot render the SVG as {}: {}", path, format, what)};
}

std::string messageOf(const GError *error) { return error != nullptr ? error->message : "unknown librsvg error"; }

/// cairo hands the encoded PNG or PDF over in pieces; they are collected here so that the file is
/// written once, through the project's atomic writer.
cairo_status_t appendBytes(void *closure, const unsigned char *data, unsigned int length) {
    static_cast<std::string *>(closure)->append(reinterpret_cast<const char *>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

/// A parsed SVG and its size in pixels.
struct LoadedSvg {
    Handle handle;
    double width = 0, height = 0;
};

Result<LoadedSvg> loadSvg(const std::string &path, const std::string &svg, const char *format) {
    if (!renderLibrary()) return renderError(path, renderLibrary().message(), format);
    GError *raw_error = nullptr;
    Handle handle(
        renderApi().rsvg_handle_new_from_data(reinterpret_cast<const guint8 *>(svg.data()), svg.size(), &raw_error));
    ErrorPtr error(raw_error);
    if (!handle) return renderError(path, messageOf(error.get()), format);
    renderApi().rsvg_handle_set_dpi(handle.get(), 96);  // only used for physical units (mm, in); pixels stay pixels

    // The size in pixels: absent when the SVG gives no width and height (a viewBox alone is not
    // a size) or gives them in percent, which has nothing to be relative to here.
    double width = 0, height = 0;
    if (!renderApi().rsvg_handle_get_intrinsic_size_in_pixels(handle.get(), &width, &height)) {
        return renderError(path, "the SVG has no width and height in absolute units", format);
    }
    width = std::ceil(width);
    height = std::ceil(height);
    if (!(width >= 1 && height >= 1 && width <= kMaxSide && height <= kMaxSide)) {
        return renderError(path, fmt::format("size {} x {} pixels is outside 1 to {}", width, height, kMaxSide),
                           format);
    }
    return LoadedSvg{std::move(handle), width, height};
}

/// Draws `svg` onto `cr` over width x height (in the context's units); errors name `path`.
Status renderSvg(const std::string &path, LoadedSvg &svg, cairo_t *cr, const char *format) {
    const RsvgRectangle viewport{0, 0, svg.width, svg.height};
    GError *raw_error = nullptr;
    const bool rendered = renderApi().rsvg_handle_render_document(svg.handle.get(), cr, &viewport, &raw_error) != FALSE;
    ErrorPtr error(raw_error);
    if (!rendered) return renderError(path, messageOf(error.get()), format);
    if (renderApi().cairo_status(cr) != CAIRO_STATUS_SUCCESS)
        return renderError(path, renderApi().cairo_status_to_string(renderApi().cairo_status(cr)), format);
    return Status::Ok();
}

}  // namespace

Status writeSvgAsPng(const std::string &path, const std::string &svg) {
    auto loaded = loadSvg(path, svg, "PNG");
    if (!loaded) return loaded.error();
    const double width = loaded->width, height = loaded->height;

    // RGB on white rather than ARGB: the plots are meant to be looked at, and a transparent
    // background shows as black in some viewers.
    Surface surface(
        renderApi().cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(width), static_cast<int>(height)));
    Context cr(renderApi().cairo_create(surface.get()));
    renderApi().cairo_set_source_rgb(cr.get(), 1, 1, 1);
    renderApi().cairo_paint(cr.get());
    ROBOMETRICS_TRY(renderSvg(path, *loaded, cr.get(), "PNG"));
    renderApi().cairo_surface_flush(surface.get());

    std::string png;
    const cairo_status_t encoded = renderApi().cairo_surface_write_to_png_stream(surface.get(), appendBytes, &png);
    if (encoded != CAIRO_STATUS_SUCCESS) return renderError(path, renderApi().cairo_status_to_string(encoded));
    return writeFileAtomically(path, png);
}

Status writeSvgAsPdf(const std::string &path, const std::vector<std::string> &pages) {
    if (pages.empty()) return renderError(path, "no plot to write", "PDF");
    std::vector<LoadedSvg> loaded;
    for (const std::string &svg : pages) {
        auto page = loadSvg(path, svg, "PDF");
        if (!page) return page.error();
        loaded.push_back(std::move(*page));
    }
    // PDF sizes are in points (1/72 in); the SVG's pixels are 1/96 in, so a page is as large on
    // paper as the SVG on a 96 dpi screen and the drawing is scaled by 72/96. The vectors and
    // the text stay vectors.
    constexpr double kPointsPerPixel = 72.0 / 96.0;
    std::string pdf;
    {
        Surface surface(renderApi().cairo_pdf_surface_create_for_stream(
            appendBytes, &pdf, loaded[0].width * kPointsPerPixel, loaded[0].height * kPointsPerPixel));
        for (LoadedSvg &page : loaded) {
            renderApi().cairo_pdf_surface_set_size(surface.get(), page.width * kPointsPerPixel,
                                                   page.height * kPointsPerPixel);
            Context cr(renderApi().cairo_create(surface.get()));
            renderApi().cairo_scale(cr.get(), kPointsPerPixel, kPointsPerPixel);
            renderApi().cairo_set_source_rgb(cr.get(), 1, 1, 1);
            renderApi().cairo_paint(cr.get());
            ROBOMETRICS_TRY(renderSvg(path, page, cr.get(), "PDF"));
            renderApi().cairo_show_page(cr.get());
        }
        renderApi().cairo_surface_finish(surface.get());
        if (renderApi().cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
            return renderError(
                path, renderApi().cairo_status_to_string(renderApi().cairo_surface_status(surface.get())), "PDF");
        }
    }
    return writeFileAtomically(path, pdf);
}

}  // namespace robometrics::report
