import Glibc
import Testing

@testable import StationSystem

@Suite("Errno: a failed system call in the user's words")
struct ErrnoTests {
    static let me = LoginAccount.current.name

    @Test(
        "each common errno is said plainly, with what was done to which file",
        arguments: [
            (ENOSPC, "write to", "cannot write to /d/x.wav: the disk is full; free some space, then try again"),
            (EDQUOT, "write to", "cannot write to /d/x.wav: the disk quota of \(me) is used up"),
            (EACCES, "open", "the account \(me) is not allowed to open /d/x.wav"),
            (
                EPERM, "change the permissions of",
                "the account \(me) is not allowed to change the permissions of /d/x.wav"
            ),
            (ELOOP, "open", "/d/x.wav is a symbolic link. The station does not follow links among its own files"),
            (ENOENT, "open", "cannot open /d/x.wav: it does not exist"),
            (EEXIST, "create", "cannot create /d/x.wav: it exists already"),
            (EROFS, "write to", "cannot write to /d/x.wav: the disk is read-only"),
            (EIO, "read", "cannot read /d/x.wav: the disk reported an error reading or writing it"),
        ])
    func words(code: CInt, action: String, expected: String) {
        let error = Errno(code: code, action: action, path: "/d/x.wav")
        #expect(error.description.hasPrefix(expected), "\(error.description)")
        #expect(!error.description.contains("errno"), "no C jargon")
    }

    @Test("an errno without its own words gets the C library's message, without a file when there is none")
    func fallback() {
        let error = Errno(code: EXDEV, action: "move")
        #expect(error.description == "cannot move: " + String(cString: strerror(EXDEV)).lowercased())
    }

    @Test("valueOrErrno returns the result, retries an interrupted call and throws the errno a -1 left")
    func valueOrErrnoHelper() throws {
        var calls = 0
        let result = try valueOrErrno("read") { () -> Int in
            calls += 1
            if calls == 1 {
                errno = EINTR
                return -1
            }
            return 42
        }
        #expect(result == 42)
        #expect(calls == 2, "EINTR is tried again")

        #expect(throws: Errno(code: ENOENT, action: "open", path: "/nonexistent/file")) {
            try valueOrErrno("open", path: "/nonexistent/file") { open("/nonexistent/file", O_RDONLY) }
        }
    }

    @Test("the kinds callers ask about")
    func kinds() {
        #expect(Errno(code: ENOSPC, action: "write").isDiskFull)
        #expect(Errno(code: EDQUOT, action: "write").isDiskFull)
        #expect(Errno(code: ELOOP, action: "open").isLinkRefused)
        #expect(Errno(code: EWOULDBLOCK, action: "lock").wouldBlock)
        #expect(Errno(code: EACCES, action: "open").isPermissionDenied)
        #expect(Errno(code: ENOENT, action: "open").concerning("/x").path == "/x")
    }
}
