/// The text of `dictation-station --help`.
enum Usage {
    static let text = """
        dictation-station: a terminal dictation station for clinics

        Usage:
          dictation-station [GLOBAL OPTIONS]                open the station in this terminal
          dictation-station [GLOBAL OPTIONS] SUBCOMMAND ...

        Global options:
          -h, --help          print this help and exit
          -V, --version       print the version and exit
          --data-dir DIR      keep the database, audio and models in DIR
                              (default: $DICTATION_STATION_HOME, else $XDG_DATA_HOME/dictation-station)
          --no-color          a monochrome screen (also when NO_COLOR is set)

        Subcommands:
          ctl COMMAND         drive the running station: toggle, send, discard, select NAME, status
                              (through its control socket, $XDG_RUNTIME_DIR/dictation-station.sock,
                              else control.sock in the data directory)
          status [--json]     one line on the running station, for a tmux status bar
                              (prints "no station running" and exits 1 when none is)

        Exit status: 0 on success, 1 when something failed, 2 for a wrong command line.

        """
}
