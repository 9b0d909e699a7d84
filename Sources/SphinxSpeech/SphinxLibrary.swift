import CPocketSphinx
import Localization
import StationSystem

/// Facts about the libpocketsphinx this station is linked against.
public enum SphinxLibrary {
    /// The decoder's option names (`-hmm`, `-lm`, `-dict`…), read from the library's own argument table.
    /// pocketsphinx 0.8 exports no version function; this table is what proves the link.
    public static var optionNames: [String] {
        var names: [String] = []
        guard var definition = ps_args() else { return names }
        while let name = definition.pointee.name {
            names.append(String(cString: name))
            definition = definition.advanced(by: 1)
        }
        return names
    }

    /// Loads libpocketsphinx (on the first decoder, not at every start of the station), or says in
    /// words why it cannot be.
    static func load() throws(SphinxError) {
        if let reason = LazyLibrary.loadFailure(ds_sphinx_load) {
            throw SphinxError(function: "dlopen", detail: missing(reason))
        }
    }

    /// Why no decoder can be made when libpocketsphinx cannot be loaded (`reason`: the loader's).
    static func missing(_ reason: String) -> String {
        tr(
            "Speech recognition needs PocketSphinx (package libpocketsphinx3), which could not be loaded: \(reason). Ask the administrator to install it."
        )
    }
}
