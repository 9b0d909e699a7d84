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
          transcribe [--locale LOCALE] [--tsv] FILE...
                              print the transcript of each recording (WAV, FLAC, Ogg, MP3; any
                              rate, mono or stereo); --tsv prints one line per file: FILE<TAB>TEXT
                              (default locale: en-US)

        Exit status: 0 on success, 1 when something failed, 2 for a wrong command line.

        """
}
