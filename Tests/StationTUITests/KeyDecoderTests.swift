import CNcursesw
import Testing

@testable import StationTUI

@Suite("What curses reads becomes keys")
struct KeyDecoderTests {
    let character = ds_ok()
    let function = ds_key_code_yes()

    @Test("control characters, Enter, Tab, Backspace and Escape")
    func controls() {
        #expect(KeyDecoder.decode(status: character, value: 19) == .control("s"))
        #expect(KeyDecoder.decode(status: character, value: 26) == .control("z"))
        #expect(KeyDecoder.decode(status: character, value: 13) == .enter)
        #expect(KeyDecoder.decode(status: character, value: 10) == .enter)
        #expect(KeyDecoder.decode(status: character, value: 9) == .tab)
        #expect(KeyDecoder.decode(status: character, value: 127) == .backspace)
        #expect(KeyDecoder.decode(status: character, value: 27) == .escape)
        #expect(KeyDecoder.decode(status: character, value: 0) == nil)
    }

    @Test("Ctrl-H is Ctrl-Backspace (delete a word) where Backspace sends DEL, and Backspace where it sends Ctrl-H")
    func controlH() {
        #expect(KeyDecoder.decode(status: character, value: 8) == .wordBackspace)
        #expect(KeyDecoder.decode(status: character, value: 8, eraseIsControlH: true) == .backspace)
        #expect(KeyDecoder.decode(status: character, value: 127, eraseIsControlH: true) == .backspace)
        #expect(KeyDecoder.decode(status: character, value: 23) == .control("w"))
    }

    @Test("printable characters, wide ones too")
    func printable() {
        #expect(KeyDecoder.decode(status: character, value: 0x61) == .character("a"))
        #expect(KeyDecoder.decode(status: character, value: 0x75C5) == .character("病"))
        #expect(KeyDecoder.decode(status: character, value: 0x1F600) == .character("😀"))
    }

    @Test("arrows, pages, F-keys and resize")
    func functionKeys() {
        #expect(KeyDecoder.decode(status: function, value: KEY_UP) == .up)
        #expect(KeyDecoder.decode(status: function, value: KEY_NPAGE) == .pageDown)
        #expect(KeyDecoder.decode(status: function, value: KEY_DC) == .delete)
        #expect(KeyDecoder.decode(status: function, value: KEY_BTAB) == .backTab)
        #expect(KeyDecoder.decode(status: function, value: ds_key_f(1)) == .function(1))
        #expect(KeyDecoder.decode(status: function, value: ds_key_f(10)) == .function(10))
        #expect(KeyDecoder.decode(status: function, value: ds_key_resize()) == .resize)
    }
}
