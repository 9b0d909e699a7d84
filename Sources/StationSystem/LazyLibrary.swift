/// A C library the adapters load on first use (dlopen) rather than at every start, so that the first
/// frame waits for none of them. Each adapter's C target has a `ds_<name>_load(why, size)` function;
/// the adapter calls it where it starts, and turns a library that cannot be loaded into its own error.
public enum LazyLibrary {
    /// Nil when `load` loaded the library (or had before), else the dynamic loader's reason in one line
    /// (the library's file name and what is wrong with it, e.g. "libpq.so.5: cannot open shared object
    /// file: No such file or directory").
    public static func loadFailure(_ load: (UnsafeMutablePointer<CChar>?, Int) -> Int32) -> String? {
        var why = [CChar](repeating: 0, count: 1024)
        let loaded = why.withUnsafeMutableBufferPointer { load($0.baseAddress, $0.count) }
        if loaded != 0 { return nil }
        return String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
