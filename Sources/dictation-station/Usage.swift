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
          --catalog FILE      the speech model catalog to use instead of the built-in one
                              (also $DICTATION_STATION_CATALOG)
          --model-mirror URL  fetch every model file by its name from URL (an intranet http(s)
                              server, a file:// URL or a folder) instead of the catalog's addresses

        Speech models:
          models                  list the locales with their state (installed, system,
                                  available) and size
          models install LOCALE   install a locale's model; progress on stderr, Ctrl-C cancels
                                  (exit 130, nothing left behind)
          models install LOCALE --from FILE...
                                  install from the model's files at hand (a USB stick), matched
                                  by name; a folder is searched for them
          models remove LOCALE    remove an installed model (not one the system provides)

        Reports:
          reports [--search QUERY] [--json]
                              list reports newest first: id, created, session, duration, status,
                              first line; QUERY matches words of the text and session name by
                              prefix, ignoring case and accents ("ozdem" finds "Özdemir")
          reports show ID     print a report's fields, its text and the original transcript
          reports delete ID   delete a report and its audio file
          reports export ID [--format text|json|fhir]
                              write a report as text, as JSON with its revisions, or as an
                              HL7 FHIR R4 DocumentReference for an electronic health record

        Transcription:
          transcribe [--locale LOCALE] [--author AUTHOR] [--tsv] FILE...
                              print the transcript of each recording (WAV, FLAC, Ogg, MP3; any
                              rate, mono or stereo); --tsv prints one line per file: FILE<TAB>TEXT
                              (default locale: en-US); --author decodes with AUTHOR's voice profile
          import --session NAME [--locale LOCALE] FILE...
                              turn recordings from a handheld recorder into reports of session
                              NAME: transcribed, stored, the audio copied into the data directory
                              (default locale: the station's chosen locale, else en-US)

        Voice profiles (the station learns each author's voice from their corrected reports):
          profiles            list the profiles: author, locale, kind, word error rate of the stock
                              model and of the profile on the author's held-back reports, gain
          profiles update [--author AUTHOR] [--locale LOCALE]
                              train AUTHOR's profile (default: this login's user) and keep it only
                              if it beats the stock model and the profile in use on their newest
                              reports, which training never sees
          profiles reset AUTHOR
                              remove AUTHOR's profile: the stock model decodes their dictations

        Audio:
          record [--source NAME] [--duration SECONDS] [--append] FILE.wav
                              record from the microphone (16 kHz mono) until the duration passes
                              or Ctrl-C, with a level meter; --append repairs and continues a file
                              left by a killed recording; without --source, the source chosen in
                              the station (F6), else the server's default
          sources             list the capture sources: default (*), name, description

        Driving a running station:
          ctl COMMAND         drive the running station: toggle, send, discard, select NAME, status
                              (through its control socket, $XDG_RUNTIME_DIR/dictation-station.sock,
                              else control.sock in the data directory)
          status [--json]     one line on the running station, for a tmux status bar
                              (prints "no station running" and exits 1 when none is)

        Exit status: 0 on success, 1 when something failed, 2 for a wrong command line.

        """
}
