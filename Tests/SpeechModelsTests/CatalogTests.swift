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

    static func entry(url: String, path: String, sha: String? = nil) -> String {
        let part = #"{"url":"\#(url)","path":"\#(path)"\#(sha.map { #","sha256":"\#($0)""# } ?? "")}"#
        return
            #"{"version":1,"locales":[{"locale":"nl-NL","displayName":"NL","acousticModel":\#(part),"languageModel":\#(part),"dictionary":\#(part)}]}"#
    }
}
