import StationCore
import StationSystem

extension DataDirectoryAccount {
    /// The account this process runs as (the account database, never `$USER`): the only one whose data
    /// directory the station uses and makes private.
    public static var current: DataDirectoryAccount {
        let account = LoginAccount.current
        return DataDirectoryAccount(uid: account.uid, name: account.name)
    }
}
