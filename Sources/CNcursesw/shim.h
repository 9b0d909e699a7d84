// What Swift 6 cannot import from ncursesw: the wide-character API needs NCURSES_WIDECHAR before the
// header, and globals and attribute macros (stdscr, LINES, COLS, A_BOLD, COLOR_PAIR) become functions.
#ifndef DICTATION_STATION_CNCURSESW_SHIM_H
#define DICTATION_STATION_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

int wcwidth(wchar_t c);

static inline WINDOW *ds_stdscr(void) { return stdscr; }
static inline int ds_lines(void) { return LINES; }
static inline int ds_cols(void) { return COLS; }
static inline attr_t ds_a_normal(void) { return A_NORMAL; }
static inline attr_t ds_a_bold(void) { return A_BOLD; }
static inline attr_t ds_a_dim(void) { return A_DIM; }
static inline attr_t ds_a_reverse(void) { return A_REVERSE; }
static inline attr_t ds_a_underline(void) { return A_UNDERLINE; }
static inline attr_t ds_color_pair(short pair) { return COLOR_PAIR(pair); }
static inline int ds_key_resize(void) { return KEY_RESIZE; }
static inline int ds_key_mouse(void) { return KEY_MOUSE; }
static inline int ds_key_f(int n) { return KEY_F(n); }
static inline int ds_err(void) { return ERR; }
static inline int ds_ok(void) { return OK; }
static inline const char *ds_ncurses_version(void) { return curses_version(); }
static inline int ds_key_code_yes(void) { return KEY_CODE_YES; }
static inline mmask_t ds_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t ds_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t ds_button1_released(void) { return BUTTON1_RELEASED; }
/* The last mouse event's position; returns ERR when there is none. */
static inline int ds_mouse_position(int *row, int *column, mmask_t *buttons) {
    MEVENT event;
    if (getmouse(&event) != OK) return ERR;
    *row = event.y;
    *column = event.x;
    *buttons = event.bstate;
    return OK;
}
#endif
