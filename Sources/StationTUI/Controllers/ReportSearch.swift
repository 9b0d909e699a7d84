import Localization
import StationCore

/// `/` in the report list: the search is typed in a field above the list, which follows as you type.
/// Enter keeps the search and goes to the list, Esc clears it, the arrows go to the list.
extension ReportListController {
    func beginSearch() {
        var field = TextEditorModel(text: searchQuery)
        field.moveToEnd()
        searchField = field
    }

    func handleSearchKey(_ key: Key) -> KeyOutcome {
        guard var field = searchField else { return .notHandled }
        switch key {
        case .enter:
            searchField = nil
            return .handled
        case .escape:
            searchField = nil
            searchQuery = ""
            reload()
            return .handled
        case .up, .down, .pageUp, .pageDown:
            searchField = nil
            return handle(key)
        default:
            guard field.applyLineKey(key) else { return .notHandled }
        }
        searchField = field
        if field.text != searchQuery {
            searchQuery = field.text
            selection = 0
            reload()
        }
        return .handled
    }

    var searchKeys: KeyHelpPage {
        KeyHelpPage(
            tr("Search"),
            [
                KeyBinding("Enter", tr("Keep"), tr("Keep the search and go to the list")),
                KeyBinding("Esc", tr("Clear"), tr("Clear the search")),
                KeyBinding("F1", tr("Help"), tr("Show the keys")),
            ])
    }
}
