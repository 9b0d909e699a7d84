import Foundation
import Localization
import StationCore
import StationSystem

/// Test-loads an installed model in a child process before the station loads it.
///
/// libpocketsphinx ends the whole process (`E_FATAL` calls `exit`) when a model file is malformed, so
/// a damaged download loaded in-process would close the station mid-shift. Debian's
/// `pocketsphinx_continuous` loads the model with the same library and decodes an empty input; its
/// exit status is the verdict. Models that come with the system are trusted and not probed.
///
/// The probe runs on the decoder's thread, so a child that hangs (a model on a stalled network mount)
/// is killed after `timeout` and the model counts as broken, rather than holding every dictation.
struct ModelProbe: Sendable {
    var tool = URL(fileURLWithPath: "/usr/bin/pocketsphinx_continuous")
    /// Loading a model takes well under a second here; a large one on a slow disk, a few seconds.
    var timeout: Duration = .seconds(30)

    /// Why `model` cannot be loaded, or nil when it loads (or cannot be probed here, which is logged).
    func problem(with model: SpeechModel, log: any StationLog) -> String? {
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            log.log(
                .warning, tr("cannot test-load installed models: \(tool.path) is missing (Debian package pocketsphinx)")
            )
            return nil
        }
        var probe = Spawn(
            tool.path,
            [
                "-hmm", model.acousticModel.path, "-lm", model.languageModel.path, "-dict", model.dictionary.path,
                "-infile", "/dev/null", "-logfn", "/dev/null",
            ])
        // Nothing in, nothing out: only the exit status counts.
        probe.input = .null
        probe.output = .null
        probe.errors = .null
        let child: ChildProcess
        do {
            child = try probe.start()
        } catch {
            log.log(.warning, "cannot test-load the \(model.locale) model: \(error)")
            return nil
        }
        guard let ended = child.wait(timeout: timeout) else {
            child.signal(SIGKILL)
            // A child stuck in the kernel (a stalled mount) dies only when its I/O ends: not waited for.
            _ = child.wait(timeout: .seconds(5))
            log.log(.error, "test-loading the \(model.locale) model did not end within \(timeout); it was stopped")
            return tr("loading it did not end within \(timeout)")
        }
        guard ended.succeeded else { return tr("pocketsphinx cannot load its files") }
        return nil
    }
}
