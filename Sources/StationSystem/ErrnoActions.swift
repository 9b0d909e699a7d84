import Localization

/// What a failed system call was doing, in the interface language. The call sites name the action in
/// English (also for the log); an action not listed here is shown as it was given.
enum ErrnoActions {
    static func words(for action: String) -> String {
        // TRANSLATORS: each action is what a failed system call was doing, said after "cannot": "cannot write to FILE".
        switch action {
        case "accept": tr("accept")
        case "bind": tr("bind")
        case "change the permissions of": tr("change the permissions of")
        case "connect": tr("connect")
        case "create": tr("create")
        case "listen": tr("listen")
        case "lock": tr("lock")
        case "keep private files in": tr("keep private files in")
        case "look at": tr("look at")
        case "make a pipe": tr("make a pipe")
        case "make a socket pair": tr("make a socket pair")
        case "move": tr("move")
        case "open": tr("open")
        case "read": tr("read")
        case "read a password from": tr("read a password from")
        case "read the status of": tr("read the status of")
        case "remove a profile from": tr("remove a profile from")
        case "remove": tr("remove")
        case "replace": tr("replace")
        case "resize": tr("resize")
        case "run a program in": tr("run a program in")
        case "save": tr("save")
        case "seek in": tr("seek in")
        case "send to": tr("send to")
        case "signal": tr("signal")
        case "socket": tr("socket")
        case "start": tr("start")
        case "turn off the echo of": tr("turn off the echo of")
        case "wait for": tr("wait for")
        case "write to": tr("write to")
        default: action
        }
    }
}
