import Localization
import StationCore

/// The pickers of the station's settings, each read before it opens: the locale of new sessions
/// (`F5`), the capture source (`F6`) and the language of the selected session (`L`). A picker read
/// while another dialog opened does not push in front of it.
@MainActor
enum SettingsPickers {
    static func openLocale(on screen: ScreenModel) {
        guard let catalog = screen.services.locales else {
            screen.notifier.warning(tr("No model catalog is available in this build."))
            return
        }
        screen.run { [weak screen] in
            let options = await catalog.options()
            guard let screen, screen.dialog == nil else { return }
            let current = screen.station.locale
            screen.open(
                PickerDialogController(
                    title: tr("Locale for new sessions"), options: localeOptions(options),
                    selection: options.firstIndex { $0.locale == current } ?? 0, purpose: .locale
                ) { [unowned screen] locale in
                    screen.station.locale = locale
                    screen.notifier.info(tr("New sessions use \(locale)."))
                    screen.run { [weak screen] in
                        await catalog.choose(locale)
                        screen?.refreshModelStates()
                    }
                    screen.refreshModelStates()
                    return .close
                })
        }
    }

    static func openSource(on screen: ScreenModel) {
        guard let chooser = screen.services.sources else {
            screen.notifier.warning(tr("Capture sources cannot be listed in this build."))
            return
        }
        screen.run { [weak screen] in
            do {
                let sources = try await chooser.sources()
                let current = await chooser.currentSource()
                guard let screen, screen.dialog == nil else { return }
                guard !sources.isEmpty else {
                    screen.notifier.warning(tr("No capture sources are available; plug in a microphone."))
                    return
                }
                let inUse = SourcePickerOptions.inUse(sources, chosen: current)
                screen.open(
                    PickerDialogController(
                        title: tr("Capture source"), options: SourcePickerOptions.options(sources, chosen: current),
                        selection: inUse ?? 0, purpose: .source
                    ) { [unowned screen] source in
                        screen.run { [weak screen] in
                            do {
                                try await chooser.choose(source)
                                guard let screen else { return }
                                // A dictation begun on the wrong microphone moves to this one.
                                let outcome = await screen.station.captureSourceChosen(source)
                                screen.notifier.post(outcome.succeeded ? .info : .warning, outcome.message)
                            } catch {
                                screen?.notifier.error(tr("That source cannot be used: \(error)"))
                            }
                        }
                        return .close
                    })
            } catch CaptureError.audioLibraryMissing {
                // Not the server's fault: asking whether it runs would send the person the wrong way.
                screen?.notifier.error(RecordingError.audioLibraryMissing(detail: "").message)
            } catch {
                screen?.notifier.error(tr("The capture sources could not be listed. Is the audio server running?"))
            }
        }
    }

    /// `L`: the language of the selected session's dictations, for example to send a stuck nl-NL
    /// dictation as en-US; refused while it records, is transcribed or is held elsewhere.
    static func openSessionLocale(on screen: ScreenModel) {
        let station = screen.station
        guard let session = station.selected else {
            screen.notifier.warning(tr("No session is selected."))
            return
        }
        if let refusal = station.localeChangeRefusal(for: session) {
            screen.sessionsList.warnAboutState(refusal)
            return
        }
        guard let catalog = screen.services.locales else {
            screen.notifier.warning(tr("No model catalog is available in this build."))
            return
        }
        let id = session.id
        screen.run { [weak screen] in
            let options = await catalog.options()
            guard let screen, screen.dialog == nil, let session = station.sessions.first(where: { $0.id == id })
            else { return }
            screen.open(
                PickerDialogController(
                    title: tr("Language of \"\(session.name)\""), options: localeOptions(options),
                    selection: options.firstIndex { $0.locale == session.locale } ?? 0, purpose: .sessionLocale(id)
                ) { [unowned screen] locale in
                    let outcome = station.setLocale(of: id, to: locale)
                    outcome.succeeded ? screen.notifier.info(outcome.message) : screen.notifier.warning(outcome.message)
                    screen.refreshModelStates()
                    return .close
                })
        }
    }

    private static func localeOptions(_ options: [LocalePickerEntry]) -> [PickerOption] {
        options.map { PickerOption(label: "\($0.locale)  \($0.name)", detail: $0.state.label, value: $0.locale) }
    }
}
