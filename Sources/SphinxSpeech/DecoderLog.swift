import CSphinxLog
import Foundation
import StationCore
import Synchronization

/// pocketsphinx's log, with nothing of what was dictated. The search and the word lattice log the words
/// they recognize ("End node dashwood.344", "using amiable.1498 instead"), and the station's log must
/// hold no patient text; so a line is kept only when it comes from the parts that load the model and
/// read audio, which never see a recognized word. A warning or error of the search keeps its place
/// (file and line) without its text; everything else of the search is left out.
///
/// The library has one log per process; each engine calls it on its own thread, so a line goes to the
/// log of the engine whose thread wrote it (else to the log of the decoder loaded last).
final class DecoderLog: Sendable {
    static let shared = DecoderLog()

    private struct Routes {
        var destination: any StationLog = SilentLog()
        var destinations: [UInt: any StationLog] = [:]
        /// The start of a line still being written, per thread (a message may come in pieces).
        var pending: [UInt: String] = [:]
    }
    private let routes = Mutex(Routes())

    private init() {
        ds_sphinx_route_log { level, text in
            guard let text else { return }
            DecoderLog.shared.take(level: level, String(cString: text))
        }
    }

    /// Sends what the library logs on this thread (an engine's) to `log`, and what it logs elsewhere too.
    func route(to log: any StationLog) {
        let thread = UInt(pthread_self())
        routes.withLock { routes in
            routes.destination = log
            routes.destinations[thread] = log
        }
    }

    /// Forgets the log of an engine's thread that has ended.
    func forget(thread: UInt) {
        routes.withLock { _ = $0.destinations.removeValue(forKey: thread) }
    }

    /// Takes a piece of the library's log; whole lines are judged and passed on.
    func take(level: Int32, _ text: String) {
        let thread = UInt(pthread_self())
        let (lines, log) = routes.withLock { routes -> ([String], any StationLog) in
            var buffered = (routes.pending.removeValue(forKey: thread) ?? "") + text
            var complete: [String] = []
            while let newline = buffered.firstIndex(of: "\n") {
                complete.append(String(buffered[..<newline]))
                buffered = String(buffered[buffered.index(after: newline)...])
            }
            if !buffered.isEmpty { routes.pending[thread] = buffered }
            return (complete, routes.destinations[thread] ?? routes.destination)
        }
        for line in lines {
            if let (level, kept) = Self.filtered(line) { log.log(level, "pocketsphinx: \(kept)") }
        }
    }

    /// Files whose messages are about loading the model and reading audio, never about words heard.
    /// (`cmn_live.c` is word-free too, but logs two lines of numbers per utterance all day.)
    static let wordFreeSources: Set<String> = [
        "acmod.c", "agc.c", "bin_mdef.c", "bio.c", "cmd_ln.c", "cmn.c", "cmn_prior.c", "dict.c",
        "dict2pid.c", "feat.c", "fe_interface.c", "fe_noise.c", "fe_prespch_buf.c", "fe_sigproc.c", "fe_warp.c",
        "fe_warp_affine.c", "fe_warp_inverse_linear.c", "fe_warp_piecewise_linear.c", "lda.c", "lm_trie.c",
        "lm_trie_quant.c", "logmath.c", "mdef.c", "mmio.c", "ms_gauden.c", "ms_mgau.c", "ms_senone.c",
        "ngram_model.c", "ngram_model_set.c", "ngram_model_trie.c", "ngrams_raw.c", "pio.c", "ptm_mgau.c",
        "s2_semi_mgau.c", "tmat.c",
    ]

    /// What of a line may be logged, at which level; nil when nothing may.
    static func filtered(_ line: String) -> (LogLevel, String)? {
        guard let parsed = ParsedLine(line) else {
            // A line without a source: only the configuration table printed at load is kept.
            return isConfigurationRow(line) ? (.info, line) : nil
        }
        if wordFreeSources.contains(parsed.source) { return (parsed.level, line) }
        guard parsed.level == .warning || parsed.level == .error else { return nil }
        return (parsed.level, "\(parsed.prefix)(text left out: the search's messages may hold dictated words)")
    }

    private static func isConfigurationRow(_ line: String) -> Bool {
        if line == "Current configuration:" || line.hasPrefix("[NAME]") { return true }
        guard line.hasPrefix("-"), let name = line.dropFirst().split(separator: "\t").first else { return false }
        return !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The prefix sphinxbase's `err_msg` puts before a message: `INFO: file.c(12): `,
    /// `WARN: "file.c", line 12: `, or `file.c(12): ` for a continued message.
    struct ParsedLine {
        var level: LogLevel
        var source: String
        var prefix: String

        init?(_ line: String) {
            let levels: [(String, LogLevel)] = [
                ("DEBUG", .debug), ("INFO", .info), ("WARN", .warning), ("ERROR", .error), ("FATAL", .error),
                ("SYSTEM_ERROR", .error), ("FATAL_SYSTEM_ERROR", .error),
            ]
            var rest = Substring(line)
            var level = LogLevel.info
            if let (name, known) = levels.first(where: { rest.hasPrefix("\($0.0): ") }) {
                level = known
                rest = rest.dropFirst(name.count + 2)
            }
            // `"file.c", line 12: ` (warnings and errors) or `file.c(12): ` (information).
            let source: Substring
            let afterPrefix: Substring.Index
            if rest.hasPrefix("\""), let close = rest.dropFirst().firstIndex(of: "\""),
                rest[close...].hasPrefix("\", line "), let colon = rest[close...].firstIndex(of: ":")
            {
                source = rest[rest.index(after: rest.startIndex)..<close]
                afterPrefix = rest.index(after: colon)
            } else if let open = rest.firstIndex(of: "("), let colon = rest[open...].firstIndex(of: ":"),
                rest[rest.index(before: colon)] == ")"
            {
                source = rest[..<open]
                afterPrefix = rest.index(after: colon)
            } else {
                return nil
            }
            guard source.hasSuffix(".c"), !source.contains(" ") else { return nil }
            self.level = level
            self.source = String(source)
            prefix = String(line[..<afterPrefix]) + " "
        }
    }
}
