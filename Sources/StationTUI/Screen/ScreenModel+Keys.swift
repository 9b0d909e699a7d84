import StationCore

/// The keys of the main screen, and the routing of every key to whatever is on top.
extension ScreenModel {
    /// Handles one key; returns what the terminal must do beyond redrawing.
    @discardableResult
    public func handle(_ key: Key) -> ScreenEffect {
        if key == .resize { return .none }
        if dialog != nil {
            let effect = handleDialogKey(key)
            // A question that waited behind this dialog comes next.
            if dialog == nil { askAboutNoSpeech() }
            return effect
        }
        if helpShown {
            helpShown = false
            return .none
        }
        if messagesShown {
            messagesShown = false
            return .none
        }
        if key == .character("M"), editor == nil, searchField == nil {
            openMessages()
            return .none
        }
        if key == .function(1) || (key == .character("?") && editor == nil && searchField == nil) {
            helpShown = true
            return .none
        }
        if editor != nil { return handleEditorKey(key) }
        if reportView != nil { return handleReportViewKey(key) }
        if searchField != nil { return handleSearchKey(key) }
        return handleMainKey(key)
    }

    private func handleMainKey(_ key: Key) -> ScreenEffect {
        switch key {
        case .character("q"), .function(10):
            return requestQuit()
        case .control("c"):
            // Only q and F10 quit: a stray Ctrl-C or Esc must not end a shift.
            notifier.info("To quit, press q or F10.")
        case .escape:
            if !searchQuery.isEmpty {
                searchQuery = ""
                reloadReports()
                return .none
            }
            notifier.info("Nothing to close here. To quit, press q or F10.")
        case .tab, .backTab:
            focus = focus == .sessions ? .reports : .sessions
        case .character(" "):
            toggleSelected()
            keepSelectionsInView()
        case .character("d") where focus == .sessions:
            requestDiscard()
        case .character("n"), .function(2):
            openNewSessionDialog()
        case .character("r"), .function(4):
            guard focus == .sessions else { return explainSessionKey("renames") }
            openRenameDialog()
        case .delete, .function(8):
            guard focus == .sessions else { return explainSessionKey("deletes") }
            requestDeleteSession()
        case .character("l"), .function(5):
            openLocalePicker()
        case .character("L"):
            guard focus == .sessions else { return explainSessionKey("changes the language of") }
            openSessionLocalePicker()
        case .character("s"), .function(6):
            openSourcePicker()
        case .character("/"), .function(3):
            focus = .reports
            searchField = TextEditorModel(text: searchQuery)
            searchField?.moveToEnd()
        case .mouse(let point):
            click(at: point)
        case .enter:
            return enterOnMain()
        default:
            return focus == .sessions ? handleSessionsKey(key) : handleReportListKey(key)
        }
        return .none
    }

    private func enterOnMain() -> ScreenEffect {
        if focus == .reports {
            openSelectedReport()
            return .none
        }
        guard let session = station.selected else { return .none }
        if let remote = session.heldElsewhere {
            notifier.warning(remote.refusal(sessionName: session.name))
            return .none
        }
        switch session.state {
        case .paused where session.noSpeech != nil:
            // Sending again would find nothing again: ask what to do with it.
            ask(session)
        case .paused:
            let outcome = station.send()
            if !outcome.succeeded { warnAboutState(outcome.message) }
        case .recording:
            warnAboutState("Pause first with Space; then Enter sends the dictation.", kind: .info)
        case .notRecording:
            warnAboutState("Nothing to send in \"\(session.name)\": Space starts a dictation.", kind: .info)
        case .processing:
            warnAboutState("\"\(session.name)\" is already being transcribed.", kind: .info)
        }
        return .none
    }

    /// A session key pressed in the reports pane acts on nothing there: say where it works.
    private func explainSessionKey(_ verb: String) -> ScreenEffect {
        notifier.info("That key \(verb) a session: press Tab to go to the sessions list first.")
        return .none
    }

    private func handleSessionsKey(_ key: Key) -> ScreenEffect {
        switch key {
        case .character("i"):
            guard let session = station.selected else {
                notifier.warning("No session is selected.")
                return .none
            }
            openDetails(for: session.id)
            return .none
        case .character("e"), .character("E"), .character("x"), .character("p"), .character("S"), .character("D"),
            .character("R"), .character("a"):
            notifier.info("That key works on a report: press Tab to go to the report list first.")
            return .none
        case .up, .character("k"): station.selectNeighbour(-1)
        case .down, .character("j"): station.selectNeighbour(1)
        case .home:
            if let first = station.sessions.first { station.select(first.id) }
        case .end:
            if let last = station.sessions.last { station.select(last.id) }
        default: break
        }
        keepSelectionsInView()
        return .none
    }

    private func handleReportListKey(_ key: Key) -> ScreenEffect {
        let page = max(1, ScreenLayout.listRows(in: layout.reports) - 1)
        switch key {
        case .up, .character("k"): moveReportSelection(by: -1)
        case .down, .character("j"): moveReportSelection(by: 1)
        case .pageUp: moveReportSelection(by: -page)
        case .pageDown: moveReportSelection(by: page)
        case .home: moveReportSelection(by: -reportSelection)
        case .end: moveReportSelection(by: reports.count)
        case .character("e"):
            openSelectedReport()
            startEditing()
        case .character("E"):
            if let report = selectedReport, claimForEditing(report) { return .editExternally(report) }
        case .character("S"):
            if let report = selectedReport { requestSigning(report) }
        case .character("D"):
            if let report = selectedReport { requestDeletion(report) }
        case .character("R"):
            if let report = selectedReport { requestEnteringInError(report) }
        case .character("a"): toggleFilter(\.enteredInError)
        case .character("m"): toggleFilter(\.mine)
        case .character("u"): toggleFilter(\.unsigned)
        case .character("!"): toggleFilter(\.urgent)
        case .character("x"):
            if let report = selectedReport { export(report) }
        case .character("p"):
            openSelectedReport()
            togglePlayback()
        case .character("d"):
            return explainSessionKey("discards the dictation of")
        default: break
        }
        return .none
    }

