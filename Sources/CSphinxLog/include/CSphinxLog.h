// Routes sphinxbase's log to a callback Swift can implement: sphinxbase's err_set_callback takes a
// variadic err_cb_f, which Swift cannot write, so this formats each message and hands on the text.
#ifndef DICTATION_STATION_CSPHINXLOG_H
#define DICTATION_STATION_CSPHINXLOG_H

/// Receives one formatted piece of the decoder's log (sphinxbase's err_lvl_t level, text as given,
/// usually a whole line ending in a newline).
typedef void (*ds_sphinx_log_sink)(int level, const char *text);

/// Sends every message of sphinxbase (and so of pocketsphinx) to `sink`, for the whole process.
void ds_sphinx_route_log(ds_sphinx_log_sink sink);

#endif
