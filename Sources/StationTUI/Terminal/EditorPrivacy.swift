/// Options that keep an editor from writing the text it edits anywhere but beside the private copy.
///
/// vim keeps edited lines in `~/.viminfo` (registers, command-line and search history) indefinitely, and
/// nano keeps search and replace strings in its history when a nanorc asks for it: patient text outside
/// the data directory. The options are chosen by the editor's name; an editor not named here is started
/// as it is (the README says so).
enum EditorPrivacy {
    /// The options to put before the file for the editor command `command` ("vim", "/usr/bin/nano -l").
    static func options(for command: String) -> [String] {
        let program = command.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        let name = program.split(separator: "/").last.map(String.init) ?? ""
        if vimNames.contains(name) || name.hasPrefix("vim.") {
            // No viminfo (nvim: no shada), and no swap file: vim would put one in ~/tmp or /tmp when the
            // copy's folder is not writable.
            return ["-i", "NONE", "-n"]
        }
        if nanoNames.contains(name) {
            // nano has no option to turn its history off, only nanorc's `historylog` and `positionlog` to
            // turn it on: reading no nanorc keeps it off (and backups, which a nanorc could send elsewhere).
            return ["--ignorercfiles"]
        }
        return []
    }

    private static let vimNames: Set = ["vi", "vim", "view", "rvim", "nvim", "gvim"]
    private static let nanoNames: Set = ["nano", "rnano"]
}