    /// Space: record, pause or resume the selected session. Starting one pauses the one recording, and
    /// the notice says so ("Ward round paused; recording Room 214") rather than switching silently.
    func toggleSelected() {
        let before = station.capturing
        let outcome = station.toggle()
        guard outcome.succeeded else {
            warnAboutState(outcome.message)
            return
        }
        if let before, let now = station.capturing, before !== now, before.state == .paused {
            notifier.info("\(before.name) paused; recording \(now.name).")
        }
    }

    /// Posts a message about the selected session's state; it goes when that state changes (sent,
    /// discarded, resumed…), so the strip never describes a state that is gone.
    func warnAboutState(_ message: String, kind: StationNotification.Kind = .warning) {
        guard let session = station.selected else {
            notifier.post(kind, message)
            return
        }
        let state = session.state
        notifier.post(kind, message) { [weak session] in session?.state == state }
    }

    /// Quits, asking first while any session holds audio not yet sent or an edit is unsaved.
    func requestQuit() -> ScreenEffect {
        guard quitConcerns != nil else { return .quit }
        dialog = .confirm(title: "Quit?", message: quitQuestion, action: .quit)
        return .none
    }

    /// What quitting now would leave behind, naming the sessions; nil when nothing.
    var quitConcerns: String? {
        var parts: [String] = []
        let holding = station.sessions.filter(\.hasUnsentAudio)
        if !holding.isEmpty {
            let names = holding.map { "\"\($0.name)\" (\(Self.stateWords($0)))" }
            let subject = names.count == 1 ? names[0] + " holds" : Self.list(names) + " hold"
            parts.append(
                "\(subject) audio not sent yet. It is kept and comes back paused next time.")
        }
        if let editor, editor.text.isDirty {
            parts.append("Your changes to report #\(editor.report.id) are not saved and will be lost.")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The quit dialog's question, as things stand now (it is drawn from this, so it never goes stale).
    var quitQuestion: String {
        quitConcerns.map { $0 + " Quit now?" } ?? "Nothing is left unsent any more. Quit now?"
    }

    static func stateWords(_ session: DictationSession) -> String {
        let time = ElapsedTimeFormat.string(for: session.elapsed)
        switch session.state {
        case .recording: return "recording, \(time)"
        case .paused: return "paused, \(time)"
        case .processing: return "being transcribed"
        case .notRecording: return "idle"
        }
    }

    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    func requestDiscard() {
        guard let session = station.selected else {
            notifier.warning("No session is selected.")
            return
        }
        if let remote = session.heldElsewhere {
            notifier.warning(remote.refusal(sessionName: session.name))
            return
        }
        guard session.canDiscard else {
            switch session.state {
            case .recording:
                warnAboutState("Nothing to discard yet: pause the recording first (Space), then d discards it.")
            case .notRecording: warnAboutState("Nothing to discard: \"\(session.name)\" holds no dictation.")
            case .paused, .processing: warnAboutState("The dictation is being stored as a report now.")
            }
            return
        }
        dialog = .confirm(
            title: "Discard dictation?",
            message: "The recording of \"\(session.name)\" (\(ElapsedTimeFormat.string(for: session.elapsed))) "
                + "is thrown away and cannot be brought back.",
            action: .discard)
    }

    private func requestDeleteSession() {
        guard let session = station.selected else { return }
        if session.hasUnsentAudio {
            warnAboutState("\"\(session.name)\" holds an unsent dictation: send or discard it first.")
            return
        }
        dialog = .confirm(
            title: "Delete session?",
            message: "Delete the session \"\(session.name)\"? Its reports are kept.",
            action: .deleteSession(session.id))
    }

    private func handleSearchKey(_ key: Key) -> ScreenEffect {
        guard var field = searchField else { return .none }
        switch key {
        case .enter:
            searchField = nil
            return .none
        case .escape:
            searchField = nil
            searchQuery = ""
            reloadReports()
            return .none
        case .up, .down, .pageUp, .pageDown:
            searchField = nil
            return handleReportListKey(key)
        default:
            guard field.applyLineKey(key) else { return .none }
        }
        searchField = field
        if field.text != searchQuery {
            searchQuery = field.text
            reportSelection = 0
            reloadReports()
        }
        return .none
    }

    /// Selects what was clicked: a session, a report, or the pane.
    private func click(at point: Point) {
        let layout = layout
        if layout.sessions.contains(point) {
            focus = .sessions
            let index = point.row - layout.sessions.row - 1 + sessionsTop
            if point.row > layout.sessions.row, station.sessions.indices.contains(index) {
                station.select(station.sessions[index].id)
            }
        } else if layout.reports.contains(point) {
            focus = .reports
            let index = point.row - layout.reports.row - 1 + reportsTop
            if point.row > layout.reports.row, reports.indices.contains(index) {
                reportSelection = index
            }
        }
    }
}

extension TextEditorModel {
    /// Applies a key of a one-line field; returns whether it was one.
    mutating func applyLineKey(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(String(character))
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .left: moveLeft()
        case .right: moveRight()
        case .home, .control("a"): moveHome()
        case .end, .control("e"): moveEnd()
        case .wordLeft: moveWordLeft()
        case .wordRight: moveWordRight()
        case .control("z"): undo()
        default: return false
        }
        return true
    }
}
