import Localization

/// The text of `dictation-station --help`, and of each subcommand alone for `help SUBCOMMAND` and for
/// a wrong command line (so the one-line error stays on screen above a few lines, not sixty).
enum Usage {
    /// One subcommand's lines of the usage.
    struct Entry {
        var subcommand: String
        var text: String
    }

    /// A heading of the usage and its subcommands, in order.
    struct Group {
        var title: String
        var entries: [Entry]
    }

    static var header: String {
        // TRANSLATORS: the usage: keep commands, options, placeholders (DIR, LOCALE…) and the columns lined up.
        tr(
            """
            dictation-station: a terminal dictation station for clinics

            Usage:
              dictation-station [GLOBAL OPTIONS]                open the station in this terminal
              dictation-station [GLOBAL OPTIONS] SUBCOMMAND ...

            Global options:
              -h, --help          print this help and exit
              -V, --version       print the version and exit
              --data-dir DIR      keep the database, audio and models in DIR
                                  (default: $DICTATION_STATION_HOME, else $XDG_DATA_HOME/dictation-station)
              --store S           keep reports, sessions and settings in the clinic store S instead of the
                                  data directory (a libpq connection string such as service=clinic, or a
                                  postgresql:// URI; default: $DICTATION_STATION_STORE, else the
                                  workstation's /etc/dictation-station/store.conf)
              --no-color          a monochrome screen (also when NO_COLOR is set)
              --lines             the station line by line, for a screen reader, a braille display,
                                  SSH or a log: events as sentences, commands as words (help lists
                                  them); also by itself when TERM is dumb or cannot show the screen
              --quiet-screen      for a screen reader: the timer moves every 10 s, no level meter, nothing
                                  animates, only what changed is redrawn (F7 toggles it)
              --high-contrast     white and yellow on black, nothing dimmed
              --catalog FILE      the speech model catalog to use instead of the built-in one
                                  (also $DICTATION_STATION_CATALOG)
              --model-mirror URL  fetch every model file by its name from URL (an intranet http(s)
                                  server, a file:// URL or a folder) instead of the catalog's addresses
            """)
    }

