import Foundation
import Localization
import StationCore
import StationSystem

/// Who is at the station: the account the process runs as (over SSH, the account logged in with). A
/// signature is this name and no other, so it comes from the system (`LoginAccount`, as for claims),
/// never from the environment.
public enum LoginUser {
    public static var name: String { LoginAccount.current.name }

    /// Refuses `--author` naming anyone but the logged-in user: no one signs or dictates as another.
    static func check(author requested: String?) throws(AuthorRefused) -> String {
        let me = name
        guard let requested, requested != me else { return me }
        throw AuthorRefused(requested: requested, me: me)
    }
}

/// `--author` named someone other than the logged-in user.
struct AuthorRefused: Error, CustomStringConvertible {
    var requested: String
    var me: String
    var description: String {
        let author = SafeText.line(requested)
        return tr(
            "--author \(author): you are logged in as \(me); reports are recorded and signed as the user who is logged in, never as another."
        )
    }
}

/// The clinic's settings files, under `$XDG_CONFIG_HOME/dictation-station` (else `~/.config/…`).
enum ConfigPaths {
    static func directory(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("dictation-station")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/dictation-station")
    }

    /// The clinic's work types (progress note, referral letter, …), a JSON array of
    /// `{"code", "display", "loinc"}`; without it the built-in list is used.
    static func workTypes(environment: [String: String]) -> URL {
        directory(environment: environment).appendingPathComponent("work-types.json")
    }

    /// The clinic's text blocks and sections, said as commands.
    static func clinicText(environment: [String: String] = ProcessInfo.processInfo.environment) -> ClinicTextFiles {
        ClinicTextFiles(configDirectory: directory(environment: environment))
    }
}
