import Foundation
import SpeechModels
import StationTestSupport
import Testing

@Suite("The model catalog")
struct CatalogTests {
    @Test("the built-in catalog offers the CMU Sphinx locales, en-US also from the system")
    func builtIn() throws {
        let catalog = try ModelCatalog.builtIn()
        let locales = catalog.locales.map(\.locale)
        for locale in ["en-US", "nl-NL", "de-DE", "fr-FR", "es-ES", "it-IT", "ru-RU", "zh-CN"] {
            #expect(locales.contains(locale))
        }
        for entry in catalog.locales {
            for part in [entry.acousticModel, entry.languageModel, entry.dictionary] {
                #expect(part.url.absoluteString.hasPrefix("https://sourceforge.net/projects/cmusphinx/files/"))
                #expect(!part.fileName.isEmpty && part.fileName != "download")
            }
        }
        let english = try #require(catalog.entry(for: "en-US"))
        #expect(english.system?.acousticModel == "/usr/share/pocketsphinx/model/en-us/en-us")
        #expect(catalog.entry(for: "nl-NL")?.downloads.count == 1, "one archive holds the Dutch model")
        #expect(catalog.entry(for: "nl-NL")?.acousticModel.fileName == "cmusphinx-nl-5.2.tar.gz")
    }

    @Test("a mirror replaces every URL by the file's name under the mirror")
    func mirror() throws {
        let catalog = try ModelCatalog.builtIn().mirrored(to: URL(string: "http://models.clinic.local/sphinx/")!)
        let spanish = try #require(catalog.entry(for: "es-ES"))
        #expect(spanish.acousticModel.url.absoluteString == "http://models.clinic.local/sphinx/cmusphinx-es-5.2.tar.gz")
        #expect(spanish.languageModel.url.absoluteString == "http://models.clinic.local/sphinx/es-20k.lm.gz")
        #expect(spanish.dictionary.url.absoluteString == "http://models.clinic.local/sphinx/es.dict")
    }

    @Test(
        "catalogs with unsafe or wrong entries are refused with the reason",
        arguments: [
            (#"{"version":1,"locales":[{"locale":"nl-NL"}]}"#, "missing 'displayName'"),
            (#"{"version":1,"locales":"#, "not valid JSON"),
            (entry(url: "ftp://x/a.tar.gz", path: "a"), "not an http, https or file URL"),
            (entry(url: "http://x/a.tar.gz", path: "../etc"), "unsafe path"),
            (entry(url: "http://x/a.tar.gz", path: "/etc"), "unsafe path"),
            (entry(url: "http://x/a.tar.gz", path: "a", sha: "abc"), "sha256 must be 64 hex digits"),
            (
                entry(url: "http://x/a.tar.gz", path: "a", name: #"Deutsch\u001b[2J\u001b]0;pwned\u0007"#),
                #"nl-NL has control characters in its display name "Deutsch\u{1B}[2J\u{1B}]0;pwned\u{7}""#
            ),
            (
                entry(url: "http://x/a.tar.gz", path: "a", name: #"Nederlands\u202e"#),
                #"control characters in its display name "Nederlands\u{202E}""#
            ),
            (
                entry(url: "http://x/a.tar.gz", path: "a", locale: #"nl-NL\r"#),
                #"locale 1 has control characters in its tag "nl-NL\u{D}""#
            ),
        ])
    func invalid(json: String, reason: String) throws {
        let folder = try TemporaryFolder("catalog")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("catalog.json")
        try Data(json.utf8).write(to: file)
        #expect {
            _ = try ModelCatalog.load(from: file)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    static func entry(
        url: String, path: String, sha: String? = nil, locale: String = "nl-NL", name: String = "NL"
    ) -> String {
        let part = #"{"url":"\#(url)","path":"\#(path)"\#(sha.map { #","sha256":"\#($0)""# } ?? "")}"#
        return
            #"{"version":1,"locales":[{"locale":"\#(locale)","displayName":"\#(name)","acousticModel":\#(part),"languageModel":\#(part),"dictionary":\#(part)}]}"#
    }

    @Test("the built-in catalog carries the layouts and checksums checked against public install scripts")
    func realLayouts() throws {
        let catalog = try ModelCatalog.builtIn()
        let german = try #require(catalog.entry(for: "de-DE"))
        #expect(german.acousticModel.fileName == "cmusphinx-de-voxforge-5.2.tar.gz")
        #expect(
            german.acousticModel.path == "cmusphinx-cont-voxforge-de-r20171217/model_parameters/voxforge.cd_cont_6000")
        #expect(german.downloads.first?.sha256 == "e9cded974da697d0f78a55596e1bf4c9664e9bc91a4a596cc5dac76fc40c913d")
        let russian = try #require(catalog.entry(for: "ru-RU"))
        #expect(russian.downloads.count == 1)
        #expect(russian.downloads.first?.sha256 == "066b3e5225f9d0dbec2af0bf3ed1c105a3de445b34899cd1015f5cf578659720")
        // The confirmed forms: a gzip-compressed ARPA model for French, the text model inside the Dutch archive.
        #expect(catalog.entry(for: "fr-FR")?.languageModel.fileName == "fr-small.lm.gz")
        #expect(catalog.entry(for: "fr-FR")?.languageModel.path == nil)
        #expect(catalog.entry(for: "nl-NL")?.languageModel.path == "cmusphinx-nl-5.2/etc/voxforge_nl_sphinx.lm")
        #expect(
            !catalog.locales.contains { entry in
                [entry.acousticModel, entry.languageModel, entry.dictionary].contains { part in
                    part.fileName.hasSuffix(".lm.bin") || part.path?.hasSuffix(".lm.bin") == true
                }
            }, "no unconfirmed binary language model name is left")
    }

    @Test("a part may declare its unpacked size; parts sharing a download share it")
    func unpackedSize() throws {
        let folder = try TemporaryFolder("catalog")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("catalog.json")
        let part = #"{"url":"http://x/a.tar.gz","path":"a","size":1000,"unpackedSize":5000}"#
        let json =
            #"{"version":1,"locales":[{"locale":"nl-NL","displayName":"NL","acousticModel":\#(part),"languageModel":{"url":"http://x/a.tar.gz","path":"b"},"dictionary":{"url":"http://x/a.tar.gz","path":"c"}}]}"#
        try Data(json.utf8).write(to: file)
        let entry = try #require(try ModelCatalog.load(from: file).entry(for: "nl-NL"))
        #expect(entry.downloads.count == 1)
        #expect(entry.downloads.first?.unpackedSize == 5000)
        #expect(entry.downloads.first?.size == 1000)
    }
}
