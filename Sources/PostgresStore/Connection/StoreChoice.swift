import Foundation
import Localization
import StationSystem

/// Which clinic store this station uses, and who said so: `--store`, else `$DICTATION_STATION_STORE`,
/// else the workstation's file (`/etc/dictation-station/store.conf`), else none, and the station keeps
/// the person's own SQLite store. Set once per workstation, so every account on it uses the clinic
/// store without any set-up of its own.
public struct StoreChoice: Sendable, Equatable, CustomStringConvertible {
    /// Where the choice came from, as `clinic status` and the station's title say it.
    public enum Origin: Sendable, Equatable {
        case option
        case environment
        case workstationFile(path: String)
    }

    public var address: StoreAddress
    public var origin: Origin

    public init(address: StoreAddress, origin: Origin) {
        self.address = address
        self.origin = origin
    }

    /// The workstation's file, read by every account.
    public static let workstationFile = "/etc/dictation-station/store.conf"
    /// Names another file instead of `workstationFile` (for tests, and for trying a new file out).
    public static let workstationFileVariable = "DICTATION_STATION_STORE_CONF"
    /// The store for this process alone.
    public static let storeVariable = "DICTATION_STATION_STORE"

    /// The clinic store chosen for this process, or nil when none is set anywhere (the person's own
    /// SQLite store). An empty `--store` or variable counts as not given. A workstation file that cannot
    /// be trusted or read is an error, never silently passed over: it decides where every account's
    /// reports go.
    public static func resolve(
        option: String?, environment: [String: String]
    ) throws(StoreConfigurationError)
        -> StoreChoice?
    {
        if let option = nonEmpty(option) { return StoreChoice(address: StoreAddress(option), origin: .option) }
        if let variable = nonEmpty(environment[storeVariable]) {
            return StoreChoice(address: StoreAddress(variable), origin: .environment)
        }
        let path = nonEmpty(environment[workstationFileVariable]) ?? workstationFile
        guard let text = try WorkstationStoreFile.read(path) else { return nil }
        guard let conninfo = try WorkstationStoreFile.parse(text, path: path) else { return nil }
        return StoreChoice(address: StoreAddress(conninfo), origin: .workstationFile(path: path))
    }

    /// The chosen store, or libpq's defaults (the local socket, the database named as the account) when
    /// none is set: what the `clinic` subcommands use.
    public static func resolveForAdministration(
        option: String?, environment: [String: String]
    )
        throws(StoreConfigurationError) -> StoreChoice
    {
        try resolve(option: option, environment: environment)
            ?? StoreChoice(address: StoreAddress(""), origin: .environment)
    }

    /// Where the choice came from, in words: "set by --store", "set by /etc/dictation-station/store.conf".
    public var originWords: String {
        switch origin {
        case .option: tr("set by --store")
        case .environment:
            address.conninfo.isEmpty
                ? tr("none is set: --store, $DICTATION_STATION_STORE or \(Self.workstationFile)")
                : tr("set by $DICTATION_STATION_STORE")
        case .workstationFile(let path): tr("set by \(path)")
        }
    }

    /// The store as the station's title line names it: `clinic store “dbname=clinic”`.
    public var titleWords: String { tr("clinic store \(address)") }

    /// The store and where it was chosen: `“dbname=clinic” (set by /etc/dictation-station/store.conf)`.
    public var description: String { "\(address) (\(originWords))" }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return value
    }
}
