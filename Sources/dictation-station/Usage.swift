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
          record [--source NAME] [--duration SECONDS] [--append] FILE.wav
                              record from the microphone (16 kHz mono) until the duration passes
                              or Ctrl-C, with a level meter; --append repairs and continues a file
                              left by a killed recording
          sources             list the capture sources: default (*), name, description

        Exit status: 0 on success, 1 when something failed, 2 for a wrong command line.

        """
}
