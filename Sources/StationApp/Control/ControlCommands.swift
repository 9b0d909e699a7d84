import ArgumentParsing
import Foundation
import Localization
import StationControl
import StationCore
import StationTUI

/// `dictation-station ctl COMMAND…` and `dictation-station status [--json]`: talk to the running station
/// through its control socket.
public enum ControlCommands {
    /// `ctl COMMAND…`: the words as typed.
    public static func ctl(
        _ words: [String], globals: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Int32 {
        guard !words.isEmpty else { throw ArgumentError.missingArgument(tr("command (\(ControlProtocol.usage))")) }
        let line = words.joined(separator: " ")
        guard line == "status --json" || StationCommand(line: line) != nil else {
            throw ArgumentError.invalidValue(option: "ctl", value: line)
        }
        switch exchange(line, globals: globals, environment: environment) {
        case .success(let reply):
            let (succeeded, message) = ControlProtocol.parseReply(reply)
            if succeeded { printReply(message) } else { printError("dictation-station: \(message)") }
            return succeeded ? ExitStatus.success : ExitStatus.failure
        case .failure(let failure):
            printError("dictation-station: \(describe(failure))")
            return ExitStatus.failure
        }
    }

    public static func status(
        json: Bool, globals: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32 {
        switch exchange(json ? "status --json" : "status", globals: globals, environment: environment) {
        case .success(let reply):
            let (succeeded, message) = ControlProtocol.parseReply(reply)
            printReply(message)
            return succeeded ? ExitStatus.success : ExitStatus.failure
        case .failure(.noStation):
            // Printed on standard output too, so a tmux status bar shows it.
            print(json ? #"{"running":false}"# : "no station running")
            return ExitStatus.failure
        case .failure(let failure):
            printError("dictation-station: \(describe(failure))")
            return ExitStatus.failure
        }
    }

    /// The station's reply as it comes over the socket, made safe for the terminal like all output.
    private static func printReply(_ message: String) {
        if message.hasPrefix("{") { print(TerminalSafeJSON.escape(message)) } else { printText(message) }
    }

    static func socketPath(globals: GlobalOptions, environment: [String: String]) -> URL {
        let paths = StationPaths.resolve(option: globals.dataDirectory, environment: environment)
        // A workstation file that cannot be read leaves the key out; the station itself refused to start then.
        let store = (try? StoreInUse.resolve(globals: globals, environment: environment))?.socketKey
        return ControlServer.defaultPath(environment: environment, dataDirectory: paths.dataDirectory, store: store)
    }

    private static func exchange(
        _ line: String, globals: GlobalOptions, environment: [String: String]
    ) -> Result<String, ControlClient.Failure> {
        Result { () throws(ControlClient.Failure) -> String in
            try ControlClient.send(line, to: socketPath(globals: globals, environment: environment))
        }
    }

    private static func describe(_ failure: ControlClient.Failure) -> String {
        switch failure {
        case .noStation(let path): tr("no station is running (nothing answers on \(path))")
        case .noAnswer: tr("the station did not answer; it may be busy or stuck")
        case .foreignStation(let path, let owner):
            ControlSocketError.foreignStation(path: path, owner: owner).description
        }
    }
}
