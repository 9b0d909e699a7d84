import Foundation
import LocalClaims
import SQLiteStore
import StationCore

// A second station process for the SQLiteStore tests: it writes reports into, or takes the capture
// lock of, a data directory another process uses at the same time. Not installed for users.
//
//   store-probe write DATA_DIR COUNT TAG    adds COUNT reports, printing each id once committed
//   store-probe write-on-go DATA_DIR COUNT TAG
//                                           the same, but first opens the database, prints "ready"
//                                           and waits for a line on standard input
//   store-probe hold-capture-lock DATA_DIR  takes the capture lock, prints "held", keeps it until
//                                           standard input closes; prints "busy" if it is taken
//   store-probe try-capture-lock DATA_DIR   prints "acquired" or "busy"
//   store-probe hold-claim DATA_DIR SESSION USER HOST
//                                           claims the session's dictation as USER on HOST, prints
//                                           "held" (or "busy"), keeps it until standard input closes
//   store-probe holder                      prints who this process claims as: user, host

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func write(dataDirectory: String, count: Int, tag: String, waitForGo: Bool) async throws {
    let database = try await StationDatabase.open(StationPaths(dataDirectory: URL(fileURLWithPath: dataDirectory)))
    if waitForGo {
        say("ready")
        _ = readLine()
    }
    for number in 1...max(1, count) {
        let report = try await database.add(
            NewReport(
                sessionName: "\(tag) session", locale: "en-US", created: Date(), audioDuration: .seconds(number),
                audioFile: nil, text: "\(tag) report \(number)"))
        say("\(report.id)")
    }
}

func captureLock(dataDirectory: String, hold: Bool) throws -> Int32 {
    let lock = FileCaptureLock(paths: StationPaths(dataDirectory: URL(fileURLWithPath: dataDirectory)))
    guard try lock.acquire() else {
        say("busy")
        return 3
    }
    say(hold ? "held" : "acquired")
    if hold { _ = FileHandle.standardInput.readDataToEndOfFile() }
    lock.release()
    return 0
}

func holdClaim(dataDirectory: String, session: String, user: String, host: String) -> Int32 {
    let ownership = FileDictationOwnership(
        paths: StationPaths(dataDirectory: URL(fileURLWithPath: dataDirectory)),
        holder: DictationHolder(user: user, host: host, processID: getpid()))
    guard ownership.claim(SessionID(session)) == .claimed else {
        say("busy")
        return 3
    }
    say("held")
    _ = FileHandle.standardInput.readDataToEndOfFile()
    ownership.release(SessionID(session))
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch (arguments.first, arguments.count) {
    case ("write", 4), ("write-on-go", 4):
        try await write(
            dataDirectory: arguments[1], count: Int(arguments[2]) ?? 1, tag: arguments[3],
            waitForGo: arguments[0] == "write-on-go")
    case ("hold-capture-lock", 2):
        exit(try captureLock(dataDirectory: arguments[1], hold: true))
    case ("try-capture-lock", 2):
        exit(try captureLock(dataDirectory: arguments[1], hold: false))
    case ("hold-claim", 5):
        exit(holdClaim(dataDirectory: arguments[1], session: arguments[2], user: arguments[3], host: arguments[4]))
    case ("holder", 1):
        let me = FileDictationOwnership.thisProcess()
        say("\(me.user)\t\(me.host)")
    default:
        FileHandle.standardError.write(
            Data("usage: store-probe write|write-on-go|hold-capture-lock|try-capture-lock|hold-claim|holder ...\n".utf8)
        )
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("store-probe: \(error)\n".utf8))
    exit(1)
}
