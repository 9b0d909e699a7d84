#if canImport(Glibc)
    import Glibc
#endif

/// Names the calling thread, as `ps -L`, `top -H` and a debugger show it.
enum ThreadName {
    typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> CInt

    /// `pthread_setname_np(3)`, which Swift's Glibc module does not import (it needs `_GNU_SOURCE`).
    private static let setName: SetName? = {
        guard let library = dlopen(nil, RTLD_NOW), let address = dlsym(library, "pthread_setname_np") else {
            return nil
        }
        return unsafeBitCast(address, to: SetName.self)
    }()

    /// Gives this thread `name`, cut to the 15 bytes Linux keeps; a C library without the call leaves it.
    static func set(_ name: String) {
        _ = setName?(pthread_self(), String(decoding: name.utf8.prefix(15), as: UTF8.self))
    }
}
