import StationCore

/// The keys of the main screen, and the routing of every key to whatever is on top.
extension ScreenModel {
    /// Handles one key; returns what the terminal must do beyond redrawing.
    @discardableResult
    public func handle(_ key: Key) -> ScreenEffect {
        if key == .resize { return .none }
        if dialog != nil { return handleDialogKey(key) }
        if helpShown {
            helpShown = false
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
        case .character("q"), .function(10), .control("c"):
            return requestQuit()
        case .escape:
            if !searchQuery.isEmpty {
                searchQuery = ""
                reloadReports()
                return .none
            }
            return requestQuit()
        case .tab, .backTab:
            focus = focus == .sessions ? .reports : .sessions
        case .character(" "):
            let outcome = station.toggle()
            if !outcome.succeeded { notifier.warning(outcome.message) }
            keepSelectionsInView()
        case .character("d"):
            requestDiscard()
        case .character("n"), .function(2):
            openNewSessionDialog()
        case .character("r"), .function(4):
            openRenameDialog()
        case .delete, .function(8):
            requestDeleteSession()
        case .character("l"), .function(5):
            openLocalePicker()
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
        case .paused:
            let outcome = station.send()
            if !outcome.succeeded { notifier.warning(outcome.message) }
        case .recording:
            notifier.info("Pause first with Space; then Enter sends the dictation.")
        case .notRecording, .processing:
            break
        }
        return .none
    }

    private func handleSessionsKey(_ key: Key) -> ScreenEffect {
        switch key {
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
            if let report = selectedReport { return .editExternally(report) }
        case .character("x"):
            if let report = selectedReport { export(report) }
        case .character("p"):
            openSelectedReport()
            togglePlayback()
        default: break
        }
        return .none
    }

    /// Quits, asking first when a dictation would be left unsent.
    func requestQuit() -> ScreenEffect {
        if station.hasUnsentDictation {
            dialog = .confirm(
                title: "Quit?",
                message: "A dictation is not sent yet. It is kept and comes back paused next time. Quit now?",
                action: .quit)
            return .none
        }
        return .quit
    }

    private func requestDiscard() {
        if let session = station.selected, let remote = session.heldElsewhere {
            notifier.warning(remote.refusal(sessionName: session.name))
            return
        }
        guard let session = station.selected, session.canDiscard else {
            notifier.warning("Nothing to discard: pause the recording first.")
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
            notifier.warning("\"\(session.name)\" holds an unsent dictation: send or discard it first.")
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
