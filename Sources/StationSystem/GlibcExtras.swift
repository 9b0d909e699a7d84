#if canImport(Glibc)
    import Glibc
#endif

/// glibc functions that Swift's Glibc module does not import (their headers need `_GNU_SOURCE` or lie
/// outside its module map), looked up once in the C library itself. Each is nil on a C library without
/// it, and its caller falls back to plainer calls.
enum GlibcExtras {
    typealias PidfdOpen = @convention(c) (pid_t, CUnsignedInt) -> CInt
    typealias PidfdSendSignal = @convention(c) (CInt, CInt, UnsafeMutableRawPointer?, CUnsignedInt) -> CInt
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> CInt
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<CInt>, CInt) -> CInt
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, CInt) -> CInt

    /// `pidfd_open(2)` (glibc 2.36, Linux 5.3): a descriptor that becomes readable when the process ends.
    static let pidfdOpen: PidfdOpen? = symbol("pidfd_open")
    /// `pidfd_send_signal(2)`: signals the very process of a pidfd, never a later one with its number.
    static let pidfdSendSignal: PidfdSendSignal? = symbol("pidfd_send_signal")
    /// `posix_spawn_file_actions_addchdir_np(3)` (glibc 2.29): the child's working directory.
    static let addChdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np")
    /// `posix_spawn_file_actions_addclosefrom_np(3)` (glibc 2.34): the child closes every descriptor from
    /// a number up, whatever other code of this process left open without O_CLOEXEC.
    static let addCloseFrom: AddCloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    /// `pipe2(2)`: a pipe whose ends are close-on-exec from the start, so no other thread's child inherits them.
    static let pipe2: Pipe2? = symbol("pipe2")

    private static func symbol<Function>(_ name: String) -> Function? {
        guard let library = dlopen(nil, RTLD_NOW), let address = dlsym(library, name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}
