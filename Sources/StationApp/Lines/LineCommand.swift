import Localization

/// One command of the line mode: a short word, and for some a number or a name after it. The words are
/// the same in every interface language, as a foot pedal's `ctl` words are: they are typed, not read.
enum LineCommand: Equatable {
    case record
    case pause
    case send
    case discard
    /// The next (1) or the previous (-1) session.
    case move(Int)
    case select(String)
    case new(String)
    case sessions
    case reports
    case read(Int64)
    /// The next word of the report being read that the decoder was unsure of.
    case word
    case sign(Int64)
    case status
    case help
    case quit
    case empty
    /// A line the line mode does not understand, with what to say about it.
    case unknown(String)

    /// The command `line` asks for.
    init(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let word = trimmed.prefix { !$0.isWhitespace }.lowercased()
        let rest = trimmed.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        switch word {
        case "": self = .empty
        case "record", "resume": self = .record
        case "pause": self = .pause
        case "send": self = .send
        case "discard": self = .discard
        case "next": self = .move(1)
        case "previous", "prev": self = .move(-1)
        case "sessions": self = .sessions
        case "reports": self = .reports
        case "word", "unsure": self = .word
        case "status": self = .status
        case "help", "?": self = .help
        case "quit", "exit": self = .quit
        case "select", "new":
            guard !rest.isEmpty else {
                self = .unknown(tr("\(word) needs a session's name: \(word) Room 12"))
                return
            }
            self = word == "new" ? .new(rest) : .select(rest)
        case "read", "sign":
            guard let id = Int64(rest.hasPrefix("#") ? String(rest.dropFirst()) : rest), id > 0 else {
                self = .unknown(tr("\(word) needs a report's number: \(word) 14"))
                return
            }
            self = word == "read" ? .read(id) : .sign(id)
        default:
            self = .unknown(tr("There is no command \"\(word)\": help lists the commands."))
        }
    }

    /// What `help` says, a command a line.
    static var helpLines: [String] {
        [
            tr("Commands, one a line:"),
            tr("record: start or resume the selected session's dictation (resume too)."),
            tr("pause: pause the dictation that records."),
            tr("send: send the paused dictation to be transcribed."),
            tr("discard: throw the paused dictation away, after a question."),
            tr("next, previous: select the next or the previous session."),
            tr("select NAME: select the session of that name; new NAME: make a session."),
            tr("sessions: list the sessions; status: what the selected session is doing."),
            tr("reports: list the newest reports."),
            tr("read 14: read report 14; word: go to its next word the decoder was unsure of."),
            tr("sign 14: sign report 14 as you, after reading it; it asks first."),
            tr("help: this list; quit: leave the station (it asks while a dictation is not sent)."),
        ]
    }
}