    static var groups: [Group] {
        [
            Group(
                title: tr("Speech models:"),
                entries: [
                    Entry(
                        subcommand: "models",
                        text: tr(
                            """
                              models                  list the locales with their state (installed, system,
                                                      available) and size
                              models install LOCALE   install a locale's model; progress on stderr, Ctrl-C cancels
                                                      (exit 130, nothing left behind)
                              models install LOCALE --from FILE...
                                                      install from the model's files at hand (a USB stick), matched
                                                      by name; a folder is searched for them
                              models remove LOCALE    remove an installed model (not one the system provides)
                            """)
                    )
                ]),
            Group(
                title: tr("Reports:"),
                entries: [
                    Entry(
                        subcommand: "reports",
                        text: tr(
                            """
                              reports [--search QUERY] [--mine] [--unsigned] [--urgent] [--all] [--json]
                                                  list reports, urgent first, then newest; QUERY matches words of the
                                                  text, session, patient by prefix; --all: those entered in error too
                              reports show ID     print a report's fields, its text, its history and the original
                              reports sign ID [--yes]  show the text, ask (--yes answers), sign it as you: final
                              reports edit ID --text-file FILE [--reason TEXT]
                                                  save FILE's text as a new revision; only a signed report takes
                                                  --reason (an amendment); refused while someone corrects it
                              reports delete ID [--yes]  delete your draft and its audio after a question (--yes answers it)
                              reports retire ID --reason TEXT  mark a wrong report entered in error (kept)
                              reports export ID [--format text|json|fhir] [--with-original]
                                                  as text (a draft marked DRAFT), JSON or HL7 FHIR R4 DocumentReference
                            """)
                    )
                ]),
            Group(
                title: tr("Transcription:"),
                entries: [
                    Entry(
                        subcommand: "transcribe",
                        text: tr(
                            """
                              transcribe [--locale LOCALE] [--author AUTHOR] [--words] [--tsv] FILE...
                                                  print each recording's text as a report starts (WAV, FLAC, Ogg, MP3; any
                                                  rate, mono or stereo); --tsv prints one line per file: FILE<TAB>TEXT
                                                  (default locale: en-US); --author decodes with AUTHOR's voice profile;
                                                  --words prints the decoder's words unformatted, one a line: start and
                                                  end (seconds), confidence (0-1), word (--tsv: FILE first, tab separated)
                            """)
                    ),
                    Entry(
                        subcommand: "import",
                        text: tr(
                            """
                              import --session NAME [--locale LOCALE] [--patient-name NAME] [--patient-id ID]
                                     [--patient-system URI] [--work-type CODE] [--urgent] FILE...
                                                  turn recordings from a handheld recorder into reports of session
                                                  NAME: transcribed, stored, the audio copied into the data directory
                                                  (default locale: the session's, else the station's chosen
                                                  locale, else en-US)
                            """)
                    ),
                    Entry(
                        subcommand: "recover",
                        text: tr(
                            """
                              recover [--list] [--locale LOCALE]
                                                  make reports again of the recordings in audio/ that no session or
                                                  report owns (an import killed midway, a lost or emptied database):
                                                  each is transcribed (default locale: its import's, else en-US) and
                                                  keeps its audio; --list only lists them; nothing is deleted
                            """)
                    ),
                ]),
            Group(
                title: tr(
                    "Voice profiles and vocabulary (the station learns each author's voice and the clinic's words):"),
                entries: [
                    Entry(
                        subcommand: "profiles",
                        text: tr(
                            """
                              profiles            list the profiles: author, locale, kind, word error rate of the stock
                                                  model and of the profile on the author's held-back reports, gain
                              profiles update [--author AUTHOR] [--locale LOCALE] [--if-due [--every N]] [--json]
                                                  train AUTHOR's profile (default: the logged-in user) and keep it only
                                                  if it beats the stock model and the profile in use on their newest
                                                  reports, which training never sees; --if-due [--every N]: only
                                                  when N (10) new corrected reports came since the last training
                                                  (what the station runs by itself after a correction); --json:
                                                  one line saying what it did
                              profiles reset AUTHOR
                                                  remove AUTHOR's profile: the stock model decodes their dictations
                            """)
                    ),
                    Entry(
                        subcommand: "vocabulary",
                        text: tr(
                            """
                              vocabulary [--locale LOCALE]
                                                  list the words the clinic added to decoding: locale, word, phones
                              vocabulary add WORD [PRONUNCIATION] [--locale LOCALE]
                                                  add WORD (one word, at most 40 characters); PRONUNCIATION is the
                                                  model's phones ("M EH T AH P R OW L AO L"), checked; without it,
                                                  en-US words are said as flite's letter-to-sound rules say them,
                                                  other locales need it (default locale: en-US)
                              vocabulary remove WORD [--locale LOCALE]
                                                  take an added word out again
                                                  (a running station uses a change from its next dictation)
                            """)
                    ),
                    Entry(
                        subcommand: "blocks",
                        text: tr(
                            """
                              blocks              list the clinic's text blocks: name, what to say, first line
                              blocks add NAME --text-file FILE
                                                  add a text block (or give it a new text): saying "insert NAME"
                                                  ("insert normal chest exam") puts FILE's text in the report;
                                                  NAME is one to six words, as said
                              blocks remove NAME  take a text block out
                                                  (in $XDG_CONFIG_HOME/dictation-station/text-blocks.json; a work
                                                  type's "sections" in work-types.json start with "heading NAME")
                            """)
                    ),
                ]),
            Group(
                title: tr("Audio:"),
                entries: [
                    Entry(
                        subcommand: "record",
                        text: tr(
                            """
                              record [--source NAME] [--duration SECONDS] [--append] FILE.wav
                                                  record from the microphone (16 kHz mono) until the duration passes
                                                  or Ctrl-C, with a level meter; --append repairs and continues a file
                                                  left by a killed recording; without --source, the source chosen in
                                                  the station (F6), else the server's default
                            """)
                    ),
                    Entry(
                        subcommand: "sources",
                        text: tr(
                            """
                              sources             list the capture sources: default (*), name, description
                            """)
                    ),
                ]),
            Group(
                title: tr("Driving a running station:"),
                entries: [
                    Entry(
                        subcommand: "ctl",
                        text: tr(
                            """
                              ctl COMMAND         drive the running station: toggle, send, discard, undo, select NAME,
                                                  status; a discard can be undone for 30 s
                                                  (through its control socket: the account's own, in
                                                  $XDG_RUNTIME_DIR/dictation-station-UID/, else the data directory)
                            """)
                    ),
                    Entry(
                        subcommand: "status",
                        text: tr(
                            """
                              status [--json]     one line on the running station, for a tmux status bar
                                                  (prints "no station running" and exits 1 when none is)
                            """)
                    ),
                ]),
            Group(
                title: tr("A clinic store on PostgreSQL (the station and its subcommands use it with --store S):"),
                entries: [
                    Entry(
                        subcommand: "clinic",
                        text: tr(
                            """
                              clinic init [--store S]  set up the clinic store or bring its schema up to date (as a
                                                  PostgreSQL superuser, e.g. sudo -u postgres)
                              clinic add-user NAME [--transcriptionist] [--password-from-stdin] [--store S]
                                                  make the account NAME a clinic user (its own login role);
                                                  a password (one line on standard input) for other workstations
                              clinic status [--store S]  the store and who set it, schema version, the users, and
                                                  a warning if the server lets anyone in without a password
                              clinic import-station DIR [--store S]
                                                  bring your own station's reports (revisions, history, words,
                                                  audio), sessions, voice profiles and vocabulary from the data
                                                  directory DIR into the clinic store, as yourself; checked, and
                                                  safe to run again
                                                  S as --store; without one, libpq's defaults
                            """)
                    )
                ]),
        ]
    }

    static var footer: String { tr("Exit status: 0 on success, 1 when something failed, 2 for a wrong command line.") }

    /// Everything, for `--help`.
    static var text: String {
        let body = groups.map { group in
            ([group.title] + group.entries.map(\.text)).joined(separator: "\n")
        }
        return header + "\n\n" + body.joined(separator: "\n\n") + "\n\n" + footer + "\n\n"
    }

    /// The names of the subcommands, in the order of the usage.
    static var subcommands: [String] { groups.flatMap { $0.entries.map(\.subcommand) } }

    /// One subcommand's usage, or nil for a name that is none.
    static func text(for subcommand: String) -> String? {
        let lines = groups.flatMap(\.entries).filter { $0.subcommand == subcommand }.map(\.text)
        guard !lines.isEmpty else { return nil }
        return tr("Usage: dictation-station [GLOBAL OPTIONS] \(subcommand) ...") + "\n" + lines.joined(separator: "\n")
            + "\n"
    }

    /// A few lines for a wrong command line outside a subcommand.
    static var short: String {
        let names = subcommands.joined(separator: ", ")
        return tr(
            """
            Usage: dictation-station [GLOBAL OPTIONS] [SUBCOMMAND ...]
            Subcommands: \(names)
            More: dictation-station --help, or dictation-station help SUBCOMMAND

            """)
    }
}
