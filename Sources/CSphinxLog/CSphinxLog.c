#include "CSphinxLog.h"

#include <stdarg.h>
#include <stdio.h>

// sphinxbase's err.h, declared here so this target needs no include path of its own; err_lvl_t is an
// enum, passed as an int.
typedef void (*err_cb_f)(void *user_data, int level, const char *format, ...);
void err_set_callback(err_cb_f callback, void *user_data);

static ds_sphinx_log_sink current_sink;

static void format_and_forward(void *user_data, int level, const char *format, ...) {
    (void)user_data;
    // err_msg formats a message into 1024 bytes before adding its prefix; this leaves room for both.
    char text[2048];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(text, sizeof text, format, arguments);
    va_end(arguments);
    ds_sphinx_log_sink sink = current_sink;
    if (sink) sink(level, text);
}

void ds_sphinx_route_log(ds_sphinx_log_sink sink) {
    current_sink = sink;
    err_set_callback(format_and_forward, 0);
}
